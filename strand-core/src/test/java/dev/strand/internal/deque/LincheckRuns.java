package dev.strand.internal.deque;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * The scenario shape every deque Lincheck test uses: three threads of three operations, with two
 * before and two after. That is enough for an owner, two thieves and the element races between
 * them, and small enough that the model checker explores it thoroughly in seconds.
 */
final class LincheckRuns {
    private LincheckRuns() { }

    /** Model checking: 20 random scenarios, 1 000 interleavings each. */
    static void modelCheck(Class<?> test, Class<?> sequentialSpec) {
        modelCheck(test, sequentialSpec, 1_000);
    }

    /**
     * Model checking: 20 random scenarios, {@code interleavings} each. Fewer for a structure whose
     * spin loops make each interleaving long to explore (the submission queue's producer lock).
     */
    static void modelCheck(Class<?> test, Class<?> sequentialSpec, int interleavings) {
        shaped(new ModelCheckingOptions(), sequentialSpec).invocationsPerIteration(interleavings)
                .iterations(20).check(test);
    }

    /** Stress: 30 random scenarios, 1 000 real concurrent runs each. */
    static void stress(Class<?> test, Class<?> sequentialSpec) {
        shaped(new StressOptions(), sequentialSpec).iterations(30).check(test);
    }

    private static <O extends Options<O, ?>> O shaped(O options, Class<?> sequentialSpec) {
        return options.sequentialSpecification(sequentialSpec)
                .invocationsPerIteration(1_000)
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(2)
                .actorsAfter(2);
    }
}
