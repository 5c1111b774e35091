package dev.strand.sim.dag;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the DAG alone determines: work T1 (total work units), span T-inf (the heaviest path),
 * serial space S1 (deepest stack of live frames in the one-processor depth-first execution) and
 * the number of frames (procedure instances).
 *
 * @param work        T1
 * @param span        T-inf
 * @param serialSpace S1, in frames
 * @param frames      procedure instances in the whole computation
 */
public record Metrics(long work, long span, long serialSpace, long frames) {

    /** @return T1 / T-inf */
    public double parallelism() {
        return (double) work / span;
    }

    /**
     * Walks the DAG once, iteratively (no recursion limit), computing each memoizable procedure
     * once. Span by the series-parallel rules: series adds, a spawn joins at the next sync with
     * the max of the branches.
     */
    public static Metrics of(Proc root) {
        Objects.requireNonNull(root, "root must not be null");
        Map<Proc, Metrics> memo = new HashMap<>();
        ArrayDeque<Walk> stack = new ArrayDeque<>();
        stack.push(new Walk(root));
        Metrics done = null;
        while (done == null) {
            Walk w = stack.peek();
            if (w.pc == w.size) {
                Metrics m = new Metrics(w.work, Math.max(w.cur, w.joinMax), 1 + w.space,
                        1 + w.frames);
                stack.pop();
                if (w.proc.memoizable()) {
                    memo.put(w.proc, m);
                }
                if (stack.isEmpty()) {
                    done = m;
                } else {
                    stack.peek().add(m);
                }
                continue;
            }
            long a = w.proc.action(w.pc++);
            if (a > 0) {
                w.work = Math.addExact(w.work, a);
                w.cur += a;
            } else if (a == Proc.SYNC) {
                w.cur = Math.max(w.cur, w.joinMax);
            } else if (a == Proc.SPAWN || a == Proc.CALL) {
                w.childKind = a;
                Proc c = w.proc.child(w.pc - 1);
                Metrics known = c.memoizable() ? memo.get(c) : null;
                if (known != null) {
                    w.add(known);
                } else {
                    stack.push(new Walk(c));
                }
            } else {
                throw new IllegalArgumentException("unknown action " + a + " at index "
                        + (w.pc - 1) + " of " + w.proc);
            }
        }
        return done;
    }

    /** One frame of the walk: its position and the sums so far. */
    private static final class Walk {
        final Proc proc;
        final int size;
        int pc;
        long work;
        long cur;        // span of the path since the frame started, through the last sync
        long joinMax;    // longest path through a child spawned since the last sync
        long space;      // deepest child stack
        long frames;
        long childKind;  // SPAWN or CALL of the child being walked

        Walk(Proc proc) {
            this.proc = proc;
            this.size = proc.size();
            if (size < 1) {
                throw new IllegalArgumentException("a body needs at least one action: " + proc);
            }
        }

        void add(Metrics child) {
            work = Math.addExact(work, child.work());
            frames += child.frames();
            space = Math.max(space, child.serialSpace());
            if (childKind == Proc.SPAWN) {
                joinMax = Math.max(joinMax, cur + child.span());
            } else {
                cur += child.span();
            }
        }
    }
}
