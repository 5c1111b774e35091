package dev.strand.internal.profile;

import dev.strand.profile.Timeline;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies the workers' timeline buffers into the public {@link Timeline}, times relative to the
 * pool's start. Meant for a pool at rest: while workers run, a buffer may grow under the copy (the
 * bounds below keep that from failing; the copy is then partial).
 */
final class TimelineView {
    private TimelineView() { }

    static Timeline of(String pool, long origin, WorkerProfiler[] workers) {
        List<Timeline.Slice> slices = new ArrayList<>();
        List<Timeline.Steal> steals = new ArrayList<>();
        List<Timeline.Park> parks = new ArrayList<>();
        boolean truncated = false;
        for (int w = 0; w < workers.length; w++) {
            TimelineBuffer b = workers[w].timeline;
            int ns = Math.min(b.slices, Math.min(b.sliceEnd.length, b.sliceKind.length));
            for (int i = 0; i < ns; i++) {
                String kind = switch (b.sliceKind[i]) {
                    case TimelineBuffer.BRANCH -> "join branch";
                    case TimelineBuffer.ROOT -> "submitted task";
                    default -> "task";
                };
                slices.add(new Timeline.Slice(w, kind, b.sliceStart[i] - origin, b.sliceEnd[i] - origin));
            }
            int nt = Math.min(b.steals, Math.min(b.stealStartedAt.length, b.stealFrom.length));
            for (int i = 0; i < nt; i++) {
                steals.add(new Timeline.Steal(b.stealFrom[i], w, b.stealForkedAt[i] - origin,
                        b.stealStartedAt[i] - origin));
            }
            int np = Math.min(b.parks, b.parkEnd.length);
            for (int i = 0; i < np; i++) {
                parks.add(new Timeline.Park(w, b.parkStart[i] - origin, b.parkEnd[i] - origin));
            }
            truncated |= b.truncated;
        }
        return new Timeline(pool, workers.length, slices, steals, parks, truncated);
    }
}
