package dev.strand.cluster.plan;

import dev.strand.cluster.cost.CostRule;
import dev.strand.cluster.cost.Link;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntToDoubleFunction;

/**
 * The driver's steal-time scheduler (Dask's {@code WorkStealing.balance}, run where Dask runs it:
 * on the one process that sees every node's queue). It knows which chunks are on which node, in
 * the order they were sent, and decides, whenever a node has a free slot and nothing waiting (a
 * thief), which waiting chunk of which other node (a victim) to move there, with the occupancies
 * and compute estimates of that moment.
 *
 * <p>Model of a node: it runs {@code slots} chunks at once in send order and queues the rest;
 * the chunks it said it had started (a refused request, below) and then the first chunks in
 * flight to it, up to {@code slots} in all, are taken to be running, the others waiting. (A node
 * can start a later chunk first, when the earlier one reaches it after it fell idle: a refusal
 * corrects the model, so the earlier one, waiting in fact, is a candidate again.) A
 * waiting chunk's input is already on the node (it travelled with the chunk), so moving it costs
 * the link's transfer of its input bytes once more. Occupancy: the estimated compute of the
 * chunks a node holds, per core, plus the compute and transfer of the chunks being moved to it,
 * minus the compute of the chunks being moved away (Dask's {@code in_flight_occupancy}).
 *
 * <p>A decision: the thieves (free slots, least occupied first) each take from the most
 * occupied victim that has a candidate. With the rule on, the victim's waiting chunks are tried in
 * order of transfer over compute (Dask's levels: the cheapest to move first, newest first among
 * equals), and the first that {@link CostRule#finishesSoonerOnThief} (the thief's occupancy and
 * the transfer against the work ahead of the chunk in the victim's queue) moves. Without it
 * (plain work stealing), the newest waiting chunk moves, whatever its input: the stealing of a
 * scheduler that does not look at sizes. A move is a request: the victim gives the chunk up
 * only if it has not started it (then it is {@link #sent} to the thief) or answers
 * that it has ({@link #refused}: the chunk is running, and is never a candidate again). A request
 * with no answer within the caller's wait is {@link #unanswered}: the thief is free again and the
 * chunk, its state unknown, stays a candidate.
 *
 * <p>Not thread-safe: the caller serializes every call. No clock: the decisions depend only on
 * the calls, so tests replay them exactly.
 */
public final class Balancer {

    /** A move decided: ask {@code victim} to give up {@code chunk} for {@code thief}. */
    public record Steal(int chunk, String victim, String thief, double computeNanos, long transferNanos) {}

    private static final class Held {
        final int chunk;
        final long bytes;
        final boolean stealable;
        String movingTo;
        boolean started;

        Held(int chunk, long bytes, boolean stealable) {
            this.chunk = chunk;
            this.bytes = bytes;
            this.stealable = stealable;
        }
    }

    private static final class Node {
        final NodeInfo info;
        final int slots;
        /** Chunks in flight to it, in send order. */
        final LinkedHashMap<Integer, Held> held = new LinkedHashMap<>();
        /** Estimated ns (compute + transfer) of the chunks being moved to it. */
        double incomingNanos;
        int incoming;

        Node(NodeInfo info, int slots) {
            this.info = info;
            this.slots = slots;
        }
    }

    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final Map<Integer, String> where = new HashMap<>();
    private final int slotsPerNode;
    private final IntToDoubleFunction computeOf;
    private final RunningTime runningFor;
    private final Link link;
    private final boolean costAware;
    private final Set<Integer> declinedChunks = new HashSet<>();
    private int accepted;
    private int declined;
    private int refused;
    private int unanswered;

    /**
     * @param nodes the batch's nodes
     * @param slotsPerNode chunks a node runs at once ({@code 0}: its parallelism)
     * @param computeOf a chunk's estimated compute, ns, asked at each decision (so that it follows
     *     the estimates as jobs finish)
     * @param link the link a moved input crosses; may be null with {@code costAware} off
     * @param costAware whether a move must pass the cost rule
     */
    public Balancer(List<NodeInfo> nodes, int slotsPerNode, IntToDoubleFunction computeOf, Link link,
            boolean costAware) {
        this(nodes, slotsPerNode, computeOf, (chunk, node) -> 0, link, costAware);
    }

    /** How long a chunk has been running on a node, as far as the caller knows, ns ({@code 0}: unknown). */
    @FunctionalInterface
    public interface RunningTime {
        /** @return ns {@code chunk} has run on {@code node}, {@code >= 0} */
        double nanos(int chunk, String node);
    }

    /**
     * @param runningFor how long a chunk taken as running has run: its remaining time in the
     *     wait ahead of a candidate is its estimate less that, but at least half its estimate
     */
    public Balancer(List<NodeInfo> nodes, int slotsPerNode, IntToDoubleFunction computeOf, RunningTime runningFor,
            Link link, boolean costAware) {
        this.runningFor = Objects.requireNonNull(runningFor, "runningFor");
        if (costAware && link == null) {
            throw new IllegalArgumentException("the cost rule needs a link");
        }
        for (NodeInfo n : nodes) {
            this.nodes.put(n.name(), new Node(n, slotsPerNode > 0 ? slotsPerNode : n.parallelism()));
        }
        this.slotsPerNode = slotsPerNode;
        this.computeOf = Objects.requireNonNull(computeOf, "computeOf");
        this.link = link;
        this.costAware = costAware;
    }

    /** A node joined the batch's view (a failover target, say); no-op if known. */
    public void addNode(NodeInfo n) {
        nodes.putIfAbsent(n.name(), new Node(n, slotsPerNode > 0 ? slotsPerNode : n.parallelism()));
    }

    /**
     * {@code chunk} was sent to {@code node} (first placement, a steal's copy or a failover): it
     * is now held there, at the end of its queue, and no longer held or moving anywhere else.
     */
    public void sent(int chunk, String node, long bytes, boolean stealable) {
        forget(chunk);
        Node n = node(node);
        n.held.put(chunk, new Held(chunk, bytes, stealable));
        where.put(chunk, node);
    }

    /** {@code chunk}'s result arrived: it is held nowhere. */
    public void done(int chunk) {
        forget(chunk);
    }

    /**
     * The victim had started {@code chunk} when the request reached it: it stays there and is no
     * longer a candidate; the thief's reserved slot is free again.
     */
    public void refused(int chunk) {
        Held h = asked(chunk);
        if (h != null) {
            unreserve(h);
            h.started = true;
            refused++;
        }
    }

    /**
     * No answer to the request for {@code chunk} came within the driver's wait: the request or its
     * answer may still be on its way (a slow link, a victim's connection busy with a large input),
     * or lost. The thief's reserved slot is free again, and the chunk stays as it was, waiting for
     * all the driver knows: it is a candidate again, and a later request asks for it once more. A
     * late grant still moves it (the victim names the thief it was asked for); a late refusal
     * marks it started. Never read as a refusal: a chunk taken as started is never asked for
     * again, so a request that was late or lost would keep it where it is for good.
     */
    public void unanswered(int chunk) {
        Held h = asked(chunk);
        if (h != null) {
            unreserve(h);
            unanswered++;
        }
    }

    /** @return {@code chunk} where it is held, if a request for it is out; else null */
    private Held asked(int chunk) {
        String at = where.get(chunk);
        Held h = at == null ? null : nodes.get(at).held.get(chunk);
        return h != null && h.movingTo != null ? h : null;
    }

    /** @return the node a moving chunk was promised to, or null */
    public String thiefOf(int chunk) {
        String at = where.get(chunk);
        if (at == null) {
            return null;
        }
        Held h = nodes.get(at).held.get(chunk);
        return h == null ? null : h.movingTo;
    }

    /** A node left: what it held is forgotten (the caller fails it over, {@link #sent} again). */
    public void removeNode(String name) {
        Node n = nodes.remove(name);
        if (n == null) {
            return;
        }
        for (Held h : new ArrayList<>(n.held.values())) {
            unreserve(h);
            where.remove(h.chunk);
        }
        for (Node o : nodes.values()) {
            for (Held h : o.held.values()) {
                if (name.equals(h.movingTo)) {
                    h.movingTo = null;
                }
            }
        }
    }

    /** @return the moves to request now; each is reserved until released, refused or sent */
    public List<Steal> balance() {
        List<Steal> out = new ArrayList<>();
        if (nodes.size() < 2) {
            return out;
        }
        List<Node> thieves = new ArrayList<>();
        for (Node n : nodes.values()) {
            if (free(n) > 0) {
                thieves.add(n);
            }
        }
        thieves.sort(Comparator.comparingDouble((Node n) -> occupancy(n)));
        for (Node thief : thieves) {
            while (free(thief) > 0) {
                Steal s = stealFor(thief);
                if (s == null) {
                    break;
                }
                out.add(s);
            }
        }
        return out;
    }

    private Steal stealFor(Node thief) {
        List<Node> victims = new ArrayList<>();
        for (Node n : nodes.values()) {
            if (n != thief && waiting(n) > 0) {
                victims.add(n);
            }
        }
        victims.sort(Comparator.comparingDouble((Node n) -> occupancy(n)).reversed());
        for (Node victim : victims) {
            List<Held> candidates = candidates(victim);
            for (Held h : candidates) {
                double compute = computeOf.applyAsDouble(h.chunk);
                long transfer = link == null ? 0 : link.transferNanos(h.bytes);
                boolean ok = !costAware || CostRule.finishesSoonerOnThief(occupancy(thief), waitAhead(victim, h),
                        (double) transfer);
                if (ok) {
                    h.movingTo = thief.info.name();
                    thief.incoming++;
                    thief.incomingNanos += compute + transfer;
                    accepted++;
                    return new Steal(h.chunk, victim.info.name(), thief.info.name(), compute, transfer);
                }
                declined++;
                declinedChunks.add(h.chunk);
            }
        }
        return null;
    }

    /** The victim's waiting chunks that may move, cheapest to move (transfer over compute) first. */
    private List<Held> candidates(Node victim) {
        // Running: the chunks it said it had started, then the first ones sent, up to its slots.
        int assumedRunning = victim.slots;
        for (Held h : victim.held.values()) {
            if (h.started) {
                assumedRunning--;
            }
        }
        List<Held> c = new ArrayList<>();
        int i = 0;
        for (Held h : victim.held.values()) {
            if (h.started) {
                continue;
            }
            if (i++ >= assumedRunning && h.stealable && h.movingTo == null) {
                c.add(h);
            }
        }
        // Newest first, then (with the rule) a stable sort by the cost multiplier keeps that
        // order among equals.
        Collections.reverse(c);
        if (costAware) {
            Map<Integer, Double> ratio = new HashMap<>();
            for (Held h : c) {
                double compute = Math.max(1.0, computeOf.applyAsDouble(h.chunk));
                ratio.put(h.chunk, link.transferNanos(h.bytes) / compute);
            }
            c.sort(Comparator.comparingDouble(h -> ratio.get(h.chunk)));
        }
        return c;
    }

    /**
     * The victim's work ahead of {@code h}, ns per core: the chunks it runs (those it said it had
     * started, then the first ones sent, up to its slots), each for its estimate less the time it
     * has run but at least half its estimate (the estimate is the kind's mean, which a long chunk
     * of a skewed batch exceeds: one that has run past it is probably a long one), and the
     * waiting chunks sent before {@code h} for their estimates; chunks being moved away do not
     * count.
     */
    private double waitAhead(Node victim, Held h) {
        int running = victim.slots;
        double sum = 0;
        for (Held o : victim.held.values()) {
            if (o.started) {
                running--;
                if (o != h && o.movingTo == null) {
                    sum += remaining(victim, o);
                }
            }
        }
        int i = 0;
        for (Held o : victim.held.values()) {
            if (o == h) {
                break;
            }
            if (o.started) {
                continue;
            }
            if (o.movingTo == null) {
                sum += i < running ? remaining(victim, o) : computeOf.applyAsDouble(o.chunk);
            }
            i++;
        }
        return sum / victim.info.parallelism();
    }

    private double remaining(Node victim, Held o) {
        double c = computeOf.applyAsDouble(o.chunk);
        double ran = runningFor.nanos(o.chunk, victim.info.name());
        assert ran >= 0 : "negative running time " + ran + " for chunk " + o.chunk;
        return Math.max(c - ran, c / 2);
    }

    /** Free slots: running capacity not taken by held chunks or by moves promised to it. */
    private static int free(Node n) {
        return n.slots - n.held.size() - n.incoming;
    }

    /** Chunks held beyond the running slots. */
    private static int waiting(Node n) {
        return Math.max(0, n.held.size() - n.slots);
    }

    /** @return {@code node}'s occupancy now, ns per core (Dask's, with moves in flight counted) */
    public double occupancy(String node) {
        return occupancy(node(node));
    }

    private double occupancy(Node n) {
        double sum = n.incomingNanos;
        for (Held h : n.held.values()) {
            if (h.movingTo == null) {
                sum += computeOf.applyAsDouble(h.chunk);
            }
        }
        return sum / n.info.parallelism();
    }

    private void forget(int chunk) {
        String at = where.remove(chunk);
        if (at == null) {
            return;
        }
        Node n = nodes.get(at);
        if (n == null) {
            return;
        }
        Held h = n.held.remove(chunk);
        if (h != null) {
            unreserve(h);
        }
    }

    private void unreserve(Held h) {
        if (h.movingTo == null) {
            return;
        }
        Node thief = nodes.get(h.movingTo);
        if (thief != null) {
            thief.incoming--;
            long transfer = link == null ? 0 : link.transferNanos(h.bytes);
            thief.incomingNanos = Math.max(0, thief.incomingNanos - computeOf.applyAsDouble(h.chunk) - transfer);
            assert thief.incoming >= 0 : "negative incoming moves on " + thief.info.name();
            if (thief.incoming == 0) {
                thief.incomingNanos = 0;     // no drift from estimates that changed meanwhile
            }
        }
        h.movingTo = null;
    }

    private Node node(String name) {
        Node n = nodes.get(name);
        if (n == null) {
            throw new IllegalArgumentException("no node " + name + " in the balancer");
        }
        return n;
    }

    /** @return nodes with a free slot that no move is promised to, least occupied first */
    public List<String> freeNodes() {
        List<Node> free = new ArrayList<>();
        for (Node n : nodes.values()) {
            if (free(n) > 0) {
                free.add(n);
            }
        }
        free.sort(Comparator.comparingDouble((Node n) -> occupancy(n)));
        List<String> out = new ArrayList<>();
        for (Node n : free) {
            out.add(n.info.name());
        }
        return out;
    }

    /** @return {@code chunk}'s estimated compute now, ns */
    public double compute(int chunk) {
        return computeOf.applyAsDouble(chunk);
    }

    /** @return moves decided */
    public int accepted() {
        return accepted;
    }

    /** @return candidate moves the cost rule refused (one per chunk and decision) */
    public int declined() {
        return declined;
    }

    /** @return moves the victim refused because it had started the chunk */
    public int refusedByVictim() {
        return refused;
    }

    /** @return requests that had no answer within the driver's wait ({@link #unanswered}) */
    public int unansweredRequests() {
        return unanswered;
    }

    /** @return the chunks the rule refused to move at least once */
    public Set<Integer> declinedChunks() {
        return Set.copyOf(declinedChunks);
    }

    /** @return chunks held on {@code node} (running and waiting), in send order */
    public List<Integer> held(String node) {
        return List.copyOf(node(node).held.keySet());
    }
}
