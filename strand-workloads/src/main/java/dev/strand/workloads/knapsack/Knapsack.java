package dev.strand.workloads.knapsack;

import dev.strand.Joined;
import dev.strand.Strand;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The 0/1 knapsack by branch and bound of the Cilk-5 examples ({@code knapsack.cilk}), also in the
 * Barcelona OpenMP Tasks Suite (BOTS, {@code knapsack}, its version without a cutoff): the items
 * sorted by value per unit of weight, best first, and at every item two branches, without the item
 * and with it, <b>each a task</b> (Cilk-5 spawns both, BOTS makes both OpenMP tasks): the grain is
 * one item decision, a few nanoseconds, and the search forks at every one.
 *
 * <p>A branch is pruned when its bound, the value so far plus the remaining capacity filled at the
 * current item's ratio (the best left, the items being sorted), is below the best value found so
 * far by any branch. That best value is shared by all tasks and raised as branches complete, so
 * how much is pruned, and hence the work of a run, depends on the schedule: a branch that finds a
 * good solution early prunes more elsewhere. The result, the optimum, does not: every version
 * returns the same value, checked against a dynamic-programming solution of the same instance.
 * The original updates the shared bound with a racy plain write (correct there, since any value
 * written is that of a feasible solution); here it is an {@link AtomicInteger} raised to the
 * maximum, as a Java port would.
 *
 * <p>The versions explore "without" first, in the caller, and offer "with" to thieves, the order
 * of the original's two spawns.
 */
public final class Knapsack {
    private Knapsack() { }

    /** Most items supported (the original's MAX_ITEMS is 256). */
    public static final int MAX_ITEMS = 256;

    /** An instance: items sorted by decreasing value per unit of weight, and the capacity. */
    public static final class Instance {
        final int[] values;
        final int[] weights;
        final int capacity;

        /**
         * @param values   the items' values, {@code >= 0}
         * @param weights  their weights, {@code >= 1}
         * @param capacity the knapsack's capacity, {@code >= 0}
         */
        public Instance(int[] values, int[] weights, int capacity) {
            if (values.length != weights.length || values.length > MAX_ITEMS) {
                throw new IllegalArgumentException("values and weights must have the same length, at most "
                        + MAX_ITEMS);
            }
            Integer[] order = new Integer[values.length];
            for (int i = 0; i < order.length; i++) {
                if (weights[i] < 1 || values[i] < 0) {
                    throw new IllegalArgumentException("item " + i + ": weight must be >= 1 and value >= 0");
                }
                order[i] = i;
            }
            // decreasing value/weight: a before b when v[a] * w[b] > v[b] * w[a]; ties in input order
            Arrays.sort(order, (a, b) -> {
                int byRatio = Long.compare((long) values[b] * weights[a], (long) values[a] * weights[b]);
                return byRatio != 0 ? byRatio : Integer.compare(a, b);
            });
            this.values = new int[values.length];
            this.weights = new int[values.length];
            for (int i = 0; i < order.length; i++) {
                this.values[i] = values[order[i]];
                this.weights[i] = weights[order[i]];
            }
            this.capacity = capacity;
        }

        /** @return the number of items */
        public int items() {
            return values.length;
        }

        /** @return the capacity */
        public int capacity() {
            return capacity;
        }
    }

    /**
     * A random instance shaped like the inputs BOTS ships ({@code knapsack-032.input} and the
     * others): weights uniform in 9..48, values about half the weight (ratios 0.38..0.56), and a
     * capacity of 85 % of the total weight. Items of nearly equal ratio make the bound weak, so
     * the search is long for its size.
     *
     * @param n    items
     * @param instance which instance: the start value of the random generator
     * @return the instance
     */
    public static Instance random(int n, long instance) {
        SplittableRandom r = new SplittableRandom(instance);
        int[] v = new int[n];
        int[] w = new int[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            w[i] = r.nextInt(9, 49);
            v[i] = Math.max(1, w[i] / 2 + r.nextInt(-3, 3));
            total += w[i];
        }
        return new Instance(v, w, (int) (total * 85 / 100));
    }

    /**
     * @return the optimum by dynamic programming over the capacity, O(items x capacity): the
     *     reference the search's result is checked against
     */
    public static int optimum(Instance in) {
        int[] best = new int[in.capacity + 1];
        for (int i = 0; i < in.items(); i++) {
            int w = in.weights[i];
            int v = in.values[i];
            for (int c = in.capacity; c >= w; c--) {
                best[c] = Math.max(best[c], best[c - w] + v);
            }
        }
        return best[in.capacity];
    }

    /** One search: the instance and the best value found so far, shared by all its branches. */
    static final class Search {
        final int[] values;
        final int[] weights;
        final int n;
        final AtomicInteger best = new AtomicInteger(Integer.MIN_VALUE);

        Search(Instance in) {
            this.values = in.values;
            this.weights = in.weights;
            this.n = in.items();
        }

        /**
         * @return whether the branch at item {@code i} with capacity {@code c} left and value
         *     {@code v} so far cannot beat the best found: its bound, {@code v} plus {@code c} at
         *     item i's ratio (the original's integer division), is below it
         */
        boolean prune(int i, int c, int v) {
            int bound = v + c * values[i] / weights[i];
            return bound < best.get();
        }

        /** Raises the shared best to {@code b} if that is higher. */
        void offer(int b) {
            if (b > best.get()) {
                best.accumulateAndGet(b, Math::max);
            }
        }
    }

    /** @return the optimum of {@code in} by the search, serially */
    public static int serial(Instance in) {
        return serial(new Search(in), 0, in.capacity, 0);
    }

    /** @return the optimum by the search on a Strand pool (call inside the pool) */
    public static int strand(Instance in) {
        return strand(new Search(in), 0, in.capacity, 0);
    }

    /** @return a ForkJoinPool task whose result is the optimum */
    public static RecursiveTask<Integer> fjpTask(Instance in) {
        return new FjpSearch(new Search(in), 0, in.capacity, 0);
    }

    /**
     * The best value reachable from item {@code i} with capacity {@code c} and value {@code v} so
     * far; {@code MIN_VALUE} for an overfull knapsack or a pruned branch.
     */
    static int serial(Search s, int i, int c, int v) {
        if (c < 0) {
            return Integer.MIN_VALUE;
        }
        if (i == s.n || c == 0) {
            return v;                               // a feasible solution, of value v
        }
        if (s.prune(i, c, v)) {
            return Integer.MIN_VALUE;
        }
        int without = serial(s, i + 1, c, v);
        int with = serial(s, i + 1, c - s.weights[i], v + s.values[i]);
        int best = Math.max(with, without);
        s.offer(best);
        return best;
    }

    /** {@link #serial(Search, int, int, int)} with both branches as {@code Strand.join}. */
    static int strand(Search s, int i, int c, int v) {
        if (c < 0) {
            return Integer.MIN_VALUE;
        }
        if (i == s.n || c == 0) {
            return v;
        }
        if (s.prune(i, c, v)) {
            return Integer.MIN_VALUE;
        }
        int w = s.weights[i];
        int val = s.values[i];
        Joined<Integer, Integer> r = Strand.join(() -> strand(s, i + 1, c, v),
                () -> strand(s, i + 1, c - w, v + val));
        int best = Math.max(r.second(), r.first());           // with, without
        s.offer(best);
        return best;
    }

    /** @return the optimum by the polled search on a Strand pool (call inside the pool) */
    public static int strandPolled(Instance in) {
        return strandPolled(new Search(in), 0, in.capacity, 0);
    }

    /**
     * {@link #serial(Search, int, int, int)} recursing plainly while {@link Strand#wantsSplit} says
     * a split would feed nobody, with both branches as {@code Strand.join} where it would.
     */
    static int strandPolled(Search s, int i, int c, int v) {
        if (c < 0) {
            return Integer.MIN_VALUE;
        }
        if (i == s.n || c == 0) {
            return v;
        }
        if (s.prune(i, c, v)) {
            return Integer.MIN_VALUE;
        }
        int w = s.weights[i];
        int val = s.values[i];
        int without;
        int with;
        if (Strand.wantsSplit()) {
            Joined<Integer, Integer> r = Strand.join(() -> strandPolled(s, i + 1, c, v),
                    () -> strandPolled(s, i + 1, c - w, v + val));
            without = r.first();
            with = r.second();
        } else {
            without = strandPolled(s, i + 1, c, v);
            with = strandPolled(s, i + 1, c - w, v + val);
        }
        int best = Math.max(with, without);
        s.offer(best);
        return best;
    }

    /** The ForkJoinPool version: "with" forked, "without" computed in place, then "with" joined. */
    static final class FjpSearch extends RecursiveTask<Integer> {
        private static final long serialVersionUID = 1L;
        final transient Search s;
        final int i;
        final int c;
        final int v;

        FjpSearch(Search s, int i, int c, int v) {
            this.s = s;
            this.i = i;
            this.c = c;
            this.v = v;
        }

        @Override
        protected Integer compute() {
            if (c < 0) {
                return Integer.MIN_VALUE;
            }
            if (i == s.n || c == 0) {
                return v;
            }
            if (s.prune(i, c, v)) {
                return Integer.MIN_VALUE;
            }
            FjpSearch with = new FjpSearch(s, i + 1, c - s.weights[i], v + s.values[i]);
            with.fork();
            int without = new FjpSearch(s, i + 1, c, v).compute();
            int best = Math.max(with.join(), without);
            s.offer(best);
            return best;
        }
    }
}
