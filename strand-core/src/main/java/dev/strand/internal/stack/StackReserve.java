package dev.strand.internal.stack;

/**
 * Makes a multi-step update overflow (if at all) before its first step: see the package essay.
 */
public final class StackReserve {
    /**
     * Recursion depth of the probe. Each level keeps eight longs live across its call, so the JIT
     * must spill them: about 100 bytes a level compiled and about 250 interpreted, against well under
     * a kilobyte for the runtime's longest protected sequence (a few VarHandle accesses and an unpark).
     */
    static final int DEPTH = 32;

    private StackReserve() { }

    /**
     * Throws {@link StackOverflowError} now, with nothing changed, if the stack could not hold the
     * protected update that follows.
     */
    public static void reserve() {
        if (probe(DEPTH, 1, 2, 3, 4, 5, 6, 7, 8) == 0x5EED) {
            throw new AssertionError("unreachable: the probe's sum is never this value");
        }
    }

    /** @return a value that depends on every argument, so none can be dropped */
    private static long probe(int n, long a, long b, long c, long d, long e, long f, long g, long h) {
        if (n == 0) {
            return a ^ h;
        }
        long r = probe(n - 1, b, c, d, e, f, g, h, a + n);
        return r + a + b + c + d + e + f + g + h;       // all eight are live across the call
    }
}
