package dev.strand.parallel;

import dev.strand.Strand;
import dev.strand.StrandPool;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Parallel merge sort: leaves sorted by {@code Arrays.sort}, merged level by level between the
 * array and one buffer (ping-pong: each level merges from one into the other, so no level copies),
 * with either a parallel merge (divide by binary search, span Θ(log² n), so the sort's span is
 * Θ(log³ n)) or a serial merge (span Θ(n), the sort's span too), which shows that a parallel
 * recursion with a serial merge is not enough.
 *
 * <p>The recursion has a uniform depth d (every leaf is at depth d, holding at most
 * ⌈n / 2^d⌉ elements); sorted runs of depth k live in the array when d - k is even and in the
 * buffer otherwise, so the result lands in the array. When d is odd the leaves are copied to the
 * buffer once after sorting (the automatic object sort picks an even d and never copies).
 */
final class MergeSort {
    private MergeSort() { }

    /** Fewest elements in a leaf of the automatic sort. */
    static final int MIN_LEAF = 8192;
    /** Pieces per worker the automatic sort aims at. */
    static final int PIECES_PER_WORKER = 8;

    /** The typed operations on one array kind; arrays are passed as {@code Object}. */
    abstract static class Kernel {
        abstract void sortLeaf(Object a, int lo, int hi);

        /** Stable merge of src[lo1, hi1) and src[lo2, hi2) into dst from k. */
        abstract void merge(Object src, int lo1, int hi1, int lo2, int hi2, Object dst, int k);

        /** @return the sign of arr[i] compared with key[ki], in the order the sort uses */
        abstract int compareAt(Object arr, int i, Object key, int ki);

        /**
         * @return the first index i in [lo, hi) with arr[i] >= key[ki] (hi if none); with
         *     {@code upper}, the first with arr[i] > key[ki]. A binary search runs once per merge
         *     split, so the virtual compare costs nothing that matters.
         */
        final int bound(Object arr, int lo, int hi, Object key, int ki, boolean upper) {
            int limit = upper ? 0 : -1;           // go right while compare <= limit
            while (lo < hi) {
                int m = (lo + hi) >>> 1;
                if (compareAt(arr, m, key, ki) <= limit) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            return lo;
        }

        abstract Object newBuffer(Object a, int n);
    }

    /**
     * Sorts {@code a[0, n)} with a recursion of depth {@code depth}.
     *
     * @param mergeGrain merges of at most this many elements run serially (>= 2)
     */
    static void sort(StrandPool pool, Object a, int n, Kernel k, int depth, int mergeGrain) {
        if (depth == 0) {
            Splitter.invoke(pool, () -> {
                k.sortLeaf(a, 0, n);
                return null;
            });
            return;
        }
        Object b = k.newBuffer(a, n);
        Run r = new Run(k, a, b, Math.max(2, mergeGrain));
        Splitter.invoke(pool, () -> {
            r.sort(0, n, depth, false);
            return null;
        });
    }

    /** @return the smallest depth d with ⌈n / 2^d⌉ {@code <=} leafSize */
    static int depthFor(int n, int leafSize) {
        int d = 0;
        while (d < 31 && ((n - 1L) >> d) + 1 > leafSize) {
            d++;
        }
        return d;
    }

    /** @return the depth of the automatic sort: about 8·P leaves, even, leaves >= MIN_LEAF; 0 = serial */
    static int autoDepth(int n, int p) {
        if (p <= 1 || n < 4 * MIN_LEAF) {
            return 0;
        }
        int d = 32 - Integer.numberOfLeadingZeros(p * PIECES_PER_WORKER - 1);   // ceil(log2(8P))
        if ((d & 1) != 0) {
            d++;
        }
        while (d > 0 && (n >> d) < MIN_LEAF) {
            d -= 2;
        }
        return d;
    }

    /** @return the serial-merge grain of the automatic sort */
    static int autoMergeGrain(int n, int depth) {
        return Math.max(4096, (n >> depth) / 2);
    }

    private record Run(Kernel k, Object a, Object b, int mergeGrain) {
        /** Sorts [lo, hi) into b if toB, else into a. */
        void sort(int lo, int hi, int depth, boolean toB) {
            if (depth == 0) {
                k.sortLeaf(a, lo, hi);
                if (toB) {
                    System.arraycopy(a, lo, b, lo, hi - lo);
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            Strand.join(() -> {
                sort(lo, mid, depth - 1, !toB);
                return null;
            }, () -> {
                sort(mid, hi, depth - 1, !toB);
                return null;
            });
            Object src = toB ? a : b;
            Object dst = toB ? b : a;
            merge(src, lo, mid, mid, hi, dst, lo);
        }

        /** Parallel merge: split the longer run at its middle, binary-search the other. */
        void merge(Object src, int lo1, int hi1, int lo2, int hi2, Object dst, int at) {
            int n1 = hi1 - lo1;
            int n2 = hi2 - lo2;
            if (n1 + n2 <= mergeGrain) {
                k.merge(src, lo1, hi1, lo2, hi2, dst, at);
                return;
            }
            int m1;
            int m2;
            if (n1 >= n2) {                // n1 >= 2 here since n1 + n2 > mergeGrain >= 2
                m1 = (lo1 + hi1) >>> 1;
                m2 = k.bound(src, lo2, hi2, src, m1, false);   // right-run elements < pivot go left
            } else {
                m2 = (lo2 + hi2) >>> 1;
                m1 = k.bound(src, lo1, hi1, src, m2, true);   // left-run elements <= pivot go left
            }
            int at2 = at + (m1 - lo1) + (m2 - lo2);
            int fm1 = m1;
            int fm2 = m2;
            Strand.join(() -> {
                merge(src, lo1, fm1, lo2, fm2, dst, at);
                return null;
            }, () -> {
                merge(src, fm1, hi1, fm2, hi2, dst, at2);
                return null;
            });
        }
    }

    // ------------------------------------------------------------------ kernels

    static final Kernel LONG = new Kernel() {
        @Override
        void sortLeaf(Object a, int lo, int hi) {
            Arrays.sort((long[]) a, lo, hi);
        }

        @Override
        void merge(Object src, int lo1, int hi1, int lo2, int hi2, Object dst, int k) {
            long[] s = (long[]) src;
            long[] d = (long[]) dst;
            if (lo1 == hi1 || lo2 == hi2 || s[hi1 - 1] <= s[lo2]) {   // in order already
                System.arraycopy(s, lo1, d, k, hi1 - lo1);
                System.arraycopy(s, lo2, d, k + hi1 - lo1, hi2 - lo2);
                return;
            }
            int i = lo1;
            int j = lo2;
            while (i < hi1 && j < hi2) {
                long x = s[i];
                long y = s[j];
                boolean right = y < x;
                d[k++] = right ? y : x;
                i += right ? 0 : 1;
                j += right ? 1 : 0;
            }
            System.arraycopy(s, i, d, k, hi1 - i);
            System.arraycopy(s, j, d, k + hi1 - i, hi2 - j);
        }

        @Override
        int compareAt(Object arr, int i, Object key, int ki) {
            long[] a = (long[]) arr;
            return Long.compare(a[i], ((long[]) key)[ki]);
        }

        @Override
        Object newBuffer(Object a, int n) {
            return new long[n];
        }
    };

    static final Kernel INT = new Kernel() {
        @Override
        void sortLeaf(Object a, int lo, int hi) {
            Arrays.sort((int[]) a, lo, hi);
        }

        @Override
        void merge(Object src, int lo1, int hi1, int lo2, int hi2, Object dst, int k) {
            int[] s = (int[]) src;
            int[] d = (int[]) dst;
            if (lo1 == hi1 || lo2 == hi2 || s[hi1 - 1] <= s[lo2]) {
                System.arraycopy(s, lo1, d, k, hi1 - lo1);
                System.arraycopy(s, lo2, d, k + hi1 - lo1, hi2 - lo2);
                return;
            }
            int i = lo1;
            int j = lo2;
            while (i < hi1 && j < hi2) {
                int x = s[i];
                int y = s[j];
                boolean right = y < x;
                d[k++] = right ? y : x;
                i += right ? 0 : 1;
                j += right ? 1 : 0;
            }
            System.arraycopy(s, i, d, k, hi1 - i);
            System.arraycopy(s, j, d, k + hi1 - i, hi2 - j);
        }

        @Override
        int compareAt(Object arr, int i, Object key, int ki) {
            int[] a = (int[]) arr;
            return Integer.compare(a[i], ((int[]) key)[ki]);
        }

        @Override
        Object newBuffer(Object a, int n) {
            return new int[n];
        }
    };

    /** Doubles in the total order of {@link Double#compare} (-0.0 before 0.0, NaN last), as Arrays.sort. */
    static final Kernel DOUBLE = new Kernel() {
        @Override
        void sortLeaf(Object a, int lo, int hi) {
            Arrays.sort((double[]) a, lo, hi);
        }

        @Override
        void merge(Object src, int lo1, int hi1, int lo2, int hi2, Object dst, int k) {
            double[] s = (double[]) src;
            double[] d = (double[]) dst;
            if (lo1 == hi1 || lo2 == hi2 || Double.compare(s[hi1 - 1], s[lo2]) <= 0) {
                System.arraycopy(s, lo1, d, k, hi1 - lo1);
                System.arraycopy(s, lo2, d, k + hi1 - lo1, hi2 - lo2);
                return;
            }
            int i = lo1;
            int j = lo2;
            while (i < hi1 && j < hi2) {
                double x = s[i];
                double y = s[j];
                boolean right = Double.compare(y, x) < 0;
                d[k++] = right ? y : x;
                i += right ? 0 : 1;
                j += right ? 1 : 0;
            }
            System.arraycopy(s, i, d, k, hi1 - i);
            System.arraycopy(s, j, d, k + hi1 - i, hi2 - j);
        }

        @Override
        int compareAt(Object arr, int i, Object key, int ki) {
            double[] a = (double[]) arr;
            return Double.compare(a[i], ((double[]) key)[ki]);
        }

        @Override
        Object newBuffer(Object a, int n) {
            return new double[n];
        }
    };

    /** Objects with a comparator: stable (leaves by TimSort, merges take the left run on ties). */
    static <T> Kernel objects(Comparator<? super T> c) {
        return new Kernel() {
            @SuppressWarnings("unchecked")
            @Override
            void sortLeaf(Object a, int lo, int hi) {
                Arrays.sort((T[]) a, lo, hi, c);
            }

            @SuppressWarnings("unchecked")
            @Override
            void merge(Object src, int lo1, int hi1, int lo2, int hi2, Object dst, int k) {
                T[] s = (T[]) src;
                T[] d = (T[]) dst;
                if (lo1 == hi1 || lo2 == hi2 || c.compare(s[hi1 - 1], s[lo2]) <= 0) {
                    System.arraycopy(s, lo1, d, k, hi1 - lo1);
                    System.arraycopy(s, lo2, d, k + hi1 - lo1, hi2 - lo2);
                    return;
                }
                int i = lo1;
                int j = lo2;
                while (i < hi1 && j < hi2) {
                    if (c.compare(s[j], s[i]) < 0) {
                        d[k++] = s[j++];
                    } else {
                        d[k++] = s[i++];
                    }
                }
                System.arraycopy(s, i, d, k, hi1 - i);
                System.arraycopy(s, j, d, k + hi1 - i, hi2 - j);
            }

            @SuppressWarnings("unchecked")
            @Override
            int compareAt(Object arr, int i, Object key, int ki) {
                T[] a = (T[]) arr;
                return c.compare(a[i], ((T[]) key)[ki]);
            }

            @Override
            Object newBuffer(Object a, int n) {
                return Array.newInstance(a.getClass().getComponentType(), n);
            }
        };
    }
}
