package dev.strand.cli.soak;

import static dev.strand.cli.soak.Run.check;
import static dev.strand.cli.soak.Run.overflowed;

import dev.strand.Joined;
import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Recursion past the end of a small worker stack, through every construct: the overflow must reach
 * the caller as an exception caused by StackOverflowError (or, if the recursion fit, the count
 * must be exact), and the pool must work afterwards.
 */
final class DeepRecursion {
    private DeepRecursion() { }

    static final long[] STACKS = {256 << 10, 512 << 10, 1 << 20};

    static long joinChain(int n) {
        if (n == 0) {
            return 0;
        }
        Joined<Long, Long> j = Strand.join(() -> joinChain(n - 1), () -> 1L);
        return j.first() + j.second();
    }

    static long forkChain(int n) {
        if (n == 0) {
            return 0;
        }
        Task<Long> t = Strand.fork(() -> forkChain(n - 1));
        return 1 + t.join();
    }

    static long forkSiblingChain(int n) {
        if (n == 0) {
            return 0;
        }
        Task<Long> t = Strand.fork(() -> 1L);
        long rest = forkSiblingChain(n - 1);
        return rest + t.join();
    }

    static void scopeChain(AtomicLong count, int n) {
        count.incrementAndGet();
        if (n > 1) {
            Strand.scope(s -> s.spawn(() -> scopeChain(count, n - 1)));
        }
    }

    static long invokeChain(int n) {
        return n == 0 ? 0 : 1 + Strand.workerPool().invoke(() -> invokeChain(n - 1));
    }

    static long plain(int n) {
        return n == 0 ? 0 : 1 + plain(n - 1);
    }

    static void run(Run r) throws Exception {
        long stack = STACKS[r.rng.nextInt(STACKS.length)];
        StrandPool p = r.newPool("deep", r.someParallelism(), stack);
        int rounds = r.upTo(4);
        for (int i = 0; i < rounds; i++) {
            int n = r.rng.nextBoolean() ? r.upTo(2_000) : 10_000 + r.rng.nextInt(1_000_000);
            int kind = r.rng.nextInt(6);
            String what = switch (kind) {
                case 0 -> "Strand.join chain";
                case 1 -> "fork chain";
                case 2 -> "fork-sibling chain";
                case 3 -> "scope chain";
                case 4 -> "invoke chain";
                default -> "plain recursion in submit()";
            };
            what += " of depth " + n + " on a " + (stack >> 10) + " KiB stack";
            AtomicLong count = new AtomicLong();
            Task<Long> t = p.submit(Task.of(() -> switch (kind) {
                case 0 -> joinChain(n);
                case 1 -> forkChain(n);
                case 2 -> forkSiblingChain(n);
                case 3 -> {
                    scopeChain(count, n);
                    yield count.get();
                }
                case 4 -> invokeChain(n);
                default -> plain(n);
            }));
            try {
                long got = t.get();
                check(got == n, "%s: returned %d", what, got);
            } catch (ExecutionException e) {
                check(overflowed(e), "%s: failed with %s, not a StackOverflowError", what,
                        e.getCause());
            }
        }
        // the pool is unharmed: an exact count
        Tree tree = Tree.random(r.rng, 20_000);
        TreeWorkloads.ForkTree ft = new TreeWorkloads.ForkTree(tree, TreeWorkloads.NO_THROW);
        long want = tree.serialCount();
        long got = p.invoke(() -> ft.node(tree.root(), 0));
        check(got == want, "after overflows, fork tree %s: %d, serial %d", tree, got, want);
        p.close();
    }
}
