package dev.strand.workloads;

import dev.strand.Joined;
import dev.strand.Strand;
import java.util.concurrent.ForkJoinTask;
import java.util.function.DoubleSupplier;

/**
 * Binary fork-join for the divide-and-conquer kernels (sort, matrix multiply, quadrature), so that
 * the serial, Strand and ForkJoinPool versions run literally the same code: {@code b} is offered
 * for stealing, {@code a} runs in the caller, then {@code b} is joined (inline if nobody stole it).
 * The serial forker runs {@code a} then {@code b}.
 */
public interface Forker {

    /** Runs {@code a} and {@code b}, possibly in parallel; returns when both are done. */
    void both(Runnable a, Runnable b);

    /** @return {@code a() + b()}, the two possibly computed in parallel (always added in that order) */
    double sum(DoubleSupplier a, DoubleSupplier b);

    /** Sequential: a, then b. */
    Forker SERIAL = new Forker() {
        @Override
        public void both(Runnable a, Runnable b) {
            a.run();
            b.run();
        }

        @Override
        public double sum(DoubleSupplier a, DoubleSupplier b) {
            double x = a.getAsDouble();
            return x + b.getAsDouble();
        }
    };

    /**
     * Strand: {@code Strand.join(a, b)}, Strand's own idiom (b offered in a reused join frame, a
     * run by the caller, b joined inline if nobody stole it). Call inside a Strand pool.
     */
    Forker STRAND = new Forker() {
        @Override
        public void both(Runnable a, Runnable b) {
            Strand.join(a, b);
        }

        @Override
        public double sum(DoubleSupplier a, DoubleSupplier b) {
            Joined<Double, Double> r = Strand.join(a::getAsDouble, b::getAsDouble);
            return r.first() + r.second();
        }
    };

    /** ForkJoinPool: {@code ForkJoinTask.adapt(b).fork()}, run a, join b. Call inside the pool. */
    Forker FJP = new Forker() {
        @Override
        public void both(Runnable a, Runnable b) {
            ForkJoinTask<?> tb = ForkJoinTask.adapt(b).fork();
            a.run();
            tb.join();
        }

        @Override
        public double sum(DoubleSupplier a, DoubleSupplier b) {
            ForkJoinTask<Double> tb = ForkJoinTask.adapt(b::getAsDouble).fork();
            double x = a.getAsDouble();
            return x + tb.join();
        }
    };

    /**
     * Runs {@code body} with the forker of {@code v}, inside the matching pool.
     *
     * @param v     SERIAL, STRAND or FJP
     * @param pools the pools
     * @param body  the computation
     */
    static void run(Variant v, Pools pools, java.util.function.Consumer<Forker> body) {
        switch (v) {
            case SERIAL -> body.accept(SERIAL);
            case STRAND -> pools.strand().invoke(() -> {
                body.accept(STRAND);
                return null;
            });
            case FJP -> pools.fjp().invoke(ForkJoinTask.adapt(() -> body.accept(FJP)));
            default -> throw new IllegalArgumentException("no forker for variant " + v.label());
        }
    }

    /** Like {@link #run} for a computation with a double result. */
    static double compute(Variant v, Pools pools, java.util.function.ToDoubleFunction<Forker> body) {
        double[] out = new double[1];
        run(v, pools, f -> out[0] = body.applyAsDouble(f));
        return out[0];
    }
}
