package dev.strand.cli.profile;

import dev.strand.profile.DagRecording;
import dev.strand.sim.Machine;
import dev.strand.sim.Policy;
import dev.strand.sim.Result;
import dev.strand.sim.Simulator;
import dev.strand.sim.dag.Dag;
import dev.strand.sim.dag.Proc;
import java.util.Objects;

/**
 * Replays a recorded run in the simulator: the recording becomes a DAG of procedures in time units
 * of {@link #unitNanos()} nanoseconds, run under the runtime's own policy (child stealing, one
 * task per steal, random coprime-stride victims) with a steal costing the measured burden.
 *
 * <p>A blob (a light subtree kept as work W and span S) becomes a balanced tree of
 * {@code ceil(W/S)} pieces of at most S units: the same work and span, the shape of a parallel
 * loop. Procedures are generated on demand, so a blob of a million pieces costs no memory until
 * the simulator reaches it.
 */
public final class Replay {
    /** The simulator's rounds: the unit grows so that the work stays below this many units. */
    static final long MAX_WORK_UNITS = 20_000_000L;
    /** The finest unit: a microsecond. */
    static final long MIN_UNIT_NANOS = 1_000L;

    private final long unit;
    private final int stealCost;
    private final Dag dag;

    /**
     * @param recording   the recorded run
     * @param workNanos   its total work, to choose the unit
     * @param burdenNanos the cost of a steal, in nanoseconds
     */
    public Replay(DagRecording recording, long workNanos, long burdenNanos) {
        Objects.requireNonNull(recording, "recording must not be null");
        this.unit = Math.max(MIN_UNIT_NANOS, (workNanos + MAX_WORK_UNITS - 1) / MAX_WORK_UNITS);
        this.stealCost = (int) Math.max(1L, Math.round((double) burdenNanos / unit));
        this.dag = Dag.of("replay", new NodeProc(recording.root()));
    }

    /** @return nanoseconds per simulator step */
    public long unitNanos() {
        return unit;
    }

    /** @return the DAG the simulator runs */
    public Dag dag() {
        return dag;
    }

    /**
     * @param processors P
     * @param seed       the simulator's random seed
     * @return the simulated run: {@code result.time() * unitNanos()} is the predicted T_P
     */
    public Result run(int processors, long seed) {
        Policy strand = Policy.workStealing(Policy.Spawn.CHILD).withVictims(Policy.Victims.COPRIME);
        return Simulator.run(dag, strand, new Machine(processors, stealCost, 0,
                dev.strand.sim.Topology.FLAT), seed);
    }

    /** @return the predicted T_P of {@code r} in nanoseconds */
    public double nanos(Result r) {
        return (double) r.time() * unit;
    }

    private long units(long nanos) {
        return Math.max(1L, Math.round((double) nanos / unit));
    }

    /** A recorded frame as a procedure: one action per recorded action. */
    private final class NodeProc implements Proc {
        private final DagRecording.Node node;
        private final int size;

        NodeProc(DagRecording.Node node) {
            this.node = node;
            this.size = node.size();
        }

        @Override
        public int size() {
            return Math.max(1, size);
        }

        @Override
        public long action(int i) {
            if (size == 0) {
                return 1L;                        // an empty frame: the smallest strand
            }
            return switch (node.kind(i)) {
                case WORK -> units(node.work(i));
                case BLOB -> CALL;
                case SPAWN -> SPAWN;
                case CALL -> CALL;
                case SYNC -> SYNC;
            };
        }

        @Override
        public Proc child(int i) {
            return switch (node.kind(i)) {
                case BLOB -> Blob.of(units(node.work(i)), units(node.span(i)));
                case SPAWN, CALL -> new NodeProc(node.child(i));
                default -> null;
            };
        }
    }

    /**
     * Work W and span S as pieces {@code [lo, hi)} of a balanced tree: a piece is S units, the last
     * one the remainder. Value-like, so the simulator may compute its metrics once.
     */
    record Blob(long work, long span, long lo, long hi) implements Proc {
        static Proc of(long work, long span) {
            long s = Math.max(1L, Math.min(span, work));
            long pieces = (work + s - 1) / s;
            return new Blob(work, s, 0, pieces);
        }

        @Override
        public int size() {
            return hi - lo == 1 ? 1 : 3;
        }

        @Override
        public long action(int i) {
            if (hi - lo == 1) {
                long last = (work - 1) / span;    // index of the last piece
                return lo == last ? work - last * span : span;
            }
            return i == 0 ? SPAWN : i == 1 ? CALL : SYNC;
        }

        @Override
        public Proc child(int i) {
            long mid = (lo + hi) >>> 1;
            return i == 0 ? new Blob(work, span, lo, mid) : new Blob(work, span, mid, hi);
        }

        @Override
        public boolean memoizable() {
            return true;
        }
    }
}
