package dev.strand.workloads.health;

import dev.strand.workloads.Kernel;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;

/**
 * BOTS Health (a task per child village per time step, no cutoff) on one of BOTS's inputs, checked
 * against the totals BOTS publishes for it. The village tree is rebuilt before every run
 * (untimed), since a run changes it.
 *
 * <p>The default input is {@code small} (6 MB of patients). {@code medium} (47 MB) is bound by
 * memory, and there the serial run is at a disadvantage of the JVM's making: it allocates nothing,
 * so no young collection runs during it, and its patient lists, reshuffled step after step as
 * patients move between them, stay scattered over the heap; the parallel runs allocate tasks, and
 * the collections those trigger copy the lists into list order again. At P = 1 Strand and
 * ForkJoinPool then run medium 1.7-1.9x faster than the serial code.
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
    public void prepare(Variant v) {
        world = null;                             // let the last run's tree go first
        world = new Health.World(input);
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
