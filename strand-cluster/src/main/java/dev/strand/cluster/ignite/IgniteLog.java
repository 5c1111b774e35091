package dev.strand.cluster.ignite;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import org.apache.ignite.IgniteLogger;

/**
 * Ignite's log to {@link System.Logger} (so to java.util.logging unless the application routes
 * it elsewhere), under {@code org.apache.ignite.<class>}, one level down from Ignite's: its info
 * messages (start banners, topology snapshots) at DEBUG, its warnings at INFO, its errors at
 * WARNING, each as one line (the message and the exception's own); the stack trace goes with a
 * second record at DEBUG. Ignite reports at error level what is routine for a cluster: a node that
 * was killed fails every connection to it, and each failure is an error with a stack trace. What
 * matters to the user (the batch failed, a job failed over, a node left) Strand reports itself, as
 * a {@code ClusterException} or in the batch's statistics; the log is for diagnosing Ignite.
 */
final class IgniteLog implements IgniteLogger {

    private final Logger log;

    IgniteLog(String name) {
        this.log = System.getLogger(name);
    }

    @Override
    public IgniteLogger getLogger(Object category) {
        String name = category instanceof Class<?> c ? c.getName() : String.valueOf(category);
        return new IgniteLog("org.apache.ignite." + name.substring(name.lastIndexOf('.') + 1));
    }

    @Override
    public void trace(String msg) {
        log.log(Level.TRACE, msg);
    }

    @Override
    public void debug(String msg) {
        log.log(Level.TRACE, msg);
    }

    @Override
    public void info(String msg) {
        log.log(Level.DEBUG, msg);
    }

    @Override
    public void warning(String msg, Throwable e) {
        oneLine(Level.INFO, msg, e);
    }

    @Override
    public void error(String msg, Throwable e) {
        oneLine(Level.WARNING, msg, e);
    }

    private void oneLine(Level level, String msg, Throwable e) {
        if (!log.isLoggable(level)) {
            return;
        }
        log.log(level, e == null ? msg : msg + " (" + e + ")");
        if (e != null && log.isLoggable(Level.DEBUG)) {
            log.log(Level.DEBUG, "the stack trace of: " + msg, e);
        }
    }

    @Override
    public boolean isTraceEnabled() {
        return log.isLoggable(Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return log.isLoggable(Level.TRACE);
    }

    @Override
    public boolean isInfoEnabled() {
        return log.isLoggable(Level.DEBUG);
    }

    /** Not quiet: in quiet mode Ignite prints its summaries to standard output itself. */
    @Override
    public boolean isQuiet() {
        return false;
    }

    @Override
    public String fileName() {
        return null;
    }
}
