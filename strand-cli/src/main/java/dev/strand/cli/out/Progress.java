package dev.strand.cli.out;

import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard error for long runs (progressbar). Disabled (every call a no-op)
 * when asked, for {@code --json}, or when the environment sets {@code STRAND_NO_PROGRESS}, so
 * that machine-readable output and tests stay clean.
 *
 * <pre>{@code
 * try (Progress p = Progress.start("sweep", steps, enabled)) {
 *     for (...) { ...; p.step(); }
 * }
 * }</pre>
 */
public final class Progress implements AutoCloseable {
    private final ProgressBar bar;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    /**
     * @param task    what is running, shown before the bar
     * @param steps   the number of steps to 100%
     * @param enabled false for a silent no-op bar
     */
    public static Progress start(String task, long steps, boolean enabled) {
        if (!enabled || System.getenv("STRAND_NO_PROGRESS") != null) {
            return new Progress(null);
        }
        ProgressBar b = new ProgressBarBuilder().setTaskName(task).setInitialMax(steps)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250)
                .setConsumer(new ConsoleProgressBarConsumer(new PrintStream(System.err, true)))
                .continuousUpdate().build();
        return new Progress(b);
    }

    /** Advances by one step. */
    public void step() {
        if (bar != null) {
            bar.step();
        }
    }

    /** Shows {@code text} after the bar (for example the current configuration). */
    public void note(String text) {
        if (bar != null) {
            bar.setExtraMessage(text);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
