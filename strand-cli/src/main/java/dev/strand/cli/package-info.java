/**
 * The {@code strand} command line: {@link dev.strand.cli.Main} and one class per command, on
 * picocli.
 *
 * <h2>One voice</h2>
 * The commands share their conventions, and the shared pieces keep them shared:
 * <ul>
 *   <li><b>Arguments.</b> A bad value is exit status 2 and one line,
 *       {@code strand CMD: MESSAGE (see 'strand CMD --help')}, printed by {@code Main}'s parameter
 *       exception handler. A numeric option states its range with {@link dev.strand.cli.Range};
 *       {@link dev.strand.cli.Args#checkRanges} checks every command's ranges (mixins included)
 *       after parsing and before the command runs, so that no command does work, or takes a
 *       shortcut such as {@code bench --list}, with a value out of range. The number converters
 *       ({@code Args}) and {@link dev.strand.cli.Args#invalid} give the same wording everywhere.
 *       They parse with {@code Long} and {@code Double}: {@code BigDecimal} would initialize
 *       {@code ForkJoinPool} and fix the common pool's parallelism before {@code bench} sets it.</li>
 *   <li><b>Vocabulary.</b> {@code -p, --parallelism} is one mixin ({@link dev.strand.cli.ParallelismOption});
 *       the pool settings another ({@link dev.strand.cli.PoolOptions}); {@code --set
 *       KERNEL.PARAM=VALUE} one parser ({@link dev.strand.cli.bench.KernelSets}). {@code --size}
 *       is the kernels' preset, {@code --out DIR} the folder of every file a command writes,
 *       {@code --no-charts} leaves the PNGs out, {@code --json} replaces the text with one JSON
 *       object, and {@code Main} gives every command {@code -h} and {@code -V}.</li>
 *   <li><b>Help.</b> {@code HelpText} wraps at spaces only; picocli's
 *       {@link java.text.BreakIterator} breaks after periods and colons, inside file names and
 *       ranges. Text sections are written in lines of at most 80 columns.</li>
 * </ul>
 * {@code OneVoiceCliTest} reads the commands and their ranged options from this model and runs
 * each with the same bad values, so that a command or an option added later is held to the same.
 */
package dev.strand.cli;
