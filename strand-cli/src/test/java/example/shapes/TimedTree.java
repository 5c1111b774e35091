package example.shapes;

import dev.strand.Joined;
import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.profile.ProfileReport;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.LongAccumulator;

/**
 * Checks the profiler's span from outside: the balanced tree of {@link Shapes}, whose leaves time
 * themselves. All of the tree's computation is in its leaves, so its slowest path is its slowest
 * leaf plus the forks and joins above it; the profiler's span must come out close to that. Each
 * run builds a fresh profiling pool of 2 and prints the span it reports beside the slowest leaf.
 * Arguments: measured runs (default 7), warm-up runs (default 5), tree depth (default 6).
 */
public final class TimedTree {
    private TimedTree() { }

    static long tree(int depth, LongAccumulator slowest) {
        if (depth == 0) {
            long t0 = System.nanoTime();
            long v = Shapes.leaf(2);
            slowest.accumulate(System.nanoTime() - t0);
            return v;
        }
        Joined<Long, Long> r = Strand.join(() -> tree(depth - 1, slowest), () -> tree(depth - 1, slowest));
        return r.first() ^ r.second();
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int depth = args.length > 2 ? Integer.parseInt(args[2]) : 6;
        double[] ratio = new double[runs];
        for (int i = -warmup; i < runs; i++) {
            LongAccumulator slowest = new LongAccumulator(Math::max, 0);
            ProfileReport rep;
            try (StrandPool pool = StrandPool.builder().name("tree").parallelism(2).profile(true).build()) {
                pool.invoke(() -> tree(depth, slowest));
                rep = pool.profile();
            }
            double span = rep.total().spanNanos() / 1e6;
            double leaf = slowest.get() / 1e6;
            if (i >= 0) {
                ratio[i] = span / leaf;
                System.out.printf(Locale.ROOT, "run %d: span %.3f ms, slowest leaf %.3f ms, span / slowest = %.3f%n",
                        i + 1, span, leaf, ratio[i]);
            }
        }
        double[] sorted = ratio.clone();
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "median span / slowest leaf = %.3f (%.3f..%.3f) over %d runs%n",
                sorted[(runs - 1) / 2], sorted[0], sorted[runs - 1], runs);
    }
}
