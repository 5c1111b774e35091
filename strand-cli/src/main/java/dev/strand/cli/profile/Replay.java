package dev.strand.cli.profile;

import dev.strand.profile.DagRecording;
import dev.strand.sim.Machine;
import dev.strand.sim.Policy;
import dev.strand.sim.Result;
import dev.strand.sim.Simulator;
import dev.strand.sim.Topology;
import dev.strand.sim.dag.Dag;
import dev.strand.sim.dag.Proc;
import java.util.Arrays;
import java.util.Objects;

/**
 * Replays a recorded run in the simulator: the recording becomes a DAG of procedures in time units
 * of {@link #unitNanos(int)} nanoseconds, run under the runtime's own policy (child stealing, one
 * task per steal, random coprime-stride victims) with a steal costing the measured burden.
 *
 * <p>The unit is chosen per P: the simulator spends a step per processor per unit of simulated
 * time, about T1 + P·T∞ steps, so the unit grows with P to keep that below
 * {@link #STEP_BUDGET}. Within a frame, durations are rounded to units cumulatively (each
 * action ends at the rounded end of its recorded interval), so a frame's work is kept to within
 * one unit however many short segments it has; a segment that rounds to nothing is dropped.
 *
 * <p>A blob (a light subtree kept as work W and span S) becomes a balanced tree of pieces of S
 * units (the last one the remainder): the same work and span, the shape of a parallel loop.
 * Sub-trees of equal size are equal values, so the simulator's metrics walk is logarithmic in
 * the pieces and the procedures are generated only as the simulator reaches them.
 *
 * <p>With {@link SchedulerCosts} the replay also charges what the profile leaves out: every
 * duration grows by the recorded spawns' own cost spread over the work (spawns inside blobs are
 * counted too, but not placed), the simulated workers park as the runtime's do (all but the
 * root's start parked; a push onto an empty deque while nobody searches wakes one, which starts
 * after the calibrated wake-up; a worker that found nothing for the calibrated spin parks), a
 * worker that ran dry starts what it steals after the calibrated latency, and every top-level run adds
 * the cost of an invoke on an idle pool. A prediction is never below the laws with the grown work
 * and span, plus those invokes.
 */
public final class Replay {
    /** Simulated processor-steps to aim for per run: bounds the time a replay takes. */
    static final long STEP_BUDGET = 40_000_000L;
    /** The finest unit. */
    static final long MIN_UNIT_NANOS = 100L;

    private final DagRecording recording;
    private final long workNanos;
    private final long spanNanos;
    private final long burdenNanos;
    private final SchedulerCosts costs;
    private final double scale;
    private final long invokes;

    /**
     * @param recording   the recorded run
     * @param workNanos   its total work T1, to choose the unit
     * @param spanNanos   its span T∞, to choose the unit
     * @param burdenNanos the cost of a steal, in nanoseconds
     */
    public Replay(DagRecording recording, long workNanos, long spanNanos, long burdenNanos) {
        this.recording = Objects.requireNonNull(recording, "recording must not be null");
        this.workNanos = Math.max(0L, workNanos);
        this.spanNanos = Math.max(0L, spanNanos);
        this.burdenNanos = Math.max(0L, burdenNanos);
        this.costs = SchedulerCosts.NONE;
        this.scale = 1.0;
        this.invokes = 0;
    }

    /**
     * A replay that charges the scheduler's costs.
     *
     * @param recording the recorded run
     * @param workNanos its total work T1
     * @param spanNanos its span T∞
     * @param burdenNanos the cost of a steal attempt, in nanoseconds
     * @param spawns    the forks it counted (each charged {@link SchedulerCosts#spawnNanos()})
     * @param invokes   its top-level runs (each charged {@link SchedulerCosts#invokeNanos()})
     * @param costs     the scheduler's costs
     */
    public Replay(DagRecording recording, long workNanos, long spanNanos, long burdenNanos, long spawns,
                  long invokes, SchedulerCosts costs) {
        this.recording = Objects.requireNonNull(recording, "recording must not be null");
        this.costs = Objects.requireNonNull(costs, "costs must not be null");
        this.workNanos = Math.max(0L, workNanos);
        this.spanNanos = Math.max(0L, spanNanos);
        this.burdenNanos = Math.max(0L, burdenNanos);
        double extra = (double) Math.max(0L, spawns) * costs.spawnNanos();
        this.scale = this.workNanos > 0 ? 1.0 + extra / this.workNanos : 1.0;
        this.invokes = Math.max(0L, invokes);
    }

    /** @return the factor every recorded duration is multiplied by (the spawns' own cost) */
    public double scale() {
        return scale;
    }

    /** @return nanoseconds per simulator step for a replay on {@code processors} workers */
    public long unitNanos(int processors) {
        double steps = scale * (workNanos + (double) processors * spanNanos);
        return Math.max(MIN_UNIT_NANOS, (long) Math.ceil(steps / STEP_BUDGET));
    }

    /** @return the DAG the simulator runs on {@code processors} workers */
    public Dag dag(int processors) {
        return Dag.of("replay", new NodeProc(recording.root(), unitNanos(processors), scale));
    }

    /**
     * The simulated T_P, never below what the work and span laws allow ({@code T1 / P} and
     * {@code T∞} as profiled): at large P the unit grows and rounding each segment to whole units
     * could otherwise take the replay a little under the span, a time no run can reach.
     *
     * @param processors P
     * @param seed       the simulator's random seed
     * @return the predicted T_P in nanoseconds
     */
    public double predictNanos(int processors, long seed) {
        long unit = unitNanos(processors);
        Result r = run(processors, seed, unit);
        double laws = scale * Math.max((double) spanNanos, (double) workNanos / processors);
        return Math.max((double) r.time() * unit, laws) + (double) invokes * costs.invokeNanos();
    }

    /**
     * @param processors P
     * @param seed       the simulator's random seed
     * @return the simulated run, in units of {@link #unitNanos(int) unitNanos(processors)}
     */
    public Result run(int processors, long seed) {
        return run(processors, seed, unitNanos(processors));
    }

    private Result run(int processors, long seed, long unit) {
        Policy strand = Policy.workStealing(Policy.Spawn.CHILD).withVictims(Policy.Victims.COPRIME);
        int stealCost = (int) Math.max(1L, Math.min(Integer.MAX_VALUE,
                Math.round((double) burdenNanos / unit)));
        Dag dag = Dag.of("replay", new NodeProc(recording.root(), unit, scale));
        // A probe costs the burden (a failed one touches one deque); a thief that ran dry starts
        // what it steals after the calibrated latency.
        Machine m = costs.any()
                ? new Machine(processors, stealCost, 0, Topology.FLAT, units(costs.wakeNanos(), unit),
                        units(costs.spinNanos(), unit), units(costs.stealNanos(), unit),
                        units(costs.firstWakeNanos(), unit))
                : new Machine(processors, stealCost, 0, Topology.FLAT);
        return Simulator.run(dag, strand, m, seed);
    }

    private static int units(long nanos, long unit) {
        return (int) Math.min(Integer.MAX_VALUE, Math.round((double) nanos / unit));
    }

    /**
     * A recorded frame as a procedure. Work and blob durations are rounded cumulatively: action
     * {@code i} lasts {@code round(end_i / unit) - round(start_i / unit)} units, where start and
     * end are its bounds on the frame's own serial time line; actions that round to nothing go.
     */
    static final class NodeProc implements Proc {
        private final DagRecording.Node node;
        private final long unit;
        private final double scale;
        private final int[] index;      // the node's action behind each of ours
        private final long[] work;      // units of a WORK or a blob's work
        private final long[] span;      // units of a blob's span

        NodeProc(DagRecording.Node node, long unit, double scale) {
            this.node = node;
            this.unit = unit;
            this.scale = scale;
            int n = node.size();
            int[] idx = new int[n];
            long[] w = new long[n];
            long[] s = new long[n];
            int k = 0;
            double doneNanos = 0;
            long doneUnits = 0;
            for (int i = 0; i < n; i++) {
                DagRecording.Kind kind = node.kind(i);
                if (kind == DagRecording.Kind.WORK || kind == DagRecording.Kind.BLOB) {
                    doneNanos += scale * Math.max(0L, node.work(i));
                    long end = Math.round(doneNanos / unit);
                    long units = end - doneUnits;
                    doneUnits = end;
                    if (units <= 0) {
                        continue;                 // shorter than a unit: carried to the next one
                    }
                    w[k] = units;
                    if (kind == DagRecording.Kind.BLOB) {
                        s[k] = Math.max(1L, Math.min(units, Math.round(scale * node.span(i) / unit)));
                    }
                }
                idx[k++] = i;
            }
            this.index = Arrays.copyOf(idx, k);
            this.work = Arrays.copyOf(w, k);
            this.span = Arrays.copyOf(s, k);
        }

        @Override
        public int size() {
            return Math.max(1, index.length);
        }

        @Override
        public long action(int i) {
            if (index.length == 0) {
                return SYNC;                      // an empty frame: no work
            }
            return switch (node.kind(index[i])) {
                case WORK -> work[i];
                case BLOB, CALL -> CALL;
                case SPAWN -> SPAWN;
                case SYNC -> SYNC;
            };
        }

        @Override
        public Proc child(int i) {
            int j = index[i];
            return switch (node.kind(j)) {
                case BLOB -> Blob.of(work[i], span[i]);
                case SPAWN, CALL -> new NodeProc(node.child(j), unit, scale);
                default -> null;
            };
        }
    }

    /**
     * A balanced tree of {@code full} pieces of {@code piece} units and one of {@code rest} units
     * ({@code 0 <= rest < piece}). Value-like: equal trees are equal records, so the simulator
     * computes the metrics of each size once.
     */
    record Blob(long piece, long full, long rest) implements Proc {
        /** @return a tree of {@code work} units whose heaviest path is {@code span} units */
        static Proc of(long work, long span) {
            long s = Math.max(1L, Math.min(span, work));
            return new Blob(s, work / s, work % s);
        }

        private long pieces() {
            return full + (rest > 0 ? 1 : 0);
        }

        @Override
        public int size() {
            return pieces() == 1 ? 1 : 3;
        }

        @Override
        public long action(int i) {
            if (pieces() == 1) {
                return full == 1 ? piece : rest;
            }
            return i == 0 ? SPAWN : i == 1 ? CALL : SYNC;
        }

        @Override
        public Proc child(int i) {
            long left = pieces() / 2;             // whole pieces: at most full
            return i == 0 ? new Blob(piece, left, 0) : new Blob(piece, full - left, rest);
        }

        @Override
        public boolean memoizable() {
            return true;
        }
    }
}
