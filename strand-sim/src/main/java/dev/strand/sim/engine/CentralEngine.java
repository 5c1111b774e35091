package dev.strand.sim.engine;

import dev.strand.sim.dag.Proc;
import java.util.ArrayDeque;
import java.util.PriorityQueue;
import java.util.Queue;

/**
 * The reference schedulers, with a global view: every ready strand sits in one ready list; each
 * round the first min(P, ready) of them run one work unit each (preemptively, so a strand may
 * move between processors at unit boundaries). GREEDY keeps the list FIFO (Graham's list
 * scheduling); PDF orders it by serial, depth-first position (Blelloch-Gibbons-Matias 1999).
 *
 * <p>Invariant: after a round, every frame in the list is positioned at a work unit; control
 * (spawn, call, sync, return) is resolved at once, so the schedule is greedy: a processor idles
 * only when fewer than P units are ready, and then every ready unit runs. That is exactly the
 * hypothesis of T_P &le; T1/P + T-inf.
 */
public final class CentralEngine {
    private final Proc rootProc;
    private final int n;
    private final Queue<Frame> ready;
    private final long[] work;
    private final ArrayDeque<Frame> resolving = new ArrayDeque<>();
    private long live;
    private long peakLive;
    private long peakQueued;
    private boolean done;

    /** @param depthFirst true for PDF, false for FIFO greedy */
    public CentralEngine(Proc root, int processors, boolean depthFirst) {
        this.rootProc = root;
        this.n = processors;
        this.ready = depthFirst ? new PriorityQueue<>(Frame::serialOrder) : new ArrayDeque<>();
        this.work = new long[processors];
    }

    /** Runs the computation to the end. */
    public Outcome run() {
        resolve(newFrame(rootProc, null, false, 0));
        Frame[] batch = new Frame[n];
        long round = 0;
        while (!done) {
            if (ready.isEmpty()) {
                throw new IllegalStateException("nothing ready before the root returned");
            }
            round++;
            int m = 0;
            while (m < n && !ready.isEmpty()) {
                Frame f = ready.poll();
                batch[m] = f;
                work[m++]++;
                if (--f.remaining == 0) {
                    f.pc++;
                }
            }
            // Units run this round enable their successors for the next round only.
            for (int i = 0; i < m; i++) {
                Frame f = batch[i];
                batch[i] = null;
                if (f.remaining > 0) {
                    ready.add(f);
                } else {
                    resolve(f);
                }
            }
        }
        return Outcome.of(round, work, 0, 0, 0, 0, round * n, peakLive, peakQueued, 0);
    }

    /** Resolves control until every frame reached is at a work unit (ready) or waiting. */
    private void resolve(Frame start) {
        resolving.addLast(start);
        while (!resolving.isEmpty()) {
            Frame f = resolving.pollFirst();       // spawn order, so the FIFO list keeps it
            while (f != null) {
                if (f.remaining > 0) {
                    ready.add(f);
                    if (ready.size() > peakQueued) {
                        peakQueued = ready.size();
                    }
                    break;
                }
                if (f.pc >= f.size) {
                    f = finish(f);
                    continue;
                }
                long a = f.proc.action(f.pc);
                if (a > 0) {
                    f.remaining = a;
                } else if (a == Proc.SPAWN) {
                    resolving.addLast(newFrame(f.proc.child(f.pc), f, false, f.pc));
                    f.pc++;
                    f.pending++;
                } else if (a == Proc.CALL) {
                    Frame c = newFrame(f.proc.child(f.pc), f, true, f.pc);
                    f.pc++;
                    f = c;
                } else if (a == Proc.SYNC) {
                    if (f.pending == 0) {
                        f.pc++;
                    } else {
                        f.waiting = true;
                        f = null;
                    }
                } else {
                    throw new IllegalArgumentException("unknown action " + a + " in " + f.proc);
                }
            }
        }
    }

    private Frame finish(Frame f) {
        if (f.pending > 0) {
            f.waiting = true;
            return null;
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
        if (--parent.pending == 0 && parent.waiting) {
            parent.waiting = false;
            return parent;
        }
        return null;
    }

    private Frame newFrame(Proc proc, Frame parent, boolean called, int spawnPc) {
        if (++live > peakLive) {
            peakLive = live;
        }
        return new Frame(proc, parent, called, spawnPc);
    }
}
