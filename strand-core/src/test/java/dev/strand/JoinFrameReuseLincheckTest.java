package dev.strand;

import dev.strand.internal.deque.ChaseLevDeque;
import java.util.function.Supplier;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * A model of join-frame reuse: one owner offers uses of a frame through a real Chase-Lev deque and
 * joins them; thieves steal and run whatever they find. The owner's steps are those of
 * {@code Worker.offerFrame}, {@code Worker.joinFrame} and {@code Strand.join}'s end (reuse a
 * settled frame, abandon any other). Every operation returns whether what it saw was right, so the
 * sequential specification is "always true": the checker looks for an interleaving in which a join
 * returns another use's result, or a thief runs a frame whose body is not the one offered.
 *
 * <p>Waiting is modelled as a join that finds its frame still running and returns (the owner tries
 * again later), and leaving a join early (a stack overflow while waiting) as {@link #abandon()}.
 * Mutant check: reusing an unsettled frame on abandon, instead of taking a new one, fails the model
 * checker (a thief still running the abandoned use completes the frame's next use: its join threw a
 * CompletionException for a body it never ran).
 */
public class JoinFrameReuseLincheckTest {

    /** Lincheck creates the test class and its Spec by reflection. */
    public JoinFrameReuseLincheckTest() { }

    private final ChaseLevDeque<Runnable> deque = new ChaseLevDeque<>(4);
    /** The owner's frame for this depth; null after an abandonment. */
    private JoinFrame frame;
    /** The use in flight: its frame and the value its body returns; 0 when none. */
    private JoinFrame inFlight;
    private int value;
    private int uses;

    private static Supplier<Integer> body(int v) {
        return () -> v;
    }

    /** Offers a new use of the frame (the owner's push), unless one is in flight. */
    @Operation(nonParallelGroup = "owner")
    public boolean offer() {
        if (inFlight != null) {
            return true;
        }
        if (frame == null) {
            frame = new JoinFrame(Thread.currentThread(), null);
        }
        int v = ++uses;
        frame.prepare(body(v));
        deque.push(frame);
        inFlight = frame;
        value = v;
        return true;
    }

    /**
     * The owner's join: pop the frame back and run it inline, or, if a thief took it, take its
     * result once it is done. Returns false if the result is not the one this use offered.
     */
    @Operation(nonParallelGroup = "owner")
    public boolean join() {
        JoinFrame f = inFlight;
        if (f == null) {
            return true;
        }
        Runnable popped = deque.pop();
        Object r;
        if (popped == f) {
            f.settled = true;
            r = f.runBody();
        } else {
            if (popped != null) {
                deque.push(popped);              // an abandoned frame: not this join's to run
            }
            if (f.pending()) {
                return true;                      // still running elsewhere: wait (try again)
            }
            f.settled = true;
            r = f.completedResult();
        }
        f.release();
        inFlight = null;
        return r instanceof Integer i && i == value;
    }

    /** The owner leaves its join early: the frame is reused only if settled, else abandoned. */
    @Operation(nonParallelGroup = "owner")
    public boolean abandon() {
        JoinFrame f = inFlight;
        if (f == null) {
            return true;
        }
        if (f.settled) {
            f.release();
        } else {
            frame = null;                         // a thief may still hold it
        }
        inFlight = null;
        return true;
    }

    /** A thief: steals the oldest element and runs it, as a worker's loop does. */
    @Operation
    public boolean steal() {
        Runnable r = deque.stealOrNull();
        if (r instanceof JoinFrame f) {
            f.exec();
        }
        return true;
    }

    /** What every operation of a correct reuse protocol returns. */
    public static final class Spec {
        /** Lincheck creates the sequential specification by reflection. */
        public Spec() { }

        public boolean offer() {
            return true;
        }

        public boolean join() {
            return true;
        }

        public boolean abandon() {
            return true;
        }

        public boolean steal() {
            return true;
        }
    }

    @Test
    void modelCheck() {
        shaped(new ModelCheckingOptions()).check(JoinFrameReuseLincheckTest.class);
    }

    @Test
    void stress() {
        shaped(new StressOptions()).check(JoinFrameReuseLincheckTest.class);
    }

    private static <O extends Options<O, ?>> O shaped(O options) {
        return options.sequentialSpecification(Spec.class)
                .iterations(30).invocationsPerIteration(1_000)
                .threads(3).actorsPerThread(4).actorsBefore(1).actorsAfter(2);
    }
}
