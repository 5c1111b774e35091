package dev.strand.jcstress;

import dev.strand.internal.deque.Steal;

/** Encodes deque results as small ints for jcstress outcomes. */
final class Codes {
    /** The elements: distinct objects, reported as 1, 2 and 3. */
    static final Object A = new Object();
    static final Object B = new Object();
    static final Object C = new Object();

    private Codes() { }

    /** @return 1 for A, 2 for B, 3 for C, 0 for null, 9 for anything else (never expected) */
    static int of(Object x) {
        if (x == null) {
            return 0;
        }
        if (x == A) {
            return 1;
        }
        if (x == B) {
            return 2;
        }
        return x == C ? 3 : 9;
    }

    /** @return the element's code for Success, 0 for Empty, -1 for Retry */
    static int of(Steal<Object> s) {
        if (s instanceof Steal.Success<Object> ok) {
            return of(ok.value());
        }
        return s instanceof Steal.Empty ? 0 : -1;
    }
}
