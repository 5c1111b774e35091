package dev.strand.cluster.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.cluster.Shed;
import dev.strand.workloads.uts.SampleTree;
import dev.strand.workloads.uts.Uts;
import dev.strand.workloads.uts.UtsParams;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A job that gives parts away when asked loses no tree node and counts none twice: solving the
 * parts (which give parts away in turn) and merging gives the published count, however often
 * the claim succeeds.
 */
class UtsSheddingTest {

    /** A shed whose claim succeeds every {@code every}-th time, collecting what is offered. */
    private static final class Every implements Shed<UtsCount.Subtree> {
        final int every;
        int calls;
        final List<UtsCount.Subtree> offered = new ArrayList<>();
        int offers;

        Every(int every) {
            this.every = every;
        }

        @Override
        public boolean claim() {
            return ++calls % every == 0;
        }

        @Override
        public void offer(List<UtsCount.Subtree> parts) {
            offers++;
            offered.addAll(parts);
        }
    }

    private static long countGivingAway(UtsCount uts, int every, int[] jobs) {
        ArrayDeque<UtsCount.Subtree> todo = new ArrayDeque<>();
        todo.add(UtsCount.Subtree.root());
        long total = 0;
        while (!todo.isEmpty()) {
            Every shed = new Every(every);
            total = uts.merge(total, uts.solve(todo.poll(), shed));
            todo.addAll(shed.offered);
            jobs[0]++;
        }
        return total;
    }

    @Test
    void partsGivenAwayAddUpToTheWholeTree() {
        SampleTree t1 = SampleTree.T1;       // geometric, 4,130,071 nodes, shallow
        UtsCount uts = new UtsCount(t1.options());
        int[] jobs = new int[1];
        assertThat(countGivingAway(uts, 50, jobs)).isEqualTo(t1.nodes());
        assertThat(jobs[0]).as("jobs, parts included").isGreaterThan(100);
    }

    @Test
    void aDeepBinomialTreeGivesAwayItsShallowestSubtreesAsPaths() {
        // A small binomial tree, 1,572 levels deep for T3; here a smaller one of the same kind.
        String tree = "-t 0 -b 300 -q 0.124 -m 8 -r 42";
        UtsCount uts = new UtsCount(tree);
        long whole = Uts.serial(UtsParams.parse(tree));
        int[] jobs = new int[1];
        assertThat(countGivingAway(uts, 3, jobs)).isEqualTo(whole);
        assertThat(jobs[0]).isGreaterThan(10);
        Every never = new Every(Integer.MAX_VALUE);
        assertThat(uts.solve(UtsCount.Subtree.root(), never)).isEqualTo(whole);
        assertThat(never.offers).isZero();
    }
}
