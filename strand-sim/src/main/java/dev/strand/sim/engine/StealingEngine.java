package dev.strand.sim.engine;

import dev.strand.sim.Machine;
import dev.strand.sim.Policy;
import dev.strand.sim.Policy.Scheduler;
import dev.strand.sim.Policy.Spawn;
import dev.strand.sim.Policy.Steal;
import dev.strand.sim.Policy.Victims;
import dev.strand.sim.Topology;
import dev.strand.sim.dag.Proc;
import java.util.SplittableRandom;

/**
 * Work stealing and work sharing in lock-step rounds. In each round every scheduled processor,
 * in a fixed order, does one of: run one work unit of its frame, spend one step of a steal
 * attempt, or nothing (work sharing with an empty deque). Spawn, call, sync and return take no
 * time: a processor resolves them until it reaches a work unit.
 *
 * <p>Parking ({@link Machine#parks()}): the idle protocol of a runtime whose workers sleep. Every
 * processor but the root's starts parked. An idle processor is a <em>searcher</em>; a searcher
 * whose steal attempts have failed for {@link Machine#spinSteps()} steps while no deque holds work
 * parks (the re-scan before sleeping finds nothing). A push onto an empty deque while nobody
 * searches wakes one parked processor, which searches after {@link Machine#wakeLatency()} steps
 * ({@link Machine#firstWakeLatency()} at its first wake-up in the run);
 * a searcher that steals while others sleep, no one else searches and work is left hands the
 * search over by waking one more. A thief that had run work before starts what it stole after
 * {@link Machine#stealLatency()} more steps. No wake-up is lost: a processor parks only when no deque holds
 * work, and a deque becomes non-empty only by a push, which wakes one when nobody searches.
 *
 * <p>Splitting ({@link Policy.Split}): a deque's frames are stealable from the top down to a
 * boundary, latent (its owner's alone) below it. Eager splitting makes every push stealable;
 * lazy splitting on request pushes only when asked and runs any other spawn as a call; a
 * heartbeat pushes every spawn latent and, every {@code beat} work steps of the processor, moves
 * the boundary down by one, promoting the oldest latent frame. Invariant: the stealable frames
 * are the oldest ones ({@code 0 <= visible[p] <= size}), since thieves take from the top and
 * promotion goes oldest first. "Holds work", for thieves, parking and wake-ups, means holds a
 * stealable frame: a promotion onto a deque with none wakes a sleeper as a push does.
 *
 * <p>Per-processor state is a few words plus a deque that starts at four slots, so P = 4096
 * costs little; a round costs O(scheduled processors), which is the number of simulated
 * processor-steps, i.e. T1 plus the idle steps being measured.
 */
public final class StealingEngine {
    /** Hierarchical victims: failed attempts at one level before widening to the next. */
    static final int NEAR_TRIES = 2;
    /** Rounds without any work after which the run is declared stuck (an engine bug). */
    private static final long STALL_LIMIT = 10_000_000;

    private final Proc rootProc;
    private final int n;
    private final boolean sharing;
    private final boolean continuation;
    private final boolean half;
    private final Victims victims;
    private final int stealCost;
    private final int remoteLatency;
    private final Topology topology;
    private final int activeProcessors;
    private final boolean yieldToWorkers;
    private final Policy.Feedback feedback;
    private final SplittableRandom rng;
    private final boolean parks;
    private final int wakeLatency;
    private final int firstWakeLatency;
    private final long spinSteps;
    private final int stealLatency;
    private final Policy.Split split;
    private final int beat;

    private final Frame[] cur;
    private final FrameDeque[] dq;
    private final int[] wait;          // steps left in the current steal attempt
    private final long[] work;
    private final int[] visible;        // stealable frames at the top of each deque
    private final boolean[] requested;  // lazy splitting: a thief looked since the last push
    private final int[] sinceBeat;      // heartbeat: work steps since the last beat
    private final boolean[] fromSteal;  // the frames p runs came from a steal (until it runs dry)

    private int[] walkStart;            // COPRIME: the current permutation walk
    private int[] walkStride;
    private int[] walkStep;
    private int[] coprimes;
    private int[] back;                 // LOCALIZED: who last stole from me, -1 if nobody
    private int[] fails;                // HIERARCHICAL: failed attempts since the last success
    private int[] perm;                 // multiprogrammed: the processors scheduled this round

    private boolean[] parked;           // parking: asleep until woken
    private boolean[] woken;            // parking: woken before in this run
    private boolean[] searcher;         // parking: awake with no frame, looking for work
    private long[] idleSteps;           // parking: steps of failed attempts since it last had work
    private boolean[] worked;           // parking: has run a work unit
    private int[] parkedStack;          // parking: the parked processors, any order
    private int parkedCount;
    private int searching;
    private long wakes;

    private double desire = 1;          // feedback: A-Steal's desire and allotment
    private int allot;
    private int[] mugStack;             // feedback: descheduled processors whose deques hold work
    private boolean[] mugged;
    private int mugTop;

    private final int[] nonEmpty;       // processors whose deque holds frames, in any order
    private final int[] slot;           // index in nonEmpty, or -1
    private int nonEmptyCount;
    private final boolean fastVictims;  // uniform victims at no distance cost: see idle()

    private long attempts;
    private long steals;
    private long stolenWork;
    private long migrations;
    private long remote;
    private long processorSteps;
    private long live;
    private long peakLive;
    private long queued;
    private long peakQueued;
    private long workThisRound;
    private boolean done;

    public StealingEngine(Proc root, Policy policy, Machine machine, long seed) {
        this.rootProc = root;
        this.n = machine.processors();
        this.sharing = policy.scheduler() == Scheduler.WORK_SHARING;
        this.continuation = !sharing && policy.spawn() == Spawn.CONTINUATION;
        this.half = policy.steal() == Steal.HALF;
        this.victims = policy.victims();
        this.stealCost = machine.stealCost();
        this.remoteLatency = machine.remoteLatency();
        this.topology = machine.topology();
        this.activeProcessors = policy.activeProcessors();
        this.yieldToWorkers = policy.yieldToWorkers();
        this.feedback = policy.feedback();
        this.rng = new SplittableRandom(seed);
        this.parks = machine.parks();
        this.wakeLatency = machine.wakeLatency();
        this.firstWakeLatency = machine.firstWakeLatency();
        this.spinSteps = machine.spinSteps();
        this.stealLatency = machine.stealLatency();
        this.split = policy.split();
        this.beat = policy.beat();
        cur = new Frame[n];
        dq = new FrameDeque[n];
        for (int p = 0; p < n; p++) {
            dq[p] = new FrameDeque();
        }
        wait = new int[n];
        work = new long[n];
        visible = new int[n];
        requested = new boolean[n];
        java.util.Arrays.fill(requested, true);     // an idle pool's sleepers asked as they parked
        sinceBeat = new int[n];
        fromSteal = new boolean[n];
        nonEmpty = new int[n];
        slot = new int[n];
        java.util.Arrays.fill(slot, -1);
        fastVictims = victims == Victims.UNIFORM && split == Policy.Split.EAGER
                && (remoteLatency == 0 || topology.equals(Topology.FLAT));
        switch (victims) {
            case COPRIME -> {
                walkStart = new int[n];
                walkStride = new int[n];
                walkStep = new int[n];
                java.util.Arrays.fill(walkStep, n);     // first search starts a new walk
                coprimes = java.util.stream.IntStream.range(1, Math.max(n, 2))
                        .filter(c -> gcd(c, n) == 1).toArray();
            }
            case LOCALIZED -> {
                back = new int[n];
                java.util.Arrays.fill(back, -1);
            }
            case HIERARCHICAL -> fails = new int[n];
            case LOCALIZED_HIERARCHICAL -> {
                back = new int[n];
                java.util.Arrays.fill(back, -1);
                fails = new int[n];
            }
            default -> { }
        }
        if (activeProcessors > 0) {
            perm = java.util.stream.IntStream.range(0, n).toArray();
        }
        if (feedback != null) {
            allot = 1;
            mugStack = new int[n];
            mugged = new boolean[n];
        }
        if (parks) {
            parked = new boolean[n];
            woken = new boolean[n];
            searcher = new boolean[n];
            idleSteps = new long[n];
            worked = new boolean[n];
            parkedStack = new int[n];
            for (int p = n - 1; p >= 1; p--) {  // an idle pool: all asleep but the root's
                parked[p] = true;
                parkedStack[parkedCount++] = p;
            }
        }
    }

    /** @return parked processors woken so far (0 without parking) */
    public long wakes() {
        return wakes;
    }

    /** Runs the computation to the end. */
    public Outcome run() {
        Frame root = newFrame(rootProc, null, false, 0);
        cur[0] = root;
        long round = 0;
        long lastWork = 0;
        long[] snap = new long[5];
        long quantumWork = 0;
        long quantumSteps = 0;
        int quantumRounds = 0;
        while (!done) {
            round++;
            workThisRound = 0;
            int scheduled;
            if (activeProcessors > 0) {
                scheduled = chooseScheduled();
                for (int k = 0; k < scheduled && !done; k++) {
                    step(perm[k]);
                }
            } else {
                scheduled = feedback != null ? allot : n;
                for (int p = 0; p < scheduled && !done; p++) {
                    step(p);
                }
            }
            processorSteps += scheduled;
            if (workThisRound > 0) {
                // Counters as of the last round with work: T_P ends there, whatever the
                // processors did afterwards while the root's return was being noticed.
                lastWork = round;
                snap[0] = attempts;
                snap[1] = steals;
                snap[2] = migrations;
                snap[3] = remote;
                snap[4] = processorSteps;
            } else if (round - lastWork > STALL_LIMIT) {
                throw new IllegalStateException("no progress in " + STALL_LIMIT + " steps");
            }
            if (feedback != null) {
                quantumWork += workThisRound;
                quantumSteps += scheduled;
                if (++quantumRounds == feedback.quantum()) {
                    adjustAllotment(quantumWork, quantumSteps);
                    quantumWork = 0;
                    quantumSteps = 0;
                    quantumRounds = 0;
                }
            }
        }
        return Outcome.of(lastWork, work, snap[0], snap[1], snap[2], snap[3], snap[4], peakLive,
                peakQueued, stolenWork);
    }

    /** One step of processor p. */
    private void step(int p) {
        if (parks && parked[p]) {
            return;
        }
        if (wait[p] > 0) {
            wait[p]--;
            return;
        }
        Frame f = cur[p];
        if (f == null) {
            f = pop(p);
        }
        while (true) {
            if (f == null) {
                cur[p] = null;
                idle(p);
                return;
            }
            if (f.remaining > 0) {
                if (--f.remaining == 0) {
                    f.pc++;
                }
                work[p]++;
                workThisRound++;
                if (fromSteal[p]) {
                    stolenWork++;
                }
                if (beat > 0 && ++sinceBeat[p] >= beat) {
                    sinceBeat[p] = 0;
                    promote(p);
                }
                if (parks) {
                    worked[p] = true;
                }
                cur[p] = f;
                return;
            }
            if (f.pc >= f.size) {
                f = finish(p, f);
                if (done) {
                    cur[p] = null;
                    return;
                }
                continue;
            }
            long a = f.proc.action(f.pc);
            if (a > 0) {
                f.remaining = a;
            } else if (a == Proc.SPAWN && split == Policy.Split.ON_REQUEST && !requested[p]) {
                Frame c = newFrame(f.proc.child(f.pc), f, true, f.pc);   // nobody asked: a call
                f.pc++;
                f = c;
            } else if (a == Proc.SPAWN) {
                requested[p] = false;
                Frame c = newFrame(f.proc.child(f.pc), f, false, f.pc);
                f.pc++;
                f.pending++;
                if (sharing) {
                    int t = rng.nextInt(n);
                    push(t, c, true);
                    if (t != p) {
                        migrations++;
                    }
                } else if (continuation) {
                    push(p, f, beat == 0);      // the continuation is what thieves may take
                    f = c;
                } else {
                    push(p, c, beat == 0);      // the child is what thieves may take
                }
            } else if (a == Proc.CALL) {
                Frame c = newFrame(f.proc.child(f.pc), f, true, f.pc);
                f.pc++;
                f = c;
            } else if (a == Proc.SYNC) {
                if (f.pending == 0) {
                    f.pc++;
                } else {
                    f.waiting = true;           // resumed by whoever returns its last child
                    f = pop(p);
                }
            } else {
                throw new IllegalArgumentException("unknown action " + a + " in " + f.proc);
            }
        }
    }

    /** The end of f's body: return to the parent, or wait for children first. */
    private Frame finish(int p, Frame f) {
        if (f.pending > 0) {
            f.waiting = true;
            return pop(p);
        }
        live--;
        Frame parent = f.parent;
        if (parent == null) {
            done = true;
            return null;
        }
        if (f.called) {
            return parent;
        }
        parent.pending--;
        if (parent.waiting && parent.pending == 0) {
            // Invariant (continuation stealing): this processor's deque is empty here, so
            // resuming the parent keeps every leaf of the frame tree busy (busy leaves).
            parent.waiting = false;
            return parent;
        }
        return pop(p);
    }

    /** p has nothing to run: one steal attempt (or, work sharing, an idle step). */
    private void idle(int p) {
        fromSteal[p] = false;
        if (sharing) {
            return;
        }
        if (mugTop > 0 && mug(p)) {
            return;
        }
        attempts++;
        if (parks && !searcher[p]) {
            searcher[p] = true;                 // its first attempt since it had work
            searching++;
            idleSteps[p] = 0;
        }
        if (n == 1 || (nonEmptyCount == 0 && split != Policy.Split.ON_REQUEST)) {
            wait[p] = stealCost - 1;            // nothing anywhere to steal: fails for sure
            if (parks) {
                idleSteps[p] += stealCost;
                if (idleSteps[p] > spinSteps) {
                    park(p);
                }
            }
            return;
        }
        int v;
        if (fastVictims) {
            // A uniform victim among the other n-1 processors, labelled so that the first
            // nonEmptyCount labels are the non-empty deques (p's own is empty, so not among
            // them): one draw, and a failed attempt touches no deque. Same distribution.
            int r = rng.nextInt(n - 1);
            wait[p] = stealCost - 1;
            if (r >= nonEmptyCount) {
                return;
            }
            v = nonEmpty[r];
        } else {
            v = victim(p);
            wait[p] = stealCost + remoteLatency * topology.distance(p, v) - 1;
        }
        int distance = topology.distance(p, v);
        FrameDeque d = dq[v];
        requested[v] = true;                    // lazy splitting: a look asks, found or not
        if (visible[v] == 0) {
            if (fails != null && fails[p] < Integer.MAX_VALUE) {
                fails[p]++;
            }
            if (parks) {
                idleSteps[p] += stealCost;      // work exists elsewhere: the re-scan would see it
                if (nonEmptyCount == 0 && idleSteps[p] > spinSteps) {
                    park(p);                    // lazy splitting: it looked and asked in vain
                }
            }
            return;
        }
        int k = half ? (visible[v] + 1) / 2 : 1;
        FrameDeque mine = dq[p];                // empty: p found nothing in it
        assert mine.size() == 0 && visible[p] == 0;
        for (int i = 0; i < k; i++) {
            mine.pushBottom(d.popTop());        // oldest first, so the order is kept
        }
        visible[v] -= k;
        visible[p] = k - 1;                     // the rest of a half stays stealable
        track(v);
        track(p);
        cur[p] = mine.popBottom();              // the newest stolen frame runs next step
        queued--;
        fromSteal[p] = true;
        if (parks && worked[p]) {
            wait[p] += stealLatency;            // a thief that ran dry: its hand-off latency
        }
        steals++;
        migrations += k;
        if (distance > 0) {
            remote++;
        }
        if (back != null) {
            back[v] = p;
        }
        if (fails != null) {
            fails[p] = 0;
        }
        if (walkStep != null) {
            walkStep[p] = n;                    // the next search starts a new walk
        }
        if (parks) {
            searcher[p] = false;
            searching--;
            if (searching == 0 && nonEmptyCount > 0) {
                wakeOne();                      // hands the search over
            }
        }
    }

    /** Parking: p found nothing to steal for spinSteps steps and nothing is visible: it sleeps. */
    private void park(int p) {
        assert searcher[p] && !parked[p];
        searcher[p] = false;
        searching--;
        parked[p] = true;
        parkedStack[parkedCount++] = p;
        wait[p] = 0;
        if (split == Policy.Split.ON_REQUEST) {
            java.util.Arrays.fill(requested, true);     // its last look, after registering, asks all
        }
    }

    /** Parking: wakes a parked processor, if any; it searches after wakeLatency steps. */
    private void wakeOne() {
        if (parkedCount == 0) {
            return;
        }
        int q = parkedStack[--parkedCount];
        assert parked[q] && cur[q] == null;
        parked[q] = false;
        searcher[q] = true;
        searching++;
        idleSteps[q] = 0;
        wait[q] = woken[q] ? wakeLatency : firstWakeLatency;
        woken[q] = true;
        wakes++;
    }

    private int victim(int p) {
        switch (victims) {
            case COPRIME -> {
                while (true) {
                    if (walkStep[p] >= n) {
                        walkStart[p] = rng.nextInt(n);
                        walkStride[p] = coprimes[rng.nextInt(coprimes.length)];
                        walkStep[p] = 0;
                    }
                    int v = (int) ((walkStart[p] + (long) walkStep[p]++ * walkStride[p]) % n);
                    if (v != p) {
                        return v;
                    }
                }
            }
            case LOCALIZED -> {
                int v = back[p];
                back[p] = -1;
                if (v >= 0 && v != p) {
                    return v;
                }
                return uniform(p, 0, n);
            }
            case LOCALIZED_HIERARCHICAL -> {
                int v = back[p];
                back[p] = -1;
                if (v >= 0 && v != p) {
                    return v;
                }
                return near(p);
            }
            case HIERARCHICAL -> {
                return near(p);
            }
            default -> {
                return uniform(p, 0, n);
            }
        }
    }

    /** Hierarchical: the thief's socket, then node, then anywhere, widening after failures. */
    private int near(int p) {
        for (int level = Math.min(2, fails[p] / NEAR_TRIES); ; level++) {
            int start = topology.groupStart(p, level);
            int size = Math.min(topology.groupSize(level, n), n - start);
            if (size > 1 || level == 2) {
                return uniform(p, start, size);
            }
        }
    }

    /** @return a uniform processor in [start, start+size) other than p (p is in the range) */
    private int uniform(int p, int start, int size) {
        int v = start + rng.nextInt(size - 1);
        return v >= p ? v + 1 : v;
    }

    /** Feedback: take the whole deque of a descheduled processor (A-Steal's mugging). */
    private boolean mug(int p) {
        while (mugTop > 0) {
            int q = mugStack[--mugTop];
            mugged[q] = false;
            if (q >= allot && dq[q].size() > 0) {
                attempts++;
                steals++;
                migrations += dq[q].size();
                FrameDeque t = dq[p];
                dq[p] = dq[q];
                dq[q] = t;
                int vt = visible[p];
                visible[p] = visible[q];
                visible[q] = vt;
                track(p);
                track(q);
                cur[p] = pop(p);
                wait[p] = stealCost - 1;
                if (parks && searcher[p]) {
                    searcher[p] = false;
                    searching--;
                }
                return true;
            }
        }
        return false;
    }

    /** Multiprogrammed: the kernel picks P_A processors (workers first if thieves yield). */
    private int chooseScheduled() {
        int pa = Math.min(activeProcessors, n);
        int from = 0;
        if (yieldToWorkers) {
            int busy = 0;
            for (int i = 0; i < n; i++) {
                int q = perm[i];
                if (wait[q] == 0 && (cur[q] != null || dq[q].size() > 0)) {
                    perm[i] = perm[busy];
                    perm[busy++] = q;
                }
            }
            shuffle(0, busy, Math.min(pa, busy));
            from = busy;
        }
        if (from < pa) {
            shuffle(from, n, pa - from);
        }
        return pa;
    }

    /** Partial Fisher-Yates: puts k random elements of perm[lo, hi) at perm[lo, lo+k). */
    private void shuffle(int lo, int hi, int k) {
        for (int i = lo; i < lo + k; i++) {
            int j = i + rng.nextInt(hi - i);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
    }

    /** A-Steal's desire update at the end of a quantum; descheduled processors become muggable. */
    private void adjustAllotment(long quantumWork, long quantumSteps) {
        boolean efficient = quantumWork >= feedback.efficiency() * quantumSteps;
        boolean satisfied = allot >= Math.ceil(desire);
        if (!efficient) {
            desire = Math.max(1, desire / feedback.factor());
        } else if (satisfied) {
            desire = Math.min(n, desire * feedback.factor());
        }
        int next = (int) Math.min(n, Math.ceil(desire));
        for (int q = next; q < allot; q++) {
            if (cur[q] != null) {
                push(q, cur[q], true);
                cur[q] = null;
            }
            wait[q] = 0;
            if (dq[q].size() > 0 && !mugged[q]) {
                mugged[q] = true;
                mugStack[mugTop++] = q;
            }
        }
        allot = next;
    }

    private Frame newFrame(Proc proc, Frame parent, boolean called, int spawnPc) {
        if (++live > peakLive) {
            peakLive = live;
        }
        return new Frame(proc, parent, called, spawnPc);
    }

    /** Pushes f at the bottom of p's deque, stealable or latent (heartbeat). */
    private void push(int p, Frame f, boolean stealable) {
        if (stealable) {
            assert visible[p] == dq[p].size() : "a stealable push onto latent frames";
            if (parks && visible[p] == 0 && searching == 0) {
                wakeOne();                      // work appears while nobody searches
            }
            visible[p]++;
        }
        dq[p].pushBottom(f);
        if (slot[p] < 0 && stealable) {
            track(p);
        }
        if (++queued > peakQueued) {
            peakQueued = queued;
        }
    }

    /** Heartbeat: makes the oldest latent frame of p's deque stealable, if it has one. */
    private void promote(int p) {
        if (visible[p] < dq[p].size()) {
            if (parks && visible[p] == 0 && searching == 0) {
                wakeOne();
            }
            if (visible[p]++ == 0) {
                track(p);
            }
        }
    }

    private Frame pop(int p) {
        if (dq[p].size() == 0) {
            return null;
        }
        Frame f = dq[p].popBottom();
        queued--;
        if (visible[p] > dq[p].size()) {        // it was stealable: taken back from thieves
            visible[p]--;
            requested[p] = true;                // lazy splitting: a pop-back asks again
            if (visible[p] == 0) {
                track(p);
            }
        }
        return f;
    }

    /** Keeps p's membership in nonEmpty equal to "p's deque holds a stealable frame". */
    private void track(int p) {
        boolean has = visible[p] > 0;
        int i = slot[p];
        if (has && i < 0) {
            slot[p] = nonEmptyCount;
            nonEmpty[nonEmptyCount++] = p;
        } else if (!has && i >= 0) {
            int last = nonEmpty[--nonEmptyCount];
            nonEmpty[i] = last;
            slot[last] = i;
            slot[p] = -1;
        }
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
