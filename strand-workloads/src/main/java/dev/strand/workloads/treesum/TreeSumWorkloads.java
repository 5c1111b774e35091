package dev.strand.workloads.treesum;

import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;
import java.util.concurrent.ForkJoinTask;

/**
 * The two tree-sum kernels of Spice's benchmark: a large tree summed once per run
 * ({@code treesum}), and a 1023-node tree summed many times within one pool task per run
 * ({@code treesum-small}), so that the second measures the joins of a computation of about a
 * microsecond and not the wake-up of the pool before it.
 */
public final class TreeSumWorkloads {
    private TreeSumWorkloads() { }

    static final String FORM_HELP = "Strand's form: 0 Strand.join (lambdas, boxed results), "
            + "1 Strand.joinLong (allocation-free), 2 plain recursion with Strand.joinLong where "
            + "Strand.wantsSplit() (the guide's form)";
    static final String[] FORMS = {" form=0 (Strand.join)", " form=1 (joinLong)", ""};

    /** The Strand form's sum of the tree at {@code r}. */
    static long strandSum(int form, TreeSum.Node r) {
        return switch (form) {
            case 0 -> TreeSum.strand(r);
            case 1 -> TreeSum.strandJoinLong(r);
            default -> TreeSum.strandPolled(r);
        };
    }

    /** @return the large-tree kernel: ns per node */
    public static Kernel large() {
        return new Kernel("treesum", "Spice's binary-tree sum: 2^depth - 1 nodes, a fork at every node, no "
                + "cutoff (ns per node)",
                List.of(new Kernel.Param("depth", "tree depth (2^depth - 1 nodes, 32 bytes each)", "16", "24", "25"),
                        new Kernel.Param("form", FORM_HELP, "2", "2", "2")),
                p -> new Large(p.getInt("depth", 1, TreeSum.MAX_DEPTH), p.getInt("form", 0, 2)));
    }

    /** @return the small-tree kernel: ns per node, many sums per run */
    public static Kernel small() {
        return new Kernel("treesum-small", "the tree sum of a 1023-node tree, many sums within one pool "
                + "task per run: joins of a 2 us computation (ns per node)",
                List.of(new Kernel.Param("depth", "tree depth (2^depth - 1 nodes)", "10", "10", "10"),
                        new Kernel.Param("sums", "sums of the tree per run, all within one task", "1000",
                                "10000", "100000"),
                        new Kernel.Param("form", FORM_HELP, "2", "2", "2")),
                p -> new Small(p.getInt("depth", 1, 20), p.getInt("sums", 1, 100_000_000),
                        p.getInt("form", 0, 2)));
    }

    /** One sum of a large tree per run. */
    static final class Large extends Workload {
        final int depth;
        final int form;
        final long want;
        TreeSum.Node root;

        Large(int depth, int form) {
            this.depth = depth;
            this.form = form;
            this.want = TreeSum.expected(depth);
        }

        @Override
        public String name() {
            return "treesum";
        }

        @Override
        public String params() {
            return "depth=" + depth + " (" + TreeSum.nodes(depth) + " nodes)" + FORMS[form];
        }

        @Override
        public boolean serialIsReentrant() {
            return true;                          // reads the shared tree only
        }

        @Override
        public List<Variant> variants() {
            return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
        }

        @Override
        public void setUp(Pools pools) {
            super.setUp(pools);
            root = TreeSum.perfect(depth);        // built once, outside the timed runs
        }

        @Override
        public Object run(Variant v) {
            TreeSum.Node r = root;
            return switch (v) {
                case SERIAL -> TreeSum.serial(r);
                case STRAND -> pools.strand().invoke(() -> strandSum(form, r));
                case FJP -> pools.fjp().invoke(new TreeSum.FjpSum(r));
                default -> throw new IllegalArgumentException(v.label());
            };
        }

        @Override
        public void check(Variant v, Object result) {
            WrongResultException.expect("treesum depth " + depth + " " + v.label(), (Long) result, want);
        }

        @Override
        public Units units() {
            return new Units(TreeSum.nodes(depth), "nodes");
        }

        @Override
        public void close() {
            root = null;
        }
    }

    /** {@code sums} sums of a small tree per run, all inside one task of the pool. */
    static final class Small extends Workload {
        final int depth;
        final int sums;
        final int form;
        final long want;
        TreeSum.Node root;

        Small(int depth, int sums, int form) {
            this.depth = depth;
            this.sums = sums;
            this.form = form;
            this.want = TreeSum.expected(depth) * sums;
        }

        @Override
        public String name() {
            return "treesum-small";
        }

        @Override
        public String params() {
            return "depth=" + depth + " (" + TreeSum.nodes(depth) + " nodes) sums=" + sums
                    + FORMS[form];
        }

        @Override
        public boolean serialIsReentrant() {
            return true;                          // reads the shared tree only
        }

        @Override
        public List<Variant> variants() {
            return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
        }

        @Override
        public void setUp(Pools pools) {
            super.setUp(pools);
            root = TreeSum.perfect(depth);
        }

        @Override
        public Object run(Variant v) {
            TreeSum.Node r = root;
            int n = sums;
            return switch (v) {
                case SERIAL -> {
                    long s = 0;
                    for (int i = 0; i < n; i++) {
                        s += TreeSum.serial(r);
                    }
                    yield s;
                }
                case STRAND -> pools.strand().invoke(() -> {
                    long s = 0;
                    for (int i = 0; i < n; i++) {
                        s += strandSum(form, r);
                    }
                    return s;
                });
                case FJP -> pools.fjp().invoke(ForkJoinTask.adapt(() -> {
                    long s = 0;
                    for (int i = 0; i < n; i++) {
                        s += new TreeSum.FjpSum(r).invoke();   // runs in this worker, forks below
                    }
                    return s;
                }));
                default -> throw new IllegalArgumentException(v.label());
            };
        }

        @Override
        public void check(Variant v, Object result) {
            WrongResultException.expect("treesum-small " + sums + " sums " + v.label(), (Long) result, want);
        }

        @Override
        public Units units() {
            return new Units(TreeSum.nodes(depth) * sums, "nodes");
        }

        @Override
        public void close() {
            root = null;
        }
    }
}
