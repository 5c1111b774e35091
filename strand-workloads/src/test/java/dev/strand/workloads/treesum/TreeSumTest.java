package dev.strand.workloads.treesum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.StrandPool;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

class TreeSumTest {

    /** @return the depth of the deepest leaf */
    static int depth(TreeSum.Node n) {
        return n == null ? 0 : 1 + Math.max(depth(n.left), depth(n.right));
    }

    static long count(TreeSum.Node n) {
        return n == null ? 0 : 1 + count(n.left) + count(n.right);
    }

    @Test
    void thePerfectTreeHoldsOneToNInOrderAtTheExpectedDepth() {
        for (int d = 1; d <= 12; d++) {
            TreeSum.Node root = TreeSum.perfect(d);
            assertThat(count(root)).isEqualTo(TreeSum.nodes(d)).isEqualTo((1L << d) - 1);
            assertThat(depth(root)).isEqualTo(d);
            assertThat(TreeSum.serial(root)).isEqualTo(TreeSum.expected(d));
        }
        TreeSum.Node r = TreeSum.perfect(2);
        assertThat(new long[] {r.left.value, r.value, r.right.value}).containsExactly(1, 2, 3);
        assertThat(TreeSum.expected(24)).isEqualTo(16_777_215L * 16_777_216L / 2);
        assertThatThrownBy(() -> TreeSum.nodes(0)).hasMessageContaining("depth must be in [1, 30]");
    }

    @Test
    void everyVersionSumsTreesOfAnyShape() {
        try (StrandPool sp = new StrandPool(2); ForkJoinPool fp = new ForkJoinPool(2)) {
            for (long n = 1; n <= 300; n += 7) {            // unbalanced: nodes with one child
                TreeSum.Node root = TreeSum.build(1, n);
                long want = n * (n + 1) / 2;
                assertThat(TreeSum.serial(root)).isEqualTo(want);
                assertThat(sp.invoke(() -> TreeSum.strand(root))).isEqualTo(want);
                assertThat(sp.invoke(() -> TreeSum.strandJoinLong(root))).isEqualTo(want);
                assertThat(fp.invoke(new TreeSum.FjpSum(root))).isEqualTo(want);
            }
            TreeSum.Node big = TreeSum.perfect(18);
            for (int round = 0; round < 3; round++) {
                assertThat(sp.invoke(() -> TreeSum.strand(big))).isEqualTo(TreeSum.expected(18));
                assertThat(sp.invoke(() -> TreeSum.strandJoinLong(big))).isEqualTo(TreeSum.expected(18));
                assertThat(fp.invoke(new TreeSum.FjpSum(big))).isEqualTo(TreeSum.expected(18));
            }
        }
    }
}
