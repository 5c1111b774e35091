package dev.strand.internal.steal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.PoolConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The pacing rule itself; {@code ForkJoinTest} checks a paced thief in a pool. */
class StealPaceTest {

    @Test
    void aThiefOfTinyTasksBacksOffItsPaceAndARealStealResetsIt() {
        long base = 250;
        assertThat(StealPace.nextPace(base, 100, base)).isEqualTo(500);           // tiny: doubled
        assertThat(StealPace.nextPace(2000, 100, base)).isEqualTo(4000);
        assertThat(StealPace.nextPace(4000, 100, base)).isEqualTo(base * StealPace.PACE_BACKOFF_LIMIT);
        assertThat(StealPace.nextPace(base * StealPace.PACE_BACKOFF_LIMIT, 0, base))  // capped
                .isEqualTo(base * StealPace.PACE_BACKOFF_LIMIT);
        assertThat(StealPace.nextPace(4000, 4000, base)).isEqualTo(base);         // worth it: reset
        assertThat(StealPace.nextPace(500, 1_000_000, base)).isEqualTo(base);
        long max = PoolConfig.Tuning.MAX_STEAL_PACE_NANOS;                             // never past 1 ms
        assertThat(StealPace.nextPace(max / 2, 0, max / 10)).isEqualTo(max);
        assertThat(StealPace.nextPace(max, 0, max)).isEqualTo(max);
        assertThat(StealPace.nextPace(max, 0, max / 10)).isEqualTo(max);
    }

    @Test
    void napsDoubleFromTheFirstToTheLongest() {
        assertThat(StealPace.nextNap(0)).isEqualTo(StealPace.MIN_NAP_NANOS);
        assertThat(StealPace.nextNap(StealPace.MIN_NAP_NANOS)).isEqualTo(2 * StealPace.MIN_NAP_NANOS);
        assertThat(StealPace.nextNap(StealPace.MAX_NAP_NANOS)).isEqualTo(StealPace.MAX_NAP_NANOS);
        long pace = 4000;
        assertThat(StealPace.napAfter(0, pace, pace, 100)).as("tiny at the cap").isEqualTo(StealPace.MIN_NAP_NANOS);
        assertThat(StealPace.napAfter(0, 2000, pace, 100)).as("tiny below the cap: pace only").isZero();
        assertThat(StealPace.napAfter(16_000, pace, 250, pace + 1)).as("worth the pace, not clearly")
                .isEqualTo(16_000);
        assertThat(StealPace.napAfter(16_000, pace, 250, StealPace.WORTH_NANOS)).as("clearly worth it").isZero();
    }

    /**
     * A thief whose steals stay tiny with the pace at its cap counts itself backed off on the
     * board, naps while idle with each nap doubled, and leaves the count when a steal is clearly
     * worth it, after a long idle spell, or when it retires.
     */
    @Test
    void aThiefBackedOffCountsOnTheBoardUntilItSleepsOrAStealIsWorthIt() {
        StealBoard board = new StealBoard(2);
        StealPace pace = new StealPace(250, board, () -> false);
        for (int i = 0; i < 100 && !board.othersBackedOff(1); i++) {
            pace.afterSteal(System.nanoTime());                // a stolen task that ran for nothing
        }
        assertThat(board.othersBackedOff(1)).isTrue();
        long first = pace.idleNap();
        assertThat(first).isBetween(StealPace.MIN_NAP_NANOS, StealPace.MAX_NAP_NANOS);
        assertThat(pace.idleNap()).isEqualTo(Math.min(2 * first, StealPace.MAX_IDLE_NAP_NANOS));
        pace.afterSteal(System.nanoTime() - StealPace.WORTH_NANOS);
        assertThat(board.othersBackedOff(1)).isFalse();
        assertThat(pace.idleNap()).isZero();
        for (int i = 0; i < 100 && !board.othersBackedOff(1); i++) {
            pace.afterSteal(System.nanoTime());
        }
        pace.retire();
        assertThat(board.othersBackedOff(1)).isFalse();
    }

    @Test
    void aLongIdleSpellEndsTheBackOff() throws InterruptedException {
        StealBoard board = new StealBoard(2);
        StealPace pace = new StealPace(250, board, () -> false);
        for (int i = 0; i < 100 && !board.othersBackedOff(1); i++) {
            pace.afterSteal(System.nanoTime());
        }
        assertThat(pace.idleNap()).isPositive();
        Thread.sleep(StealPace.IDLE_BACKOFF_NANOS / 1_000_000 + 20);
        assertThat(pace.idleNap()).as("sleep as usual").isZero();
        assertThat(board.othersBackedOff(1)).isFalse();
    }

    /**
     * A probe leaves the board's count before it asks every owner again, so that the owner that
     * answers sees the thief uncounted and offers after every pop-back while it naps. A probe that
     * sees work looks again at once; between probes the thief stays counted and asks nobody.
     */
    @Test
    void aProbeAsksEveryOwnerAfterLeavingTheCount() throws InterruptedException {
        StealBoard board = new StealBoard(2);
        List<Boolean> countedWhenAsked = new ArrayList<>();
        AtomicBoolean visible = new AtomicBoolean(true);
        StealPace pace = new StealPace(250, board, () -> {
            countedWhenAsked.add(board.othersBackedOff(1));
            return visible.get();
        });
        for (int i = 0; i < 100 && !board.othersBackedOff(1); i++) {
            pace.afterSteal(System.nanoTime());
        }
        long beforeProbe = pace.idleNap();                     // values first: an assertion's first
        int asked = countedWhenAsked.size();                   // use may load classes for 5 ms
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(StealPace.PROBE_NANOS) + 2);
        long probe = pace.idleNap();
        long afterProbe = pace.idleNap();
        boolean countedAgain = board.othersBackedOff(1);
        assertThat(beforeProbe).isPositive();
        assertThat(asked).as("no probe yet").isZero();
        assertThat(probe).as("an idle probe that sees work: look again now").isEqualTo(-1L);
        assertThat(countedWhenAsked).containsExactly(false);
        assertThat(afterProbe).isPositive();
        assertThat(countedAgain).as("counted again after the probe").isTrue();
        Thread.sleep(TimeUnit.NANOSECONDS.toMillis(StealPace.PROBE_NANOS) + 2);
        visible.set(false);
        assertThat(pace.afterSteal(System.nanoTime())).as("a probe after a tiny steal naps").isPositive();
        assertThat(countedWhenAsked).containsExactly(false, false);
        assertThat(board.othersBackedOff(1)).isFalse();
    }

    /**
     * A backed-off thief that goes on to run a task of its own stays counted on the board, but as
     * an owner it must not count itself among the others: then it would never offer again after a
     * pop-back, and the other worker, not backed off, would wait for offers that never come.
     */
    @Test
    void aBackedOffWorkerDoesNotCountItselfAmongTheOthers() {
        StealBoard board = new StealBoard(2);
        StealPace thief = new StealPace(250, board, () -> false);
        StealPace other = new StealPace(250, board, () -> false);
        for (int i = 0; i < 100 && !board.othersBackedOff(1); i++) {
            thief.afterSteal(System.nanoTime());
        }
        assertThat(other.othersBackedOff(1)).as("the other sees the thief backed off").isTrue();
        assertThat(thief.othersBackedOff(1)).as("the thief does not count itself").isFalse();
        assertThat(new StealPace(250, null, () -> false).othersBackedOff(0)).as("no board").isFalse();
    }

    /**
     * A thief sent to an offer (woken by it, or its re-scan saw it) that finds nothing was too late:
     * the offer was taken back first. That counts as a tiny steal, so a thief that keeps arriving
     * too late backs off, after at least as many misses as tiny steals would take (more if a miss
     * is timed slow, in the interpreter); a look it was not sent on, or one that found work,
     * changes nothing.
     */
    @Test
    void aThiefSentToOffersThatAreGoneBacksOff() {
        StealBoard board = new StealBoard(2);
        StealPace pace = new StealPace(250, board, () -> false);
        for (int i = 0; i < 100; i++) {
            assertThat(pace.looked(false)).as("not sent").isZero();
            pace.sent();
            pace.looked(true);
        }
        assertThat(board.othersBackedOff(1)).isFalse();
        assertThat(pace.idleNap()).as("not backed off: sleep as usual").isZero();
        int misses = 0;
        while (!board.othersBackedOff(1) && misses < 100) {
            pace.sent();
            pace.looked(false);
            misses++;
        }
        assertThat(board.othersBackedOff(1)).as("backed off after %d misses", misses).isTrue();
        assertThat(misses).as("no fewer misses than tiny steals would take")
                .isGreaterThanOrEqualTo(Long.numberOfTrailingZeros(StealPace.PACE_BACKOFF_LIMIT) + 1);
        assertThat(pace.idleNap()).isPositive();
    }

    /**
     * A steal is judged by what it saved, the time it ran less the joins' waits reported during
     * it: long pieces that were waited for throughout back the thief off as tiny ones do, the same
     * pieces without waits do not, and a new steal forgets the waits reported before it.
     */
    @Test
    void aStealIsWorthWhatItSavedNotHowLongItRan() {
        long piece = 2 * StealPace.WORTH_NANOS;
        StealBoard board = new StealBoard(2);
        StealPace pace = new StealPace(250, board, () -> false);
        for (int i = 0; i < 100; i++) {
            long start = pace.stealStarts();
            pace.afterSteal(start - piece);       // ran at least the piece: worth it
        }
        assertThat(board.othersBackedOff(1)).as("long pieces, nobody waited").isFalse();
        for (int i = 0; i < 100; i++) {
            pace.waited(10 * piece);              // reported before the steal: not its wait
            long start = pace.stealStarts();
            pace.afterSteal(start - piece);
        }
        assertThat(board.othersBackedOff(1)).as("waits before the steal are forgotten").isFalse();
        int steals = 0;
        while (!board.othersBackedOff(1) && steals < 100) {
            long start = pace.stealStarts();
            pace.waited(piece);                   // the owner's wait and the thief's own
            pace.waited(piece);
            pace.afterSteal(start - piece);
            steals++;
        }
        assertThat(board.othersBackedOff(1)).as("backed off after %d waited-for steals", steals).isTrue();
        assertThat(steals).isGreaterThanOrEqualTo(Long.numberOfTrailingZeros(StealPace.PACE_BACKOFF_LIMIT) + 1);
    }
}
