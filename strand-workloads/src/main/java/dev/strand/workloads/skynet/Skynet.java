package dev.strand.workloads.skynet;

import dev.strand.Task;
import java.util.concurrent.RecursiveAction;

/**
 * The skynet benchmark: a 10-ary tree of tasks whose leaves return their index; every inner node
 * sums its children. With {@code 10^k} leaves the sum is {@code L(L-1)/2} and there are
 * {@code (10^(k+1) - 1) / 9} tasks. A node forks nine children, runs the tenth inline and joins the
 * others newest first.
 */
public final class Skynet {
    private Skynet() { }

    /** Children per node. */
    public static final int FANOUT = 10;

    /** @return the sum of leaf indexes, serially */
    public static long serial(long num, long size) {
        if (size == 1) {
            return num;
        }
        long sub = size / FANOUT;
        long s = 0;
        for (int i = 0; i < FANOUT; i++) {
            s += serial(num + i * sub, sub);
        }
        return s;
    }

    /** @return the sum, one Strand task per node (call inside a Strand pool) */
    public static long strand(long leaves) {
        StrandNode t = new StrandNode(0, leaves);
        t.invoke();
        return t.sum;
    }

    /** @return a ForkJoinPool task summing into its {@code sum} */
    public static FjpNode fjpTask(long leaves) {
        return new FjpNode(0, leaves);
    }

    /** @return the expected sum for {@code leaves} leaves */
    public static long expected(long leaves) {
        return leaves * (leaves - 1) / 2;
    }

    /** @return the number of tasks (nodes) of the tree */
    public static long tasks(long leaves) {
        long t = 0;
        for (long s = leaves; s >= 1; s /= FANOUT) {
            t += leaves / s;
        }
        return t;
    }

    static final class StrandNode extends Task<Void> {
        final long num;
        final long size;
        long sum;

        StrandNode(long num, long size) {
            this.num = num;
            this.size = size;
        }

        @Override
        protected Void compute() {
            if (size == 1) {
                sum = num;
                return null;
            }
            long sub = size / FANOUT;
            StrandNode[] ch = new StrandNode[FANOUT - 1];
            for (int i = 0; i < FANOUT - 1; i++) {
                ch[i] = new StrandNode(num + i * sub, sub);
                ch[i].fork();
            }
            StrandNode last = new StrandNode(num + (FANOUT - 1) * sub, sub);
            last.compute();
            long s = last.sum;
            for (int i = FANOUT - 2; i >= 0; i--) {
                ch[i].join();
                s += ch[i].sum;
            }
            sum = s;
            return null;
        }
    }

    /** ForkJoinPool version of {@link StrandNode}. */
    public static final class FjpNode extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        final long num;
        final long size;
        /** The sum, once the task has run. */
        public long sum;

        FjpNode(long num, long size) {
            this.num = num;
            this.size = size;
        }

        @Override
        protected void compute() {
            if (size == 1) {
                sum = num;
                return;
            }
            long sub = size / FANOUT;
            FjpNode[] ch = new FjpNode[FANOUT - 1];
            for (int i = 0; i < FANOUT - 1; i++) {
                ch[i] = new FjpNode(num + i * sub, sub);
                ch[i].fork();
            }
            FjpNode last = new FjpNode(num + (FANOUT - 1) * sub, sub);
            last.compute();
            long s = last.sum;
            for (int i = FANOUT - 2; i >= 0; i--) {
                ch[i].join();
                s += ch[i].sum;
            }
            sum = s;
        }
    }
}
