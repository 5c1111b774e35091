package dev.strand.cluster.demo;

import dev.strand.Strand;
import dev.strand.cluster.Recursion;
import java.io.Serial;
import java.io.Serializable;
import java.util.List;

/**
 * A divide-and-conquer example: the sum of SplitMix64's finalizer over a range of counters, split
 * in halves. Its cut makes the jobs; each job's own recursion forks with {@code Strand.join} on
 * its node's pool. The work of a range is its length.
 */
public final class RangeHash implements Recursion<RangeHash.Range, Long> {

    @Serial
    private static final long serialVersionUID = 1L;

    private static final long GRAIN = 1 << 15;

    /** A half-open range of counters. */
    public record Range(long lo, long hi) implements Serializable {
        /** Validates. */
        public Range {
            if (hi < lo) {
                throw new IllegalArgumentException("empty range: [" + lo + ", " + hi + ")");
            }
        }
    }

    @Override
    public List<Range> split(Range r) {
        if (r.hi() - r.lo() < 2) {
            return List.of();
        }
        long mid = (r.lo() + r.hi()) >>> 1;
        return List.of(new Range(r.lo(), mid), new Range(mid, r.hi()));
    }

    @Override
    public Long solve(Range r) {
        return sum(r.lo(), r.hi());
    }

    @Override
    public Long combine(Range r, List<Long> parts) {
        long s = 0;
        for (long p : parts) {
            s += p;
        }
        return s;
    }

    @Override
    public double work(Range r) {
        return Math.max(1, r.hi() - r.lo());
    }

    /** @return the sum over {@code [lo, hi)}, forked on the current pool */
    static long sum(long lo, long hi) {
        if (hi - lo <= GRAIN) {
            long s = 0;
            for (long k = lo; k < hi; k++) {
                s += mix(k);
            }
            return s;
        }
        long mid = (lo + hi) >>> 1;
        var r = Strand.join(() -> sum(lo, mid), () -> sum(mid, hi));
        return r.first() + r.second();
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
