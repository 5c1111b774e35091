package dev.strand.internal.victim;

/**
 * Victim order for stealing, as in Go's runtime ({@code proc.go}, {@code stealOrder}): start at a
 * random worker and walk with a random stride coprime with P, which visits every worker exactly once
 * in a pseudo-random permutation. Thieves that start searching at once spread over different victims
 * instead of all hitting worker 0, and the walk needs no allocation.
 *
 * <p>Rejected alternative: uniform random victims with replacement (the Blumofe-Leiserson model) may
 * probe the same empty victim repeatedly and give no bound on a full sweep; a permutation gives
 * "every worker checked" after P-1 probes, which the sleep protocol's re-scan needs anyway.
 */
public final class VictimOrder {
    private final int size;
    private final int[] coprimes;

    /** @param size number of workers, {@code >= 1} */
    public VictimOrder(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("size must be >= 1, got " + size);
        }
        this.size = size;
        int n = 0;
        int[] c = new int[size];
        for (int i = 1; i <= size; i++) {
            if (gcd(i, size) == 1) {
                c[n++] = i;
            }
        }
        this.coprimes = java.util.Arrays.copyOf(c, n);
    }

    /** @return the number of workers */
    public int size() {
        return size;
    }

    /**
     * Starts a walk from a random number.
     *
     * @param random any random int
     * @return a packed walk: start in the low 32 bits, stride in the high 32 bits
     */
    public long start(int random) {
        int r = random & Integer.MAX_VALUE;
        int start = r % size;
        int stride = coprimes[(r / size) % coprimes.length];
        return ((long) stride << 32) | start;
    }

    /**
     * @param walk a walk from {@link #start}
     * @param k    step number, 0 .. size-1
     * @return the k-th worker visited; the values for k = 0 .. size-1 are a permutation of 0 .. size-1
     */
    public int victim(long walk, int k) {
        int start = (int) walk;
        int stride = (int) (walk >>> 32);
        return (int) ((start + (long) k * stride) % size);
    }

    static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
}
