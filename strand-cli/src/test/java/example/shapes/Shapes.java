package example.shapes;

import dev.strand.Joined;
import dev.strand.Strand;
import dev.strand.StrandPool;

/**
 * Coarse fork-join programs of known shape, to check {@code strand profile}'s predictions against
 * measured runs: {@code tree} (a balanced binary tree of 64 leaves, parallelism 64), {@code chain}
 * (each level computes, then joins the next: parallelism 1), {@code lopsided} (every split gives
 * a quarter to one side and three quarters to the other) and {@code fib} (fib(n) with Strand.join
 * down to a cutoff of 20, serial below). Each leaf computes (a chain of dependent multiplications),
 * so the work is processor time, not waiting. Arguments: the shape, then a size (default 1).
 */
public final class Shapes {
    private Shapes() { }

    /** Steps of {@link #leaf} per unit: about a millisecond on the 2-core reference machine. */
    static final long UNIT = 400_000L;

    /** @return a value that depends on every one of {@code units * UNIT} steps */
    static long leaf(long units) {
        long x = units;
        for (long i = 0; i < units * UNIT; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 29;
        }
        return x;
    }

    static long tree(int depth) {
        if (depth == 0) {
            return leaf(2);
        }
        Joined<Long, Long> r = Strand.join(() -> tree(depth - 1), () -> tree(depth - 1));
        return r.first() ^ r.second();
    }

    static long chain(int levels) {
        long x = leaf(2);
        if (levels == 0) {
            return x;
        }
        Joined<Long, Long> r = Strand.join(() -> chain(levels - 1), () -> 0L);
        return x ^ r.first();
    }

    static long lopsided(long units) {
        if (units < 4) {
            return leaf(units);
        }
        long quarter = units / 4;
        Joined<Long, Long> r = Strand.join(() -> lopsided(quarter), () -> lopsided(units - quarter));
        return r.first() ^ r.second();
    }

    static long fib(int n) {
        if (n <= 20) {
            return serialFib(n);
        }
        Joined<Long, Long> r = Strand.join(() -> fib(n - 1), () -> fib(n - 2));
        return r.first() + r.second();
    }

    static long serialFib(int n) {
        return n < 2 ? n : serialFib(n - 1) + serialFib(n - 2);
    }

    public static void main(String[] args) {
        String shape = args.length > 0 ? args[0] : "tree";
        int size = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        try (StrandPool pool = StrandPool.builder().name(shape).build()) {
            long r = pool.invoke(() -> switch (shape) {
                case "tree" -> tree(6 + size - 1);
                case "chain" -> chain(64 * size);
                case "lopsided" -> lopsided(128L * size);
                case "fib" -> fib(34 + size);
                default -> throw new IllegalArgumentException("shapes: tree, chain, lopsided, fib; got " + shape);
            });
            System.out.println(shape + " " + r);
        }
    }
}
