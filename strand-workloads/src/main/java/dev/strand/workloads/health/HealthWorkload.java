package dev.strand.workloads.health;

import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;

/**
 * BOTS Health (a task per child village per time step, no cutoff) on one of BOTS's inputs, checked
 * against the totals BOTS publishes for it.
 *
 * <p>The village tree is built once, at set-up, and put back in its initial state before every
 * run (untimed), in the same objects, so that every variant walks the same memory (a tree built
 * afresh per run also lands somewhere else each time, and only the parallel runs, which allocate
 * tasks, set off young collections that move it).
 *
 * <p>Read the speed-up over the serial code with care: it is not only a scheduling figure. The
 * serial code, in the original's order, simulates the child villages in list order, which is the
 * reverse of the order they were built, hence allocated, in; a pool runs a village's forked
 * children newest first, in allocation order. Where the patients do not fit in the caches that
 * order alone pays: on the 2-core reference machine, the serial code with the children taken in
 * the pool's order ran the {@code small} input 1.5-3x faster, in one JVM, runs interleaved.
 * Strand and ForkJoinPool run the same order: compare those two.
 */
public final class HealthWorkload extends Workload {
    final Health.Input input;
    Health.World world;

    HealthWorkload(Health.Input input) {
        this.input = input;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("health", "BOTS Health: a tree of villages, a task per village per time step, "
                + "no cutoff; checked against BOTS's published totals",
                List.of(new Kernel.Param("input", "BOTS input: test, small, medium or large", "test", "small",
                        "medium")),
                p -> new HealthWorkload(Health.input(p.get("input"))));
    }

    @Override
    public String name() {
        return "health";
    }

    @Override
    public String params() {
        return "input=" + input.name() + " (" + input.villages() + " villages, " + input.time() + " steps)";
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public void setUp(Pools pools) {
        super.setUp(pools);
        world = new Health.World(input);
    }

    @Override
    public void prepare(Variant v) {
        world.reset();
    }

    @Override
    public Object run(Variant v) {
        Health.World w = world;
        switch (v) {
            case SERIAL -> w.runSerial();
            case STRAND -> pools.strand().invoke(w::runStrand);
            case FJP -> pools.fjp().invoke(w.fjpTask());
            default -> throw new IllegalArgumentException(v.label());
        }
        return w;
    }

    @Override
    public void check(Variant v, Object result) {
        Health.Results got = ((Health.World) result).results();
        if (!got.equals(input.expected())) {
            throw new WrongResultException("health input=" + input.name() + " " + v.label() + ": got " + got
                    + ", expected " + input.expected());
        }
    }

    @Override
    public Units units() {
        return new Units(input.villages() * input.time(), "village-steps");
    }

    @Override
    public void close() {
        world = null;
    }
}
