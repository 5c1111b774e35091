package dev.strand.internal.profile;

import dev.strand.profile.WorkSpan;

/**
 * The profiler's access to the package-private constructors of {@code dev.strand.profile}'s
 * read-only values (the JDK's SharedSecrets pattern, as {@code internal.worker.TaskAccess}):
 * {@code WorkSpans}' static initializer registers the one implementation. The values have no public
 * constructor so that later versions can add figures to them.
 *
 * <p>Invariant: registered once, before any call ({@link #get} initializes {@code WorkSpans} first).
 * Reports are built off the hot paths: the lookup costs nothing that matters.
 */
public abstract class ProfileAccess {
    /** Written once by {@code WorkSpans}' initializer. */
    private static volatile ProfileAccess instance;

    /** For the one implementation in {@code dev.strand.profile}. */
    protected ProfileAccess() { }

    /**
     * Registers the implementation; from {@code WorkSpans}' static initializer only.
     *
     * @throws IllegalStateException if one is registered already
     */
    public static void register(ProfileAccess access) {
        if (instance != null) {
            throw new IllegalStateException("profile access registered twice");
        }
        instance = access;
    }

    /** @return the registered implementation, after initializing {@code WorkSpans} (which registers it) */
    static ProfileAccess get() {
        try {
            Class.forName("dev.strand.profile.WorkSpans", true, ProfileAccess.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
        ProfileAccess a = instance;
        if (a == null) {
            throw new IllegalStateException("WorkSpans' initializer did not register the profile access");
        }
        return a;
    }

    /** A region's figures, as {@link WorkSpan}'s accessors name them. */
    public abstract WorkSpan workSpan(String name, long count, long workNanos, long spanNanos,
            long burdenedSpanNanos, long wallNanos, long subtractedNanos);
}
