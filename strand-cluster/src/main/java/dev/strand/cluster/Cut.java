package dev.strand.cluster;

import dev.strand.cluster.engine.Serialization;
import dev.strand.cluster.engine.ShedPort;
import dev.strand.cluster.engine.SheddingFunction;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The top of a recursion, split as a {@link CutRule} says: a tree whose leaves are the jobs (in
 * depth-first order, so neighbouring subproblems are neighbouring jobs) and whose inner nodes
 * combine their children's results.
 */
final class Cut<P extends Serializable, R extends Serializable> {

    private final Recursion<P, R> recursion;
    private final Node<P> root;
    private final List<Node<P>> leaves = new ArrayList<>();

    private Cut(Recursion<P, R> recursion, P problem, CutRule<P> rule) {
        this.recursion = recursion;
        this.root = build(problem, 0, rule);
    }

    static <P extends Serializable, R extends Serializable> Cut<P, R> of(Recursion<P, R> recursion, P problem,
            CutRule<P> rule) {
        return new Cut<>(recursion, problem, rule);
    }

    private Node<P> build(P problem, int depth, CutRule<P> rule) {
        double work = recursion.work(problem);
        List<P> parts = rule.isJob(problem, depth, work) ? List.of() : recursion.split(problem);
        if (parts.isEmpty()) {
            Node<P> leaf = new Node<>(problem, work, List.of(), leaves.size());
            leaves.add(leaf);
            return leaf;
        }
        List<Node<P>> children = new ArrayList<>(parts.size());
        for (P part : parts) {
            children.add(build(part, depth + 1, rule));
        }
        return new Node<>(problem, work, children, -1);
    }

    /** @return one job per leaf, ids 0.., in depth-first order */
    List<BatchJob> jobs() {
        String kind = recursion.getClass().getName();
        List<BatchJob> jobs = new ArrayList<>(leaves.size());
        for (Node<P> leaf : leaves) {
            byte[] input = Serialization.toBytes(leaf.problem, "subproblem " + leaf.leafIndex + " ("
                    + leaf.problem.getClass().getName() + ")");
            jobs.add(new BatchJob(leaf.leafIndex, kind, input, leaf.work > 0 ? leaf.work : 1.0));
        }
        return jobs;
    }

    /** Combines the leaves' results up the tree. */
    R combine(BatchResult batch) {
        return combine(root, batch);
    }

    @SuppressWarnings("unchecked")
    private R combine(Node<P> node, BatchResult batch) {
        if (node.leafIndex >= 0) {
            return withParts(node.leafIndex, batch);
        }
        List<R> parts = new ArrayList<>(node.children.size());
        for (Node<P> c : node.children) {
            parts.add(combine(c, batch));
        }
        return recursion.combine(node.problem, parts);
    }

    /**
     * A job's result merged with the results of the parts it gave away, and theirs, recursively
     * (a part may give parts away too).
     */
    @SuppressWarnings("unchecked")
    private R withParts(long id, BatchResult batch) {
        R r = (R) Serialization.fromBytes(batch.output(id), "the result of job " + id);
        List<Long> given = batch.parts(id);
        if (given.isEmpty()) {
            return r;
        }
        if (!(recursion instanceof Shedding<P, R> s)) {
            throw new IllegalStateException("job " + id + " gave work away but its recursion cannot merge");
        }
        for (long part : given) {
            r = s.merge(r, withParts(part, batch));
        }
        return r;
    }

    /**
     * @return the function a node runs for one leaf: solve the subproblem whole, or, for a
     *     {@link Shedding} recursion, solve it giving parts away when asked
     */
    JobFunction function() {
        return recursion instanceof Shedding<P, R> s ? new SolveShedding<>(s) : new Solve<>(recursion);
    }

    /** Runs on a node: solves a subproblem, giving parts away when an idle node asks. */
    private static final class SolveShedding<P extends Serializable, R extends Serializable>
            implements SheddingFunction {
        @Serial
        private static final long serialVersionUID = 1L;

        private final Shedding<P, R> recursion;

        SolveShedding(Shedding<P, R> recursion) {
            this.recursion = recursion;
        }

        @Override
        @SuppressWarnings("unchecked")
        public byte[] apply(byte[] input, ShedPort port) {
            P problem = (P) Serialization.fromBytes(input, "a subproblem");
            Shed<P> shed = new Shed<>() {
                @Override
                public boolean claim() {
                    return port.claim();
                }

                @Override
                public void offer(List<P> parts) {
                    List<byte[]> bytes = new ArrayList<>(parts.size());
                    for (P p : parts) {
                        bytes.add(Serialization.toBytes(p, "a part given away (" + p.getClass().getName() + ")"));
                    }
                    port.offer(bytes);
                }
            };
            return Serialization.toBytes(recursion.solve(problem, shed), "the result of a subproblem");
        }
    }

    private record Node<P>(P problem, double work, List<Node<P>> children, int leafIndex) {}

    /** Runs on a node: reads a subproblem, solves it, writes the result. */
    private static final class Solve<P extends Serializable, R extends Serializable> implements JobFunction {
        @Serial
        private static final long serialVersionUID = 1L;

        private final Recursion<P, R> recursion;

        Solve(Recursion<P, R> recursion) {
            this.recursion = recursion;
        }

        @Override
        @SuppressWarnings("unchecked")
        public byte[] apply(byte[] input) {
            P problem = (P) Serialization.fromBytes(input, "a subproblem");
            return Serialization.toBytes(recursion.solve(problem), "the result of a subproblem");
        }
    }
}
