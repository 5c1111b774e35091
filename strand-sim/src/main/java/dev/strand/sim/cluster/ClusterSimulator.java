package dev.strand.sim.cluster;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A discrete-event simulation of two-level work stealing: nodes of several cores, each running
 * the jobs placed on it, idle nodes stealing waiting jobs from busy ones over a network.
 *
 * <h2>Within a node</h2>
 * A node keeps its waiting jobs in a queue; a free core takes the next one at once. This is the
 * node's local pool with its own work stealing, whose steals cost microseconds against jobs of
 * milliseconds: it is modelled as free.
 *
 * <h2>Between nodes</h2>
 * A node with a free core, no waiting job of its own and no request already out for that core
 * sends a steal request to the node of highest occupancy that has a waiting job (Dask's
 * balancing also pairs the most and least saturated). The request arrives after the latency;
 * the victim then picks, from the end of its queue (the jobs it would run last), the first job
 * the policy allows: any ({@link InterNode#PLAIN}) or one for which {@link DaskRule} holds with
 * the occupancies at that moment ({@link InterNode#COST_AWARE}; the thief's as it was when it
 * asked). The job's input then leaves through the victim's interface and arrives
 * {@code latency + bytes / bandwidth} later; the thief runs it next. A bulk input (over
 * {@value #INTERLEAVED_BYTES} bytes) leaves after any bulk transfer already leaving that
 * interface; a smaller one does not wait for them: TCP connections to different hosts share an
 * interface packet by packet, so a small message slips between the segments of a megabyte going
 * elsewhere (strand-cluster's emulated link has the same rule). A single queue for every
 * transfer held a small job stolen after a large one behind the whole large transfer, and gave
 * plain stealing a loss that neither the emulated link nor a real network has. A
 * refusal comes back after the latency, and the thief asks again {@code retrySeconds} later, for
 * as long as some node has a waiting job.
 *
 * <p>Occupancy of a node: the compute of its waiting jobs, plus what remains of its running ones,
 * plus the jobs on their way to it, over its cores. The policy sees the true compute times
 * (perfect estimates); strand-cluster learns them from finished jobs.
 *
 * <p>Deterministic: no randomness; ties in time are broken by the order events were scheduled,
 * ties between victims by the lower node index.
 */
public final class ClusterSimulator {

    /** The largest transfer that does not wait for bulk transfers leaving the same interface. */
    public static final long INTERLEAVED_BYTES = 64 * 1024;

    private static final int DONE = 0;
    private static final int REQUEST = 1;
    private static final int ARRIVE = 2;
    private static final int REFUSED = 3;
    private static final int RETRY = 4;

    private final ClusterModel model;
    private final InterNode policy;
    private final Node[] nodes;
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private long seq;
    private double now;
    private int steals;
    private long bytesMoved;
    private int refusals;
    private int waitingTotal;

    private ClusterSimulator(ClusterModel model, InterNode policy) {
        this.model = model;
        this.policy = policy;
        this.nodes = new Node[model.nodes()];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = new Node(i);
        }
    }

    /**
     * Runs {@code jobs} on {@code model} under {@code policy}.
     *
     * @throws IllegalArgumentException if a job's home is not a node of the model, or there is no job
     */
    public static ClusterResult run(ClusterModel model, List<SimJob> jobs, InterNode policy) {
        if (jobs.isEmpty()) {
            throw new IllegalArgumentException("no job to run");
        }
        ClusterSimulator s = new ClusterSimulator(model, policy);
        double work = 0;
        for (SimJob j : jobs) {
            if (j.home() >= model.nodes()) {
                throw new IllegalArgumentException("job " + j.id() + ": home " + j.home() + " is not one of the "
                        + model.nodes() + " nodes");
            }
            s.nodes[j.home()].waiting.addLast(j);
            s.waitingTotal++;
            work += j.computeSeconds();
        }
        for (Node n : s.nodes) {
            s.dispatch(n);
        }
        while (!s.events.isEmpty()) {
            Event e = s.events.poll();
            s.now = e.time;
            s.handle(e);
        }
        List<Double> finish = new ArrayList<>();
        double makespan = 0;
        for (Node n : s.nodes) {
            finish.add(n.finish);
            makespan = Math.max(makespan, n.finish);
        }
        return new ClusterResult(policy, makespan, s.steals, s.bytesMoved, s.refusals, finish, work);
    }

    private void handle(Event e) {
        Node n = nodes[e.node];
        switch (e.type) {
            case DONE -> {
                n.running.remove(e.run);
                n.finish = Math.max(n.finish, now);
                dispatch(n);
            }
            case REQUEST -> answer(nodes[e.other], n, e.thiefOccupancy);
            case ARRIVE -> {
                n.requests--;
                n.incoming -= e.job.computeSeconds();
                n.waiting.addFirst(e.job);
                waitingTotal++;
                dispatch(n);
            }
            case REFUSED -> {
                n.requests--;
                schedule(new Event(now + model.retrySeconds(), seq++, RETRY, n.index, -1, null, 0));
            }
            case RETRY -> dispatch(n);
            default -> throw new IllegalStateException("event type " + e.type);
        }
    }

    /** Starts waiting jobs on free cores, then asks for work for the cores still free. */
    private void dispatch(Node n) {
        while (n.running.size() < model.cores() && !n.waiting.isEmpty()) {
            SimJob j = n.waiting.pollFirst();
            waitingTotal--;
            Running r = new Running(j, now + j.computeSeconds());
            n.running.add(r);
            schedule(new Event(r.end, seq++, DONE, n.index, -1, null, 0, r));
        }
        if (policy == InterNode.NONE || !n.waiting.isEmpty()) {
            return;
        }
        while (n.running.size() + n.requests < model.cores()) {
            Node victim = victim(n);
            if (victim == null) {
                return;
            }
            n.requests++;
            schedule(new Event(now + model.network().latencySeconds(), seq++, REQUEST, n.index, victim.index,
                    null, occupancy(n)));
        }
    }

    /** The node of highest occupancy with a waiting job, other than {@code thief}; null if none. */
    private Node victim(Node thief) {
        if (waitingTotal == 0) {
            return null;
        }
        Node best = null;
        double bestOcc = -1;
        for (Node v : nodes) {
            if (v == thief || v.waiting.isEmpty()) {
                continue;
            }
            double o = occupancy(v);
            if (o > bestOcc) {
                best = v;
                bestOcc = o;
            }
        }
        return best;
    }

    /** The victim's answer to a request that has just arrived. */
    private void answer(Node victim, Node thief, double thiefOccupancy) {
        SimJob pick = null;
        double victimOcc = occupancy(victim);
        if (policy == InterNode.FINISH_SOONER) {
            double ahead = 0;
            for (Running r : victim.running) {
                ahead += r.end - now;
            }
            double best = Double.MAX_VALUE;
            for (SimJob j : victim.waiting) {
                double transfer = model.network().transferSeconds(j.inputBytes());
                double ratio = transfer / Math.max(1e-9, j.computeSeconds());
                if (thiefOccupancy + transfer < ahead / model.cores() && ratio <= best) {
                    pick = j;
                    best = ratio;
                }
                ahead += j.computeSeconds();
            }
            if (pick != null) {
                victim.waiting.remove(pick);
            }
        }
        Iterator<SimJob> it = policy == InterNode.FINISH_SOONER ? java.util.Collections.emptyIterator()
                : victim.waiting.descendingIterator();
        while (it.hasNext()) {
            SimJob j = it.next();
            if (policy == InterNode.PLAIN || DaskRule.worthStealing(thiefOccupancy, victimOcc, j.computeSeconds(),
                    model.network().transferSeconds(j.inputBytes()))) {
                pick = j;
                it.remove();
                break;
            }
        }
        if (pick == null) {
            refusals++;
            schedule(new Event(now + model.network().latencySeconds(), seq++, REFUSED, thief.index, victim.index,
                    null, 0));
            return;
        }
        waitingTotal--;
        steals++;
        bytesMoved += pick.inputBytes();
        double sent;
        if (pick.inputBytes() <= INTERLEAVED_BYTES) {
            sent = now + pick.inputBytes() / model.network().bytesPerSecond();
        } else {
            sent = Math.max(now, victim.sendFree) + pick.inputBytes() / model.network().bytesPerSecond();
            victim.sendFree = sent;
        }
        thief.incoming += pick.computeSeconds();
        schedule(new Event(sent + model.network().latencySeconds(), seq++, ARRIVE, thief.index, victim.index,
                pick, 0));
    }

    private double occupancy(Node n) {
        double o = n.incoming;
        for (SimJob j : n.waiting) {
            o += j.computeSeconds();
        }
        for (Running r : n.running) {
            o += r.end - now;
        }
        return o / model.cores();
    }

    private void schedule(Event e) {
        events.add(e);
    }

    /** One node's state. */
    private static final class Node {
        final int index;
        final Deque<SimJob> waiting = new ArrayDeque<>();
        final List<Running> running = new ArrayList<>();
        int requests;
        double incoming;
        /** When the bulk transfers leaving this node's interface are done. */
        double sendFree;
        double finish;

        Node(int index) {
            this.index = index;
        }
    }

    /** A job on a core, and when it ends. */
    private record Running(SimJob job, double end) { }

    /** A timed event; ordered by time, then by the order of scheduling. */
    private static final class Event implements Comparable<Event> {
        final double time;
        final long seq;
        final int type;
        final int node;
        final int other;
        final SimJob job;
        final double thiefOccupancy;
        final Running run;

        Event(double time, long seq, int type, int node, int other, SimJob job, double thiefOccupancy) {
            this(time, seq, type, node, other, job, thiefOccupancy, null);
        }

        Event(double time, long seq, int type, int node, int other, SimJob job, double thiefOccupancy,
                Running run) {
            this.time = time;
            this.seq = seq;
            this.type = type;
            this.node = node;
            this.other = other;
            this.job = job;
            this.thiefOccupancy = thiefOccupancy;
            this.run = run;
        }

        @Override
        public int compareTo(Event o) {
            int c = Double.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }
}
