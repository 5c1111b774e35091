package dev.strand.cluster.ignite;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import org.apache.ignite.IgniteLogger;

/**
 * Ignite's log to {@link System.Logger} (so to java.util.logging unless the application routes
 * it elsewhere). Ignite's info messages (start banners, topology snapshots) go out at DEBUG, so a
 * default setup shows its warnings and errors only.
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
        log.log(Level.WARNING, msg, e);
    }

    @Override
    public void error(String msg, Throwable e) {
        log.log(Level.ERROR, msg, e);
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
