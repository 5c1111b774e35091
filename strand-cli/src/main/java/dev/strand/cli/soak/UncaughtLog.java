package dev.strand.cli.soak;

import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The uncaught-exception handler of every soak pool: a planned {@link Run.Boom} (thrown by an
 * {@code execute}d Runnable) is recorded for the workload that waits for it; anything else is a
 * failure of the run, since the soak's tasks throw nothing else.
 */
final class UncaughtLog implements Thread.UncaughtExceptionHandler {
    private final Set<Long> tokens = ConcurrentHashMap.newKeySet();
    final Queue<String> unexpected = new ConcurrentLinkedQueue<>();

    @Override
    public void uncaughtException(Thread t, Throwable e) {
        if (e instanceof Run.Boom b) {
            tokens.add(b.token);
        } else {
            java.io.StringWriter s = new java.io.StringWriter();
            e.printStackTrace(new java.io.PrintWriter(s));
            unexpected.add("uncaught exception in " + t.getName() + ": " + s);
        }
    }

    /** @return whether the planned failure {@code token} arrived (and forgets it) */
    boolean take(long token) {
        return tokens.remove(token);
    }
}
