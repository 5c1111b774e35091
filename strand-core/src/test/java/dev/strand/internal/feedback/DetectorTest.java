package dev.strand.internal.feedback;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The detector's decisions on synthetic quanta: run and run-queue delay against wall time. */
class DetectorTest {
    private static final long Q = 20_000_000L;     // a 20 ms quantum

    /** Two workers on their cores the whole quantum, waiting about nothing: dedicated. */
    @Test
    void busyWorkersThatDoNotWaitAreDedicated() {
        Detector d = new Detector();
        for (int i = 0; i < 10; i++) {
            assertThat(d.observe(2 * Q - 200_000, 200_000, 0, Q)).isFalse();
        }
    }

    /** A third runnable thread on two cores: each worker gets 2/3, waits 1/3. */
    @Test
    void oneCompetitorOnTwoCoresIsSeenInOneQuantum() {
        Detector d = new Detector();
        assertThat(d.observe(2 * Q - 100_000, 100_000, 0, Q)).isFalse();
        assertThat(d.observe(4 * Q / 3, 2 * Q / 3, 0, Q)).isTrue();
    }

    /** Two processes of two workers each on two cores: each worker waits half the time. */
    @Test
    void anotherPoolOfTheSameSizeIsSeen() {
        Detector d = new Detector();
        assertThat(d.observe(Q, Q, 0, Q)).isTrue();
    }

    /** The competition leaves: dedicated again after CALM_QUANTA calm quanta in a row, not before. */
    @Test
    void calmQuantaInARowRegrow() {
        Detector d = new Detector();
        assertThat(d.observe(Q, Q, 0, Q)).isTrue();
        for (int i = 1; i < Detector.CALM_QUANTA; i++) {
            assertThat(d.observe(2 * Q, 0, 0, Q)).as("calm quantum %d", i).isTrue();
        }
        assertThat(d.observe(2 * Q, 0, 0, Q)).isFalse();
    }

    /** A quantum between the thresholds keeps the state and restarts the calm streak. */
    @Test
    void aQuantumBetweenTheThresholdsRestartsTheStreak() {
        Detector d = new Detector();
        assertThat(d.observe(Q, Q, 0, Q)).isTrue();
        for (int i = 1; i < Detector.CALM_QUANTA; i++) {
            assertThat(d.observe(2 * Q, 0, 0, Q)).isTrue();
        }
        long waited = (long) (2 * Q * (Detector.LEAVE + Detector.ENTER) / 2);   // between the two
        assertThat(d.observe(2 * Q - waited, waited, 0, Q)).isTrue();
        for (int i = 1; i < Detector.CALM_QUANTA; i++) {
            assertThat(d.observe(2 * Q, 0, 0, Q)).as("streak restarted: calm quantum %d", i).isTrue();
        }
        assertThat(d.observe(2 * Q, 0, 0, Q)).isFalse();
        // From dedicated, the same in-between quantum does not turn it on.
        assertThat(d.observe(2 * Q - waited, waited, 0, Q)).isFalse();
    }

    /** Parked workers want nothing: such a quantum cannot show competition and counts as calm. */
    @Test
    void idleQuantaAreNotJudgedAndCountAsCalm() {
        Detector d = new Detector();
        long tiny = (long) (Detector.MIN_DEMAND * Q) - 1;
        assertThat(d.observe(tiny / 4, tiny - tiny / 4, 0, Q)).as("mostly waiting, but tiny").isFalse();
        assertThat(d.observe(Q, Q, 0, Q)).isTrue();
        for (int i = 1; i < Detector.CALM_QUANTA; i++) {
            assertThat(d.observe(0, 0, 0, Q)).isTrue();
        }
        assertThat(d.observe(0, 0, 0, Q)).isFalse();
    }

    /** A clock that did not advance, or counters that went backwards, change nothing. */
    @Test
    void nonsenseSamplesKeepTheState() {
        Detector d = new Detector();
        assertThat(d.observe(Q, Q, 0, Q)).isTrue();
        assertThat(d.observe(2 * Q, 0, 0, 0)).isTrue();
        assertThat(d.observe(-5, 0, 0, Q)).isTrue();
        assertThat(d.observe(0, -5, 0, Q)).isTrue();
        d.reset();
        assertThat(d.shared()).isFalse();
        assertThat(d.observe(Q, Q, 0, -1)).isFalse();
    }

    /**
     * A wait the process's own other threads could have caused (they ran at least as long) is not
     * competition; what they cannot explain is.
     */
    @Test
    void waitsTheProcesssOwnThreadsExplainAreNotCompetition() {
        Detector d = new Detector();
        assertThat(d.observe(Q, Q, Q, Q)).as("the JIT took a core").isFalse();
        assertThat(d.observe(Q, Q, 2 * Q, Q)).isFalse();
        assertThat(d.observe(Q, Q, Q / 2, Q)).as("a quarter of the wanted time unexplained").isTrue();
        assertThat(d.observe(Q, Q, 0, -1)).as("nonsense keeps the state").isTrue();
        assertThat(d.observe(Q, Q, -1, Q)).isTrue();
    }
}
