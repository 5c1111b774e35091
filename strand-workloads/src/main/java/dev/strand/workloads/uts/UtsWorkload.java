package dev.strand.workloads.uts;

import dev.strand.workloads.Kernel;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;

/**
 * UTS: counts the nodes of a tree. Checked against the published count for the sample trees
 * ({@link SampleTree}: T1, T3...), otherwise against a serial count made once at set-up. The
 * {@code tree} parameter takes any tree in the reference's options ({@link UtsParams}), so both
 * kernels run every tree type; they differ in their default trees.
 */
public final class UtsWorkload extends Workload {
    final String name;
    final UtsParams tree;
    long want;
    /** See {@link #serialQueued()}: counted at set-up for trees of at most {@link #COUNTED_NODES} nodes. */
    long serialQueued = -1;
    /** Above this many nodes, set-up does not walk the tree for {@link #serialQueued()} (a few seconds). */
    static final long COUNTED_NODES = 20_000_000L;

    private static final String TREE_HELP = "UTS options (-t -a -d -b -r -q -m -f) or a sample tree: "
            + SampleTree.names();

    UtsWorkload(String name, UtsParams tree) {
        this.name = name;
        this.tree = tree;
    }

    /** @return UTS T1 (geometric, fixed shape) */
    public static Kernel t1() {
        return new Kernel("uts-t1", "UTS, geometric tree, fixed shape (T1: 4,130,071 nodes); one task per node",
                List.of(new Kernel.Param("tree", TREE_HELP, "-t 1 -a 3 -d 6 -b 4 -r 19",
                        SampleTree.T1.options(), SampleTree.T1L.options())),
                p -> new UtsWorkload("uts-t1", UtsParams.parse(p.get("tree"))));
    }

    /** @return UTS T3 (binomial) */
    public static Kernel t3() {
        return new Kernel("uts-t3", "UTS, binomial tree (T3: 4,112,897 nodes); one task per node",
                List.of(new Kernel.Param("tree", TREE_HELP, "-t 0 -b 2000 -q 0.1 -m 8 -r 42",
                        SampleTree.T3.options(), SampleTree.T3L.options())),
                p -> new UtsWorkload("uts-t3", UtsParams.parse(p.get("tree"))));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String params() {
        return tree.toString();
    }

    @Override
    public boolean serialIsReentrant() {
        return true;                              // a pure function of immutable parameters
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public void setUp(dev.strand.workloads.Pools pools) {
        super.setUp(pools);
        long published = tree.publishedNodes();
        want = published >= 0 ? published : Uts.serial(tree);
        serialQueued = want <= COUNTED_NODES ? Uts.serialQueued(tree) : -1;
    }

    @Override
    public Object run(Variant v) {
        return switch (v) {
            case SERIAL -> Uts.serial(tree);
            case STRAND -> pools.strand().invoke(() -> Uts.strand(tree));
            case FJP -> {
                Uts.FjpNode t = Uts.fjpTask(tree);
                pools.fjp().invoke(t);
                yield t.count;
            }
            default -> throw new IllegalArgumentException(v.label());
        };
    }

    @Override
    public void check(Variant v, Object result) {
        WrongResultException.expect("UTS " + tree + " nodes, " + v.label(), (Long) result, want);
    }

    @Override
    public Units units() {
        return new Units(want, "nodes");
    }

    @Override
    public long serialQueued() {
        return serialQueued;
    }
}
