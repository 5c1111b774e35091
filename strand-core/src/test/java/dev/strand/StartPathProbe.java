package dev.strand;

/**
 * The program {@link StartPathTest} runs in a fresh JVM: a pool of two, one small fork-join task
 * (a {@link Task} subclass, then the same as a {@code Supplier}), its result printed. No string concatenation or lambda of its own before the result, so that every
 * class the log shows loaded by then is the library's doing.
 */
public final class StartPathProbe {
    private StartPathProbe() { }

    static final class Sum extends Task<Long> {
        final int from;
        final int to;

        Sum(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 16) {
                long s = 0;
                for (int i = from; i < to; i++) {
                    s += i;
                }
                return s;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(from, mid);
            left.fork();
            long right = new Sum(mid, to).compute();
            return left.join() + right;
        }
    }

    /** The same sum as a {@code Supplier} (a named class: a lambda would spin one). */
    static final class SumBody implements java.util.function.Supplier<Long> {
        @Override
        public Long get() {
            return new Sum(0, 1000).compute();
        }
    }

    /**
     * @param args none
     */
    public static void main(String[] args) {
        long result;
        try (StrandPool pool = new StrandPool(2)) {
            result = pool.invoke(new Sum(0, 1000));
            long viaSupplier = pool.invoke(new SumBody());
            System.out.println(viaSupplier == result ? result : -1);
        }
    }
}
