package dev.strand.sim.engine;

import dev.strand.sim.dag.Proc;

/**
 * One activation of a {@link Proc}: its position, join counter and link to the parent. A frame
 * is alive (counts toward space) from its spawn or call until it returns.
 */
final class Frame {
    final Proc proc;
    final Frame parent;
    final boolean called;     // started by CALL: the parent waits for it alone, no join counter
    final int size;
    final int spawnPc;        // the parent's action that started this frame (serial order, PDF)
    final int depth;
    int pc;                   // next action, or the current strand while remaining > 0
    long remaining;           // work units left in the current strand
    int pending;              // spawned children not yet returned
    boolean waiting;          // suspended at a sync (or the end) with pending > 0

    Frame(Proc proc, Frame parent, boolean called, int spawnPc) {
        this.proc = proc;
        this.parent = parent;
        this.called = called;
        this.size = proc.size();
        this.spawnPc = spawnPc;
        this.depth = parent == null ? 0 : parent.depth + 1;
        if (size < 1) {
            throw new IllegalArgumentException("a body needs at least one action: " + proc);
        }
    }

    /**
     * Serial (one-processor depth-first) order of two ready frames: compares their positions at
     * the deepest common ancestor. Invariant: a ready frame's pc is past every spawn it made, so
     * a descendant started at action k sorts before its ancestor's position k+1 or later.
     */
    static int serialOrder(Frame a, Frame b) {
        if (a == b) {
            return 0;
        }
        Frame x = a;
        Frame y = b;
        int px = a.pc;
        int py = b.pc;
        while (x.depth > y.depth) {
            px = x.spawnPc;
            x = x.parent;
        }
        while (y.depth > x.depth) {
            py = y.spawnPc;
            y = y.parent;
        }
        while (x != y) {
            px = x.spawnPc;
            x = x.parent;
            py = y.spawnPc;
            y = y.parent;
        }
        return px != py ? Integer.compare(px, py) : Integer.compare(b.depth, a.depth);
    }
}
