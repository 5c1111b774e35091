package dev.strand.parallel;

import static dev.strand.parallel.Parallel.array;
import static dev.strand.parallel.Parallel.op;

import dev.strand.Strand;
import dev.strand.StrandPool;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * Parallel prefix sums in two sweeps over one split tree (Blelloch's up-sweep / down-sweep, with
 * serial blocks at the leaves).
 *
 * <ol>
 *   <li>Up-sweep: split {@code [0, n)} like a reduction (fixed or adaptive grain), fold each leaf
 *       block serially, and record every node's sum in a tree on the way up. The leftmost block
 *       needs no offset, so it is scanned in place right away.</li>
 *   <li>Down-sweep: walk the recorded tree again in parallel, passing each node the combination of
 *       everything to its left (left child: the parent's offset; right child: the parent's offset
 *       combined with the left child's sum), and scan each block in place from its offset.</li>
 * </ol>
 * Work about 2n applications of the operator (as for every work-efficient parallel scan), span
 * O(grain + log n). The operator must be associative; no identity is needed for the inclusive scan.
 */
final class Scan {
    private Scan() { }

    /** One block-level operation set, typed per array kind; {@code S} is the boxed element. */
    abstract static class Kernel<S> {
        /** @return the fold of the non-empty block {@code [lo, hi)} */
        abstract S fold(int lo, int hi);

        abstract S combine(S x, S y);

        /** Inclusive scan of the block in place, after {@code offset} (null: none). @return last value */
        abstract S inclusive(int lo, int hi, S offset);

        /** Exclusive scan of the block in place starting from {@code offset}. @return offset ⊕ block */
        abstract S exclusive(int lo, int hi, S offset);
    }

    private static final class Node<S> {
        final int lo;
        final int hi;
        S sum;
        Node<S> left;
        Node<S> right;
        boolean done;

        Node(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }
    }

    /**
     * Scans {@code [0, n)} in place, {@code n >= 1}.
     *
     * @param identity the exclusive scan's start value, or null for an inclusive scan
     * @return the combination of all elements (after {@code identity} if given)
     */
    static <S> S run(StrandPool pool, int n, Grain grain, Kernel<S> k, S identity) {
        int p = pool.parallelism();
        return Splitter.invoke(pool, () -> {
            Node<S> root = up(k, grain, p, identity, 0, n, Splitter.initialSplits(p), -1, true);
            down(k, identity != null, root, null);      // the leftmost spine needs no offset
            return root.sum;
        });
    }

    private static <S> Node<S> up(Kernel<S> k, Grain g, int p, S identity, int lo, int hi,
                                  int splits, int origin, boolean leftmost) {
        Node<S> node = new Node<>(lo, hi);
        int s = Splitter.trySplit(g, hi - lo, splits, Splitter.stolen(origin), p);
        if (s < 0) {
            if (leftmost) {                                  // no offset needed: finish now
                node.sum = identity == null ? k.inclusive(lo, hi, null) : k.exclusive(lo, hi, identity);
                node.done = true;
            } else {
                node.sum = k.fold(lo, hi);
            }
            return node;
        }
        int mid = (lo + hi) >>> 1;
        int me = Strand.workerIndex();
        var j = Strand.join(() -> up(k, g, p, identity, lo, mid, s, me, leftmost),
                () -> up(k, g, p, identity, mid, hi, s, me, false));
        node.left = j.first();
        node.right = j.second();
        node.sum = k.combine(node.left.sum, node.right.sum);
        return node;
    }

    private static <S> void down(Kernel<S> k, boolean exclusive, Node<S> node, S offset) {
        if (node.left == null) {
            if (!node.done) {
                if (exclusive) {
                    k.exclusive(node.lo, node.hi, offset);
                } else {
                    k.inclusive(node.lo, node.hi, offset);
                }
            }
            return;
        }
        // offset is null only on the leftmost spine, whose leaf was finished in the up-sweep (for
        // an exclusive scan node.left.sum already starts with the identity)
        S rightOffset = offset == null ? node.left.sum : k.combine(offset, node.left.sum);
        if (node.left.left == null && node.left.done) {      // the leftmost spine: nothing to do
            down(k, exclusive, node.right, rightOffset);
            return;
        }
        Strand.join(() -> {
            down(k, exclusive, node.left, offset);
            return null;
        }, () -> {
            down(k, exclusive, node.right, rightOffset);
            return null;
        });
    }

    static Kernel<Long> of(long[] a, LongBinaryOperator op) {
        return new Kernel<>() {
            @Override
            Long fold(int lo, int hi) {
                long acc = a[lo];
                for (int i = lo + 1; i < hi; i++) {
                    acc = op.applyAsLong(acc, a[i]);
                }
                return acc;
            }

            @Override
            Long combine(Long x, Long y) {
                return op.applyAsLong(x, y);
            }

            @Override
            Long inclusive(int lo, int hi, Long offset) {
                long acc = offset == null ? a[lo] : op.applyAsLong(offset, a[lo]);
                a[lo] = acc;
                for (int i = lo + 1; i < hi; i++) {
                    acc = op.applyAsLong(acc, a[i]);
                    a[i] = acc;
                }
                return acc;
            }

            @Override
            Long exclusive(int lo, int hi, Long offset) {
                long acc = offset;
                for (int i = lo; i < hi; i++) {
                    long x = a[i];
                    a[i] = acc;
                    acc = op.applyAsLong(acc, x);
                }
                return acc;
            }
        };
    }

    static Kernel<Integer> of(int[] a, IntBinaryOperator op) {
        return new Kernel<>() {
            @Override
            Integer fold(int lo, int hi) {
                int acc = a[lo];
                for (int i = lo + 1; i < hi; i++) {
                    acc = op.applyAsInt(acc, a[i]);
                }
                return acc;
            }

            @Override
            Integer combine(Integer x, Integer y) {
                return op.applyAsInt(x, y);
            }

            @Override
            Integer inclusive(int lo, int hi, Integer offset) {
                int acc = offset == null ? a[lo] : op.applyAsInt(offset, a[lo]);
                a[lo] = acc;
                for (int i = lo + 1; i < hi; i++) {
                    acc = op.applyAsInt(acc, a[i]);
                    a[i] = acc;
                }
                return acc;
            }

            @Override
            Integer exclusive(int lo, int hi, Integer offset) {
                int acc = offset;
                for (int i = lo; i < hi; i++) {
                    int x = a[i];
                    a[i] = acc;
                    acc = op.applyAsInt(acc, x);
                }
                return acc;
            }
        };
    }

    static Kernel<Double> of(double[] a, DoubleBinaryOperator op) {
        return new Kernel<>() {
            @Override
            Double fold(int lo, int hi) {
                double acc = a[lo];
                for (int i = lo + 1; i < hi; i++) {
                    acc = op.applyAsDouble(acc, a[i]);
                }
                return acc;
            }

            @Override
            Double combine(Double x, Double y) {
                return op.applyAsDouble(x, y);
            }

            @Override
            Double inclusive(int lo, int hi, Double offset) {
                double acc = offset == null ? a[lo] : op.applyAsDouble(offset, a[lo]);
                a[lo] = acc;
                for (int i = lo + 1; i < hi; i++) {
                    acc = op.applyAsDouble(acc, a[i]);
                    a[i] = acc;
                }
                return acc;
            }

            @Override
            Double exclusive(int lo, int hi, Double offset) {
                double acc = offset;
                for (int i = lo; i < hi; i++) {
                    double x = a[i];
                    a[i] = acc;
                    acc = op.applyAsDouble(acc, x);
                }
                return acc;
            }
        };
    }

    /** Objects: wrapped in a one-element holder so that null elements stay distinguishable. */
    static <T> Kernel<Box<T>> of(T[] a, BinaryOperator<T> op) {
        return new Kernel<>() {
            @Override
            Box<T> fold(int lo, int hi) {
                T acc = a[lo];
                for (int i = lo + 1; i < hi; i++) {
                    acc = op.apply(acc, a[i]);
                }
                return new Box<>(acc);
            }

            @Override
            Box<T> combine(Box<T> x, Box<T> y) {
                return new Box<>(op.apply(x.value, y.value));
            }

            @Override
            Box<T> inclusive(int lo, int hi, Box<T> offset) {
                T acc = offset == null ? a[lo] : op.apply(offset.value, a[lo]);
                a[lo] = acc;
                for (int i = lo + 1; i < hi; i++) {
                    acc = op.apply(acc, a[i]);
                    a[i] = acc;
                }
                return new Box<>(acc);
            }

            @Override
            Box<T> exclusive(int lo, int hi, Box<T> offset) {
                T acc = offset.value;
                for (int i = lo; i < hi; i++) {
                    T x = a[i];
                    a[i] = acc;
                    acc = op.apply(acc, x);
                }
                return new Box<>(acc);
            }
        };
    }

    /** A non-null holder for a possibly null object value. */
    record Box<T>(T value) { }

    // ---------------------------------------------------------------- entries (from Parallel, arguments as given)

    static void scan(StrandPool pool, long[] a, LongBinaryOperator op, Grain grain) {
        scanArgs(pool, a, op, grain);
        if (a.length > 0) {
            Scan.run(pool, a.length, grain, Scan.of(a, op), null);
        }
    }

    static void scan(StrandPool pool, int[] a, IntBinaryOperator op, Grain grain) {
        scanArgs(pool, a, op, grain);
        if (a.length > 0) {
            Scan.run(pool, a.length, grain, Scan.of(a, op), null);
        }
    }

    static void scan(StrandPool pool, double[] a, DoubleBinaryOperator op, Grain grain) {
        scanArgs(pool, a, op, grain);
        if (a.length > 0) {
            Scan.run(pool, a.length, grain, Scan.of(a, op), null);
        }
    }

    static <T> void scan(StrandPool pool, T[] a, BinaryOperator<T> op, Grain grain) {
        scanArgs(pool, a, op, grain);
        if (a.length > 0) {
            Scan.run(pool, a.length, grain, Scan.of(a, op), null);
        }
    }

    static long scanExclusive(StrandPool pool, long[] a, long identity, LongBinaryOperator op,
                                     Grain grain) {
        scanArgs(pool, a, op, grain);
        return a.length == 0 ? identity : Scan.run(pool, a.length, grain, Scan.of(a, op), identity);
    }

    static int scanExclusive(StrandPool pool, int[] a, int identity, IntBinaryOperator op,
                                    Grain grain) {
        scanArgs(pool, a, op, grain);
        return a.length == 0 ? identity : Scan.run(pool, a.length, grain, Scan.of(a, op), identity);
    }

    static double scanExclusive(StrandPool pool, double[] a, double identity,
                                       DoubleBinaryOperator op, Grain grain) {
        scanArgs(pool, a, op, grain);
        return a.length == 0 ? identity : Scan.run(pool, a.length, grain, Scan.of(a, op), identity);
    }

    static <T> T scanExclusive(StrandPool pool, T[] a, T identity, BinaryOperator<T> op,
                                      Grain grain) {
        scanArgs(pool, a, op, grain);
        return a.length == 0 ? identity
                : Scan.run(pool, a.length, grain, Scan.of(a, op), new Scan.Box<>(identity)).value();
    }

    private static void scanArgs(StrandPool pool, Object a, Object op, Grain grain) {
        Splitter.pool(pool);
        array(a);
        op(op);
        Objects.requireNonNull(grain, "grain must not be null");
    }
}
