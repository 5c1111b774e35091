package dev.strand.cluster.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

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
        int moved = 0;
        int kept = 0;
        for (int round = 0; round < 500; round++) {
            compute.clear();
            Balancer b = balancer(TWO, SLOW, true);
            int n = 2 + rnd.nextInt(6);
            long[] bytes = new long[n];
            for (int i = 0; i < n; i++) {
                compute.put(i, (double) rnd.nextLong(1_000_000, 2_000_000_000L));
                bytes[i] = rnd.nextInt(4 << 20);
            }
            for (int i = 0; i < n; i++) {
                b.sent(i, "a", bytes[i], true);
            }
            // Chunk 0 runs; chunk i waits behind the compute of 0..i-1. The rule's choice: the
            // qualifying chunk of least transfer over compute (ties: the newest).
            int best = -1;
            double bestRatio = Double.MAX_VALUE;
            double ahead = compute.get(0);
            for (int i = 1; i < n; i++) {
                long t = SLOW.transferNanos(bytes[i]);
                double ratio = t / compute.get(i);
                if (CostRule.finishesSoonerOnThief(0, ahead, (double) t) && ratio <= bestRatio) {
                    best = i;
                    bestRatio = ratio;
                }
                ahead += compute.get(i);
            }
            List<Balancer.Steal> s = b.balance();
            if (best < 0) {
                assertThat(s).isEmpty();
                kept++;
            } else {
                assertThat(s).extracting(Balancer.Steal::chunk).containsExactly(best);
                moved++;
            }
        }
        assertThat(moved).as("both outcomes occur").isPositive();
        assertThat(kept).isPositive();
    }

    /**
     * Recorded on the emulated 10 Mbit/s, 5 ms link (three single-worker nodes, the skewed batch of
     * 24 jobs with 1 MiB inputs, the cost rule on): node-2 idle, node-1 running chunk 22, node-3
     * running chunk 20 with chunk 23 (1 MiB) waiting; every chunk estimated at the kind's mean,
     * 1,234 ms. Moving 23 costs 843 ms, less than 20's 1,234 ms ahead of it: it finishes sooner
     * on node-2. Dask's occupancy form refused it (843 + 1,234 > 2,468 - 617) for half a second,
     * until the estimate rose, and then sent it to node-1 instead.
     */
    @Test
    void aWaitingChunkMovesWhenItsTransferIsShorterThanTheWorkAheadOfIt() {
        List<NodeInfo> three = List.of(new NodeInfo("node-1", 1), new NodeInfo("node-2", 1),
                new NodeInfo("node-3", 1));
        Balancer b = new Balancer(three, 0, i -> 1_234e6, SLOW, true);
        b.sent(22, "node-1", 1_040, true);
        b.sent(20, "node-3", 1_040, true);
        b.sent(23, "node-3", 1_048_592, true);
        assertThat(b.balance()).extracting(Balancer.Steal::chunk, Balancer.Steal::victim, Balancer.Steal::thief)
                .containsExactly(tuple(23, "node-3", "node-2"));
    }

    /**
     * Recorded on the same link with 4 MiB inputs: node-3 running chunk 20 for 2.47 s (estimated
     * 3,431 ms, the kind's mean), chunk 23 (4 MiB, 3,360 ms to move) waiting, node-2 idle. Counted
     * in full, 20 looked like 3,431 ms ahead and 23 moved; 20 ended 0.95 s later and 23, on
     * node-2, 3.9 s later. Its estimate less what it has run (but at least half the estimate,
     * 1,716 ms) keeps 23 home; after 170 ms of 20, a 1 MiB chunk (843 ms) still moves.
     */
    @Test
    void aRunningChunkCountsForWhatRemainsOfIt() {
        List<NodeInfo> three = List.of(new NodeInfo("node-1", 1), new NodeInfo("node-2", 1),
                new NodeInfo("node-3", 1));
        double[] ran = {2_470e6};
        Balancer b = new Balancer(three, 0, i -> 3_431e6, (chunk, node) -> chunk == 20 ? ran[0] : 0, SLOW, true);
        b.sent(21, "node-1", 1_040, true);
        b.sent(20, "node-3", 1_040, true);
        b.sent(23, "node-3", 4_194_320, true);
        assertThat(b.balance()).isEmpty();
        Balancer one = new Balancer(three, 0, i -> 1_234e6, (chunk, node) -> chunk == 20 ? 170e6 : 0, SLOW, true);
        one.sent(21, "node-1", 1_040, true);
        one.sent(20, "node-3", 1_040, true);
        one.sent(23, "node-3", 1_048_592, true);
        assertThat(one.balance()).extracting(Balancer.Steal::chunk).containsExactly(23);
    }

    /**
     * A 4 MiB chunk (3.36 s to move) right behind a running 100 ms chunk, on a victim with 4 s of
     * unstealable work behind it: at home it ends at 1.1 s, moved at 4.4 s. Dask's occupancy form
     * moved it (the victim's whole queue, 5 s, against 4.4 s); the rule keeps it.
     */
    @Test
    void aLargeInputAtTheHeadOfALongQueueStaysHome() {
        compute.put(1, 1e9);
        Balancer b = balancer(TWO, SLOW, true);
        b.sent(0, "a", 0, true);                        // running, 100 ms
        b.sent(1, "a", 4 << 20, true);
        for (int i = 2; i < 42; i++) {
            b.sent(i, "a", 0, false);                   // 4 s that may not move
        }
        assertThat(b.balance()).isEmpty();
        assertThat(b.declinedChunks()).containsExactly(1);
    }

    /** Plain stealing takes the newest waiting chunk, whatever its input; the rule the cheapest to move. */
    @Test
    void plainStealingDoesNotLookAtInputSizes() {
        for (boolean rule : new boolean[] {false, true}) {
            Balancer b = balancer(TWO, SLOW, rule);
            for (int i = 0; i < 8; i++) {
                compute.put(i, 1e9);
                b.sent(i, "a", i == 7 ? 1 << 20 : 1_000, true);
            }
            assertThat(b.balance()).as(rule ? "cost rule" : "plain").extracting(Balancer.Steal::chunk)
                    .containsExactly(rule ? 6 : 7);
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

    @Test
    void anUnansweredRequestFreesTheThiefAndLeavesTheChunkACandidate() {
        Balancer b = balancer(TWO, SLOW, false);
        b.sent(0, "a", 0, true);                       // running
        b.sent(1, "a", 0, true);                       // waiting
        assertThat(b.balance()).extracting(Balancer.Steal::chunk).containsExactly(1);
        b.unanswered(1);
        assertThat(b.thiefOf(1)).as("the thief's slot is free again").isNull();
        assertThat(b.unansweredRequests()).isEqualTo(1);
        assertThat(b.refusedByVictim()).isZero();
        assertThat(b.balance()).as("asked for again, not taken as started").extracting(Balancer.Steal::chunk)
                .containsExactly(1);
        // The late grant: the chunk reaches the thief.
        b.sent(1, "b", 0, true);
        assertThat(b.held("b")).containsExactly(1);
        assertThat(b.held("a")).containsExactly(0);
        // A refusal of the repeated request, arriving after the grant, changes nothing.
        b.refused(1);
        assertThat(b.refusedByVictim()).isZero();
        assertThat(b.held("b")).containsExactly(1);
    }

    @Test
    void aRefusalIsFinalButAnUnansweredRequestIsNot() {
        Balancer refused = balancer(TWO, SLOW, false);
        refused.sent(0, "a", 0, true);
        refused.sent(1, "a", 0, true);
        refused.balance();
        refused.refused(1);
        // Chunk 1 started, so 0 is taken as the waiting one; the victim refuses it too.
        assertThat(refused.balance()).extracting(Balancer.Steal::chunk).containsExactly(0);
        refused.refused(0);
        assertThat(refused.balance()).as("both started: nothing to ask for").isEmpty();
    }
}
