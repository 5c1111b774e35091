package dev.strand.cli.out;

import java.io.Console;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard error for long runs (progressbar), shown only where someone watches
 * it: when standard error is a terminal. Every call is a no-op when it is not (redirected to a
 * file or a pipe, as in scripts, CI and tests), when asked ({@code --no-progress}, or
 * {@code --json}), or when the environment sets {@code STRAND_NO_PROGRESS}; so logs and
 * machine-readable output stay free of the bar's redraws.
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
     * @param enabled false for a silent no-op bar (also silent when standard error is not a
     *                terminal, or {@code STRAND_NO_PROGRESS} is set)
     */
    public static Progress start(String task, long steps, boolean enabled) {
        boolean show = enabled && System.getenv("STRAND_NO_PROGRESS") == null && stderrIsTerminal();
        return start(task, steps, show, System.err);
    }

    /** @param show false for a silent no-op bar; true draws it on {@code to}, terminal or not */
    static Progress start(String task, long steps, boolean show, PrintStream to) {
        if (!show) {
            return new Progress(null);
        }
        ProgressBar b = new ProgressBarBuilder().setTaskName(task).setInitialMax(steps)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250)
                .setConsumer(new ConsoleProgressBarConsumer(new PrintStream(to, true)))
                .continuousUpdate().build();
        return new Progress(b);
    }

    /** @return whether a bar is drawn (false: every call is a no-op) */
    public boolean shown() {
        return bar != null;
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

    // ------------------------------------------------------------------ is stderr a terminal?

    /**
     * @return whether standard error is a terminal. On Linux, from the device file descriptor 2
     *     is open on ({@code /proc/self/fd/2}); elsewhere from {@link System#console()}, which
     *     exists only when standard input and output are a terminal (and, on Java 22 and later,
     *     says whether it is one: {@code Console.isTerminal()})
     */
    static boolean stderrIsTerminal() {
        Optional<Boolean> linux = fdIsTerminal(Path.of("/proc/self/fd/2"));
        return linux.orElseGet(Progress::consoleIsTerminal);
    }

    /** @return whether the symbolic link {@code fd} (a /proc/PID/fd entry) names a terminal; empty if unreadable */
    static Optional<Boolean> fdIsTerminal(Path fd) {
        try {
            return Optional.of(isTerminalDevice(Files.readSymbolicLink(fd).toString()));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }

    /**
     * @param target what a descriptor is open on, as /proc shows it: "/dev/pts/3", "pipe:[123]",
     *               "/tmp/log", "/dev/null", ...
     * @return whether that is a terminal device (a pseudo-terminal, a virtual or serial console)
     */
    static boolean isTerminalDevice(String target) {
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty")
                || target.equals("/dev/console");
    }

    @SuppressWarnings("SystemConsoleNull") // handled: Java 22+ asks Console.isTerminal() below
    private static boolean consoleIsTerminal() {
        Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");      // Java 22+
            return (Boolean) isTerminal.invoke(c);
        } catch (NoSuchMethodException e) {
            return true;                       // Java 21: a console exists only on a terminal
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
