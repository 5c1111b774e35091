package dev.strand.profile;

import java.util.Optional;

/**
 * The recorded DAG of a profiled run, in the fully strict fork-join form a scheduler simulator
 * replays: each node is a frame's actions in order. {@link Kind#WORK} is serial work;
 * {@link Kind#SPAWN} starts a child frame in parallel with the rest of the body; {@link Kind#CALL}
 * runs a child frame in series (the first branch of {@code Strand.join}); {@link Kind#SYNC} waits
 * for every child spawned so far; {@link Kind#BLOB} is a sub-computation kept only as its work and
 * span (a light subtree, folded to bound the recording's size).
 *
 * <p>What replay loses: the shape inside a blob (its work and span are exact); the order of joins
 * (a join of one child is recorded as a sync of all the frame's children so far); and the link
 * from a task to a joiner in another frame (a future handed around).
 */
public interface DagRecording {
    /** The kind of an action. */
    enum Kind { WORK, BLOB, SPAWN, CALL, SYNC }

    /** A frame: its actions in order. */
    interface Node {
        /** @return the number of actions */
        int size();

        /** @return the kind of action {@code i} */
        Kind kind(int i);

        /** @return the work of a WORK or BLOB action, in nanoseconds (0 for the others) */
        long work(int i);

        /** @return the span of a WORK (its work) or BLOB action, in nanoseconds (0 for the others) */
        long span(int i);

        /** @return the frame a SPAWN or CALL starts (null for the others) */
        Node child(int i);
    }

    /** @return the root: it spawns each submitting thread's computations and syncs */
    Node root();

    /** @return frames with less work than this were folded into blobs, in nanoseconds */
    long grainNanos();

    /** @return whether some top-level runs (plain runnables beyond a cap) were left out */
    boolean truncated();

    /**
     * The part of this recording that region {@code name} submitted: a root that spawns, for each
     * thread that ran the region outside the pool, what it submitted inside the region (its
     * executions in series, as that thread ran them), then syncs. Replayed alone, it predicts the
     * region's time at other worker counts.
     *
     * <p>Empty for a name that is not a region of this recording, and for a region entered only
     * inside tasks (its marks are taken between the frames a recording keeps, so it is not a
     * subgraph of the recording).
     *
     * @param name a region's name, as given to {@code Profiler.region}
     * @return the region's recording, or empty
     */
    default Optional<DagRecording> region(String name) {
        return Optional.empty();
    }
}
