package dev.strand.bench;

import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.workloads.Stats;
import dev.strand.workloads.uts.Sha1Rng;
import dev.strand.workloads.uts.Uts;
import dev.strand.workloads.uts.UtsParams;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongSupplier;

/**
 * Where UTS's work inflation comes from: the same tree counted by code that adds one cost at a
 * time to the serial recursion, at P=1, in one JVM, in rounds whose order rotates (as
 * {@code ./strand bench} does). Each form's time over the serial time of the same round, median
 * over rounds, is the inflation that caps the speedup at P workers (speedup = cores busy ÷
 * inflation). JMH's separate trials were too noisy for differences of 2 %.
 *
 * <ul>
 *   <li>{@code serial}: {@link Uts#serial}, a recursion over {@link Sha1Rng.Node}s (on a large
 *       stack for a deep tree, see {@link Uts#deep}; so is {@code structure});</li>
 *   <li>{@code structure}: the kernels' shape without a runtime: an object per forked child,
 *       holding its parent and index, in a list the node runs inline;</li>
 *   <li>{@code task}: a {@link Task} per node, each child run with {@code invoke()} (allocation
 *       and the completion CAS; no deque);</li>
 *   <li>{@code strand}: the suite's kernel, {@link Uts#strand} (fork and join through the deque);</li>
 *   <li>{@code strand-split}: the same in a pool with split deques;</li>
 *   <li>{@code fjp}: the suite's ForkJoinPool kernel.</li>
 * </ul>
 *
 * <p>Usage: {@code strand-bench/run --uts-overhead [--tree T3|T1|...] [--rounds R] [--warmup W]}.
 */
public final class UtsOverhead {
    private UtsOverhead() { }

    private record Form(String name, LongSupplier count) { }

    /**
     * @param args {@code --tree NAME} (default T3), {@code --rounds R} (7), {@code --warmup W} (2)
     */
    public static void main(String[] args) {
        try {
            measure(args);
        } catch (IllegalArgumentException e) {
            System.err.println("UtsOverhead: " + e.getMessage());
            System.exit(2);
        }
    }

    private static void measure(String[] args) {
        String tree = "T3";
        int rounds = 7;
        int warmup = 2;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--tree" -> tree = value(args, ++i);
                case "--rounds" -> rounds = positive(value(args, ++i), "--rounds");
                case "--warmup" -> warmup = Math.max(0, positive(value(args, ++i), "--warmup"));
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (expected --tree, --rounds, --warmup)");
            }
        }
        UtsParams t = UtsParams.parse(tree);
        try (StrandPool strand = new StrandPool(1);
             StrandPool split = new StrandPool(StrandPool.builder().parallelism(1).experimental(x -> x.splitDeques(true)).config());
             ForkJoinPool fjp = new ForkJoinPool(1)) {
            List<Form> forms = List.of(
                    new Form("serial", () -> Uts.serial(t)),
                    new Form("structure", () -> Uts.deep(t, () -> Inline.explore(t, Sha1Rng.root(t.seed())))),
                    new Form("task", () -> strand.invoke(() -> Invoked.explore(t, Sha1Rng.root(t.seed())))),
                    new Form("strand", () -> strand.invoke(() -> Uts.strand(t))),
                    new Form("strand-split", () -> split.invoke(() -> Uts.strand(t))),
                    new Form("fjp", () -> {
                        Uts.FjpNode root = Uts.fjpTask(t);
                        fjp.invoke(root);
                        return root.count;
                    }));
            run(tree, t, forms, rounds, warmup);
        }
    }

    private static void run(String tree, UtsParams t, List<Form> forms, int rounds, int warmup) {
        long want = t.publishedNodes() >= 0 ? t.publishedNodes() : Uts.serial(t);
        int n = forms.size();
        long[][] nanos = new long[n][rounds];
        for (int r = 0; r < warmup + rounds; r++) {
            for (int j = 0; j < n; j++) {
                int f = (j + r) % n;
                System.gc();
                long t0 = System.nanoTime();
                long count = forms.get(f).count().getAsLong();
                long dt = System.nanoTime() - t0;
                if (count != want) {
                    throw new IllegalStateException(forms.get(f).name() + " counted " + count
                            + " nodes of " + tree + ", expected " + want);
                }
                if (r >= warmup) {
                    nanos[f][r - warmup] = dt;
                }
            }
        }
        System.out.printf(Locale.ROOT, "UTS %s (%d nodes), P=1, %d rounds after %d warm-up, order rotated%n",
                tree, want, rounds, warmup);
        System.out.printf(Locale.ROOT, "%-13s %12s %12s%n", "form", "median ms", "time/serial");
        for (int f = 0; f < n; f++) {
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratio[r] = (double) nanos[f][r] / nanos[0][r];
            }
            System.out.printf(Locale.ROOT, "%-13s %12.1f %12.3f%n", forms.get(f).name(),
                    Stats.median(nanos[f]) / 1e6, Stats.median(ratio));
        }
    }


    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static int positive(String s, String option) {
        try {
            int v = Integer.parseInt(s);
            if (v < 0 || (v == 0 && option.equals("--rounds"))) {
                throw new IllegalArgumentException(option + " must be " + (option.equals("--rounds")
                        ? ">= 1" : ">= 0") + ", got " + s);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, got '" + s + "'", e);
        }
    }

    /** The kernels' node without a runtime: the same list of children, each run inline. */
    static final class Inline {
        final UtsParams t;
        final Sha1Rng.Node parent;
        final int index;
        final Inline next;
        long count;

        Inline(UtsParams t, Sha1Rng.Node parent, int index, Inline next) {
            this.t = t;
            this.parent = parent;
            this.index = index;
            this.next = next;
        }

        void run() {
            count = explore(t, parent.child(index));
        }

        static long explore(UtsParams t, Sha1Rng.Node n) {
            int k = t.numChildren(n);
            long c = 1;
            if (k > 0) {
                Inline pending = null;
                for (int i = 0; i < k - 1; i++) {
                    pending = new Inline(t, n, i, pending);
                }
                c += explore(t, n.child(k - 1));
                for (Inline ch = pending; ch != null; ch = ch.next) {
                    ch.run();
                    c += ch.count;
                }
            }
            return c;
        }
    }

    /** The kernels' node as a Task, each child run with {@code invoke()}: no deque. */
    static final class Invoked extends Task<Void> {
        final UtsParams t;
        final Sha1Rng.Node parent;
        final int index;
        final Invoked next;
        long count;

        Invoked(UtsParams t, Sha1Rng.Node parent, int index, Invoked next) {
            this.t = t;
            this.parent = parent;
            this.index = index;
            this.next = next;
        }

        @Override
        protected Void compute() {
            count = explore(t, parent.child(index));
            return null;
        }

        static long explore(UtsParams t, Sha1Rng.Node n) {
            int k = t.numChildren(n);
            long c = 1;
            if (k > 0) {
                Invoked pending = null;
                for (int i = 0; i < k - 1; i++) {
                    pending = new Invoked(t, n, i, pending);
                }
                c += explore(t, n.child(k - 1));
                for (Invoked ch = pending; ch != null; ch = ch.next) {
                    ch.invoke();
                    c += ch.count;
                }
            }
            return c;
        }
    }
}
