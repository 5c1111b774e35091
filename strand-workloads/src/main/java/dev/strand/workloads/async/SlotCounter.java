package dev.strand.workloads.async;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Counts completed tiny tasks, each thread in a slot of its own.
 *
 * <p>Why not {@link java.util.concurrent.atomic.LongAdder}: with two workers its cells are picked by
 * thread probe, and when both workers' probes land on one cell every increment bounces that line
 * between the cores until a failed CAS rehashes one of them. A profile of async-tree showed most
 * samples in {@code LongAdder.add}, and the run time moved 2x between rounds with the luck of the
 * probes: the benchmark measured the counter, not the scheduler. Here every increment is a store to
 * a line only its thread writes, found through a {@link ThreadLocal}; every executor pays the same.
 *
 * <p>Invariant: {@link #reset} runs only while no thread increments (between runs).
 */
final class SlotCounter {

    /** One thread's count, padded so that two threads' slots never share a cache line. */
    static final class Slot {
        @SuppressWarnings("unused")
        private long p0, p1, p2, p3, p4, p5, p6, p7;
        long value;                               // written by its thread only (opaque stores)
        @SuppressWarnings("unused")
        private long q0, q1, q2, q3, q4, q5, q6, q7;
    }

    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(Slot.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final CopyOnWriteArrayList<Slot> slots = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Slot> mine = ThreadLocal.withInitial(() -> {
        Slot s = new Slot();
        slots.add(s);
        return s;
    });

    /** Adds one to the calling thread's slot. */
    void increment() {
        Slot s = mine.get();
        VALUE.setOpaque(s, s.value + 1);          // only this thread writes s.value
    }

    /** @return the total so far (each slot read once; exact when no thread increments) */
    long sum() {
        long n = 0;
        for (Slot s : slots) {
            n += (long) VALUE.getOpaque(s);
        }
        return n;
    }

    /** Sets every slot to zero. Invariant: no thread increments meanwhile. */
    void reset() {
        for (Slot s : slots) {
            VALUE.setOpaque(s, 0L);
        }
        VarHandle.fullFence();                    // the zeros before the next run's submissions
    }
}
