package dev.strand.internal.steal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The split gate's experiment ({@code -Dstrand.exp.splitPace=true}): the pace doubles after each
 * tiny piece within its bounds and resets after a piece worth its steal; the gate's count closes
 * while every other core worker paces and always comes back.
 */
class SplitPaceTest {

    @Test
    void aTinyPieceStartsThePaceAndEachNextOneDoublesItUpToTheCap() {
        long p = SplitPace.nextPace(0L, 1_000);
        assertThat(p).isEqualTo(SplitPace.MIN_NANOS);
        for (int i = 0; i < 20; i++) {
            long next = SplitPace.nextPace(p, 1_000);
            assertThat(next).isEqualTo(Math.min(p * 2, SplitPace.MAX_NANOS));
            p = next;
        }
        assertThat(p).isEqualTo(SplitPace.MAX_NANOS);
    }

    @Test
    void aPieceWorthItsStealResetsThePace() {
        assertThat(SplitPace.nextPace(SplitPace.MAX_NANOS, SplitPace.WORTH_NANOS)).isZero();
        assertThat(SplitPace.nextPace(0L, SplitPace.WORTH_NANOS * 10)).isZero();
    }

    @Test
    void theGateClosesOnlyWhileEveryOtherWorkerPaces() {
        SplitGate two = new SplitGate(2);
        assertThat(two.open()).isTrue();
        two.sate();                               // the one other worker paces
        assertThat(two.open()).isFalse();
        two.hunger();
        assertThat(two.open()).isTrue();

        SplitGate four = new SplitGate(4);
        four.sate();
        four.sate();
        assertThat(four.open()).as("one of three others still hungry").isTrue();
        four.sate();
        assertThat(four.open()).isFalse();
        four.hunger();
        four.hunger();
        four.hunger();
        assertThat(four.hungry()).isEqualTo(3);
    }

    @Test
    void aPaceAfterATinyPieceLeavesTheGateAsItFoundIt() {
        SplitGate gate = new SplitGate(2);
        SplitPace pace = new SplitPace(gate);
        long start = System.nanoTime();
        pace.afterStolenPiece(start, start + 100);    // tiny: sated for the pace, then hungry again
        assertThat(gate.hungry()).isEqualTo(1);
        long t = System.nanoTime();
        pace.afterStolenPiece(t - SplitPace.WORTH_NANOS, t);   // worth it: no pace at all
        assertThat(gate.hungry()).isEqualTo(1);
    }
}
