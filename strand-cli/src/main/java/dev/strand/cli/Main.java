package dev.strand.cli;

import dev.strand.cli.out.BuildInfo;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code strand} command. Subcommands are separate classes listed in {@code subcommands}
 * below: adding one is writing the class and adding it to that list.
 *
 * <p>Exit codes: 0 success, 1 failure (an exception, or a demo check that did not hold),
 * 2 invalid arguments.
 */
@Command(name = "strand",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        synopsisSubcommandLabel = "COMMAND",
        description = {"Strand, a work-stealing fork-join runtime for the JVM: demos and tools.", ""},
        subcommands = {
                DemoCommand.class,
                dev.strand.cli.cluster.ClusterCommand.class,
                dev.strand.cli.bench.BenchCommand.class,
                dev.strand.cli.grain.GrainCommand.class,
                dev.strand.cli.profile.ProfileCommand.class,
                dev.strand.cli.sim.SimCommand.class,
                dev.strand.cli.soak.SoakCommand.class,
                dev.strand.cli.trace.TraceCommand.class,
                HelpCommand.class,
        },
        footer = {"", "Run 'strand COMMAND --help' for the options of a command.",
                "Exit status: 0 success, 1 failure, 2 invalid arguments."})
public final class Main implements Callable<Integer> {

    /** Exit status when a command fails (an exception, or a check that did not hold). */
    public static final int EXIT_FAILURE = 1;

    @Spec
    CommandSpec spec;

    /** Without a subcommand: the usage on standard error, and exit status 2. */
    @Override
    public Integer call() {
        throw Args.missingCommand(spec);
    }

    public static void main(String[] args) {
        PrintWriter out = writer(System.out, FileDescriptor.out);
        PrintWriter err = writer(System.err, FileDescriptor.err);
        int code = run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs the command line in-process (used by {@link #main} and the tests).
     *
     * @return the exit status
     */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }

    /**
     * @return the configured {@code strand} command line (error handling included); set its
     *     output streams after adding any further subcommand
     */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        standardOptions(cl);
        cl.setHelpFactory(new HelpText());
        Args.registerNumberConverters(cl);
        cl.setParameterExceptionHandler(Main::badArguments);
        cl.setExecutionExceptionHandler(Main::failed);
        cl.setExecutionStrategy(Main::execute);
        return cl;
    }

    /** {@code -h, --help} and {@code -V, --version} on every command, the version of the build. */
    private static void standardOptions(CommandLine cl) {
        CommandSpec s = cl.getCommandSpec();
        if (!s.mixinStandardHelpOptions() && s.findOption("-h") == null) {   // not 'help': it has -h
            s.mixinStandardHelpOptions(true);
        }
        s.versionProvider(new Version());
        cl.getSubcommands().values().forEach(Main::standardOptions);
    }

    /**
     * Help and version first (they need no valid values), then every option's {@link Range}, then
     * the command itself.
     */
    private static int execute(ParseResult parsed) {
        Integer helped = CommandLine.executeHelpRequest(parsed);
        if (helped != null) {
            return helped;
        }
        Args.checkRanges(parsed);
        return new CommandLine.RunLast().execute(parsed);
    }

    /** Invalid arguments: one line naming the problem and where help is, exit status 2. */
    private static int badArguments(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        String name = cl.getCommandSpec().qualifiedName();
        // picocli names a multi-value option with its label, "option '--jobs' (N)": one form for all
        String msg = oneLine(ex.getMessage()).replaceFirst("^(Invalid value for option '[^']+') \\([^)]*\\):", "$1:")
                .replaceFirst("^Unknown subcommand '([^']*)'\\.$", "Unknown command: '$1'");   // 'strand help x'
        if (ex instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String first = u.getUnmatched().get(0);
            if (!u.isUnknownOption()) {          // picocli says "Unmatched argument at index 0: 'x'"
                msg = (cl.getSubcommands().isEmpty() ? "Unexpected argument: '"
                        : "Unknown command: '") + first + "'";
            }
            List<String> suggestions = u.getSuggestions();
            if (!suggestions.isEmpty()) {
                msg += " (did you mean " + String.join(" or ", suggestions) + "?)";
            }
        }
        cl.getErr().println(name + ": " + msg + " (see '" + name + " --help')");
        cl.getErr().flush();
        return cl.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** A failure while running: one line, exit status 1; STRAND_DEBUG=1 adds the stack trace. */
    private static int failed(Exception ex, CommandLine cl, ParseResult parsed) {
        Throwable c = ex;
        while ((c instanceof CompletionException || c instanceof ExecutionException)
                && c.getCause() != null) {
            c = c.getCause();
        }
        String msg = c.getMessage() == null ? c.getClass().getName()
                : c.getClass().getSimpleName() + ": " + oneLine(c.getMessage());
        cl.getErr().println(cl.getCommandSpec().qualifiedName() + ": error: " + msg);
        if (System.getenv("STRAND_DEBUG") != null) {
            ex.printStackTrace(cl.getErr());
        }
        cl.getErr().flush();
        return EXIT_FAILURE;
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /**
     * A writer in the stream's charset that prints characters the charset cannot encode as
     * {@code ~} (so "span≈9" reads "span~9" on an ASCII terminal instead of "span?9").
     */
    private static PrintWriter writer(PrintStream stream, FileDescriptor fd) {
        CharsetEncoder enc = stream.charset().newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        if (enc.isLegalReplacement(new byte[] {'~'})) {
            enc.replaceWith(new byte[] {'~'});
        }
        return new PrintWriter(new OutputStreamWriter(new FileOutputStream(fd), enc), true);
    }

    /**
     * {@code strand --version}: the Strand version, the commit it was built from (with ", modified"
     * if the build's tracked files differed from it) and the JVM it runs on.
     */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {
                "strand " + BuildInfo.current().describe(),
                "Java " + System.getProperty("java.version") + " ("
                        + System.getProperty("java.vendor") + "), "
                        + System.getProperty("java.home"),
            };
        }
    }
}
