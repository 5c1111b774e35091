package dev.strand.internal.deque;

import java.util.ArrayDeque;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of {@link ChaseLevDeque} in split mode (private elements, Lace) against a
 * sequential split deque, with Lincheck's model checker and stress strategy.
 *
 * <p>Owner operations ({@code push}, {@code pop}, {@code askToShare}) form one non-parallel group;
 * {@code steal} runs anywhere. The specification models the sharing policy exactly: a push shares
 * one element when the shared part is empty, or half the private elements when asked; a pop of a
 * private element serves a pending request; a thief sees only shared elements. Thieves' own
 * requests are switched off (see {@link ChaseLevDeque#thievesRequest}): a request is modelled as the
 * owner operation {@code askToShare}, which exercises the same shares under every interleaving.
 */
@Param(name = "value", gen = IntGen.class, conf = "1:4")
public class SplitDequeLincheckTest {

    private final ChaseLevDeque<Integer> deque = new ChaseLevDeque<>(1, true, null);

    public SplitDequeLincheckTest() {
        deque.thievesRequest = false;
    }

    @Operation(nonParallelGroup = "owner")
    public void push(@Param(name = "value") int value) {
        deque.push(value);
    }

    @Operation(nonParallelGroup = "owner")
    public Integer pop() {
        return deque.pop();
    }

    @Operation(nonParallelGroup = "owner")
    public void askToShare() {
        deque.askToShare();
    }

    @Operation
    public Integer steal() {
        return Steals.untilSettled(deque);
    }

    /** The sequential split deque: head = top, the first {@code shared} elements are stealable. */
    public static final class Spec {
        private final ArrayDeque<Integer> d = new ArrayDeque<>();
        private int shared;
        private boolean request;

        public void push(int value) {
            d.addLast(value);
            if (shared == 0 || request) {
                share();
            }
        }

        public Integer pop() {
            if (d.size() > shared) {
                Integer x = d.pollLast();
                if (d.size() > shared && request) {
                    share();
                }
                return x;
            }
            if (shared > 0) {
                shared--;
            }
            return d.pollLast();
        }

        public void askToShare() {
            request = true;
        }

        public Integer steal() {
            if (shared == 0) {
                return null;
            }
            shared--;
            return d.pollFirst();
        }

        private void share() {
            int priv = d.size() - shared;
            int k = 1;
            if (request) {
                request = false;
                k = (priv + 1) / 2;
            }
            shared += k;
        }
    }

    @Test
    void modelChecking() {
        LincheckRuns.modelCheck(SplitDequeLincheckTest.class, Spec.class);
    }

    @Test
    void stress() {
        LincheckRuns.stress(SplitDequeLincheckTest.class, Spec.class);
    }
}
