package dev.strand.profile;

import dev.strand.internal.profile.ProfileAccess;

/**
 * The profiler's access to {@link WorkSpan}'s package-private constructor (the JDK's
 * SharedSecrets pattern): {@code ProfileAccess.get} initializes this class by name, and its
 * initializer registers the one instance. {@code WorkSpan} itself names no engine class, so the
 * engine's use of it creates no cycle between the API and the engine.
 *
 * <p>Invariant: registered once, by this class's initializer, before any report is made.
 */
final class WorkSpans extends ProfileAccess {
    static {
        ProfileAccess.register(new WorkSpans());
    }

    private WorkSpans() { }

    @Override
    public WorkSpan workSpan(String name, long count, long workNanos, long spanNanos,
            long burdenedSpanNanos, long wallNanos, long subtractedNanos) {
        return new WorkSpan(name, count, workNanos, spanNanos, burdenedSpanNanos, wallNanos,
                subtractedNanos);
    }
}
