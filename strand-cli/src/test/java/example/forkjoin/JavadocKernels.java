package example.forkjoin;

import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.profile.Profiler;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The two classic examples of the JDK's fork/join Javadoc, ported to Strand's API as a new user
 * would: {@code Fibonacci} from {@code RecursiveTask} (a task per call, no cutoff: the Javadoc
 * calls it "a poor way to compute Fibonacci numbers", a test of the scheduler) and {@code SortTask}
 * from {@code RecursiveAction} (a merge sort with a sequential threshold of 1,000 and a serial
 * merge). Run: {@code strand profile --class-path CP --main example.forkjoin.JavadocKernels -- N SIZE}.
 */
public final class JavadocKernels {
    private JavadocKernels() { }

    /** RecursiveTask's Fibonacci: fork f1, compute f2, join f1. */
    static int fibonacci(int n) {
        if (n <= 1) {
            return n;
        }
        Task<Integer> f1 = Strand.fork(() -> fibonacci(n - 1));
        int f2 = fibonacci(n - 2);
        return f2 + f1.join();
    }

    /** RecursiveAction's SortTask: sort both halves in parallel, then merge them serially. */
    static final int THRESHOLD = 1000;

    static void sort(long[] array, int lo, int hi) {
        if (hi - lo < THRESHOLD) {
            Arrays.sort(array, lo, hi);
        } else {
            int mid = (lo + hi) >>> 1;
            Strand.join(() -> sort(array, lo, mid), () -> sort(array, mid, hi));
            merge(array, lo, mid, hi);
        }
    }

    static void merge(long[] array, int lo, int mid, int hi) {
        long[] buf = Arrays.copyOfRange(array, lo, mid);
        for (int i = 0, j = lo, k = mid; i < buf.length; j++) {
            array[j] = (k == hi || buf[i] < array[k]) ? buf[i++] : array[k++];
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 27;
        int size = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        long[] a = new SplittableRandom(1).longs(size).toArray();
        try (StrandPool pool = StrandPool.builder().name("javadoc").build()) {
            int f = Profiler.region("Fibonacci", () -> pool.invoke(() -> fibonacci(n)));
            Profiler.region("SortTask", () -> pool.invoke(() -> sort(a, 0, a.length)));
            System.out.println("fibonacci(" + n + ") = " + f + "; sorted " + size + " longs: "
                    + isSorted(a));
        }
    }

    static boolean isSorted(long[] a) {
        for (int i = 1; i < a.length; i++) {
            if (a[i - 1] > a[i]) {
                return false;
            }
        }
        return true;
    }
}
