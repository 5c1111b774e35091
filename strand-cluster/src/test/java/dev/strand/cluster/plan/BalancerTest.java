package dev.strand.cluster.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.cost.CostRule;
import dev.strand.cluster.cost.Link;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BalancerTest {

    private static final List<NodeInfo> TWO = List.of(new NodeInfo("a", 1), new NodeInfo("b", 1));
    /** 10 Mbit/s, 5 ms: 1 MB costs 805 ms. */
    private static final Link SLOW = Link.ofMegabits(10, 5_000);

    /** Chunks of 100 ms each unless set. */
    private final Map<Integer, Double> compute = new HashMap<>();

    private Balancer balancer(List<NodeInfo> nodes, Link link, boolean costAware) {
        return new Balancer(nodes, 1, i -> compute.getOrDefault(i, 100e6), link, costAware);
    }

    @Test
    void anIdleNodeTakesAWaitingChunkWhoseMovePaysOff() {
        Balancer b = balancer(TWO, SLOW, true);
        for (int i = 0; i < 4; i++) {
            b.sent(i, "a", 1_000, true);            // 1 kB: moving it costs about 6 ms
        }
        List<Balancer.Steal> s = b.balance();
        assertThat(s).hasSize(1);
        assertThat(s.get(0).victim()).isEqualTo("a");
        assertThat(s.get(0).thief()).isEqualTo("b");
        assertThat(s.get(0).chunk()).isEqualTo(3);      // the newest waiting chunk
        assertThat(b.accepted()).isEqualTo(1);
        assertThat(b.balance()).as("b's slot is promised").isEmpty();
    }

    @Test
    void aChunkWhoseTransferCostsMoreThanItSavesStays() {
        Balancer b = balancer(TWO, SLOW, true);
        b.sent(0, "a", 1_000, true);
        b.sent(1, "a", 4 << 20, true);               // 4 MiB: 3.4 s to move, 100 ms to run
        assertThat(b.balance()).isEmpty();
        assertThat(b.declined()).isEqualTo(1);
        assertThat(b.declinedChunks()).containsExactly(1);
        // Plain stealing takes it.
        Balancer plain = balancer(TWO, SLOW, false);
        plain.sent(0, "a", 1_000, true);
        plain.sent(1, "a", 4 << 20, true);
        assertThat(plain.balance()).extracting(Balancer.Steal::chunk).containsExactly(1);
    }

    @Test
    void theSameChunkMovesOnceTheVictimsQueueIsLongEnough() {
        // 4 MiB at 10 Mbit/s, 3.36 s; compute 1 s a chunk: worth it only behind a queue of 4.5 s+.
        compute.put(99, 1e9);
        Balancer shortQueue = balancer(TWO, SLOW, true);
        shortQueue.sent(0, "a", 0, true);
        shortQueue.sent(99, "a", 4 << 20, true);
        assertThat(shortQueue.balance()).isEmpty();
        Balancer longQueue = balancer(TWO, SLOW, true);
        for (int i = 0; i < 60; i++) {
            longQueue.sent(i, "a", 0, false);         // 6 s of unstealable work ahead of it
        }
        longQueue.sent(99, "a", 4 << 20, true);
        assertThat(longQueue.balance()).extracting(Balancer.Steal::chunk).containsExactly(99);
    }

    @Test
    void cheapestToMoveFirst() {
        Balancer b = balancer(TWO, SLOW, true);
        b.sent(0, "a", 0, true);                       // running
        b.sent(1, "a", 100_000, true);
        b.sent(2, "a", 10, true);
        b.sent(3, "a", 50_000, true);
        assertThat(b.balance()).extracting(Balancer.Steal::chunk).containsExactly(2);
    }

    @Test
    void runningChunksAreNotCandidatesAndARefusalFreesTheThief() {
        Balancer b = balancer(TWO, SLOW, true);
        b.sent(0, "a", 0, true);
        assertThat(b.balance()).as("a's only chunk runs").isEmpty();
        b.sent(1, "a", 0, true);
        List<Balancer.Steal> s = b.balance();
        assertThat(s).extracting(Balancer.Steal::chunk).containsExactly(1);
        b.refused(1);                                   // it had started after all
        assertThat(b.refusedByVictim()).isEqualTo(1);
        // a's one slot runs chunk 1, so chunk 0 is not running (finished, or it reached a late).
        assertThat(b.balance()).as("a started chunk is never asked for again; the one it displaced is")
                .extracting(Balancer.Steal::chunk).containsExactly(0);
        b.refused(0);                                   // it had finished: its result is on the way
        assertThat(b.balance()).as("both started").isEmpty();
        b.sent(2, "a", 0, true);
        assertThat(b.balance()).extracting(Balancer.Steal::chunk).containsExactly(2);
        b.sent(2, "b", 0, true);                        // the copy reached the thief
        assertThat(b.held("a")).containsExactly(0, 1);
        assertThat(b.held("b")).containsExactly(2);
    }

    @Test
    void occupancyFollowsTheEstimatesOfTheMoment() {
        Balancer b = balancer(TWO, SLOW, true);
        b.sent(0, "a", 0, true);
        b.sent(1, "a", 0, true);
        assertThat(b.occupancy("a")).isEqualTo(200e6);
        compute.put(1, 500e6);                          // the kind's estimate was revised
        assertThat(b.occupancy("a")).isEqualTo(600e6);
        b.done(0);
        assertThat(b.occupancy("a")).isEqualTo(500e6);
    }

    @Test
    void decisionsAgreeWithTheRuleOnRandomQueues() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int round = 0; round < 500; round++) {
            compute.clear();
            Balancer b = balancer(TWO, SLOW, true);
            int n = 2 + rnd.nextInt(6);
            for (int i = 0; i < n; i++) {
                compute.put(i, (double) rnd.nextLong(1_000_000, 2_000_000_000L));
            }
            for (int i = 0; i < n; i++) {
                b.sent(i, "a", rnd.nextInt(4 << 20), true);
            }
            double occA = b.occupancy("a");
            List<Balancer.Steal> s = b.balance();
            if (s.isEmpty()) {
                continue;
            }
            Balancer.Steal st = s.get(0);
            assertThat(CostRule.worthStealing(0, occA, st.computeNanos(), (double) st.transferNanos())).isTrue();
        }
    }

    /**
     * A node started a chunk sent after one it had not received yet (a runs 24, not 20): once a
     * request for 24 is refused, 20, which the model took as running, is a candidate, and the
     * next thief takes it instead of waiting for 24 to end.
     */
    @Test
    void aChunkSentFirstButQueuedBehindALaterOneIsStolenOnceTheVictimSaysItRunsTheLaterOne() {
        List<NodeInfo> three = List.of(new NodeInfo("a", 1), new NodeInfo("b", 1), new NodeInfo("c", 1));
        Balancer b = balancer(three, null, false);
        b.sent(20, "a", 0, true);
        b.sent(24, "a", 0, true);
        b.sent(25, "a", 0, true);
        b.sent(1, "b", 0, true);
        b.sent(2, "c", 0, true);
        b.done(1);
        assertThat(b.balance()).extracting(Balancer.Steal::chunk).containsExactly(25);
        b.sent(25, "b", 0, true);
        b.done(2);
        assertThat(b.balance()).extracting(Balancer.Steal::chunk).containsExactly(24);
        b.refused(24);                                  // a had started 24
        assertThat(b.balance()).as("20 waits on a behind 24: c takes it")
                .extracting(Balancer.Steal::chunk).containsExactly(20);
    }

    /** Many nodes, random sends, steals and completions: every chunk is held in exactly one place. */
    @Test
    void stressEveryChunkHeldOnce() {
        List<NodeInfo> four = List.of(new NodeInfo("a", 2), new NodeInfo("b", 2), new NodeInfo("c", 1),
                new NodeInfo("d", 1));
        SplittableRandom rnd = new SplittableRandom(11);
        Balancer b = new Balancer(four, 0, i -> 1e6 * (1 + i % 7), SLOW, true);
        int sentCount = 400;
        for (int i = 0; i < sentCount; i++) {
            b.sent(i, four.get(i * 4 / sentCount).name(), rnd.nextInt(2000), true);
        }
        int done = 0;
        while (done < sentCount) {
            for (Balancer.Steal s : b.balance()) {
                if (rnd.nextInt(4) == 0) {
                    b.refused(s.chunk());
                } else {
                    b.sent(s.chunk(), s.thief(), 0, true);
                }
            }
            // Finish the oldest chunk of a random node that holds one.
            NodeInfo n = four.get(rnd.nextInt(four.size()));
            List<Integer> held = b.held(n.name());
            if (!held.isEmpty()) {
                b.done(held.get(0));
                done++;
            }
            int total = 0;
            for (NodeInfo x : four) {
                total += b.held(x.name()).size();
            }
            assertThat(total).isEqualTo(sentCount - done);
        }
        assertThat(b.accepted()).isPositive();
    }
}
