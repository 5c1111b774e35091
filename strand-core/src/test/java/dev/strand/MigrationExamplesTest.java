package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.parallel.Parallel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The examples of docs/migration.md ("Moving from ForkJoinPool to Strand"), section by section:
 * the Strand side of each, and the ForkJoinPool side next to it, with both results checked against
 * each other. {@link #everyExampleOfTheGuideIsInThisFile} keeps the page and this file in sync:
 * every paragraph of every Java block of the page must appear here verbatim (indentation aside).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MigrationExamplesTest {

    static ForkJoinPool fjPool;
    static StrandPool pool;

    @BeforeAll
    static void pools() {
        fjPool = new ForkJoinPool(2);
        pool = new StrandPool(2);
    }

    @AfterAll
    static void closePools() {
        fjPool.close();
        pool.close();
    }

    // ------------------------------------------------------------ "The examples": helpers

    static long serialFib(int n) { return n < 2 ? n : serialFib(n - 1) + serialFib(n - 2); }

    static int countWords(String text) { return text.isBlank() ? 0 : text.trim().split("\\s+").length; }

    static String download(String url) {            // stands for a blocking call: HTTP, JDBC, a file
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "the page at " + url;
    }

    record Node(long weight, List<Node> children) { }

    // ------------------------------------------------------------ section 1: RecursiveTask, RecursiveAction

    static final class ForkJoinFib extends RecursiveTask<Long> {
        final int n;
        ForkJoinFib(int n) { this.n = n; }
        @Override protected Long compute() {
            if (n < 20) return serialFib(n);
            ForkJoinFib f1 = new ForkJoinFib(n - 1);
            f1.fork();
            return new ForkJoinFib(n - 2).compute() + f1.join();
        }
    }

    static final class Fib extends Task<Long> {
        final int n;
        Fib(int n) { this.n = n; }
        @Override protected Long compute() {
            if (n < 20) return serialFib(n);
            Fib f1 = new Fib(n - 1);
            f1.fork();
            return new Fib(n - 2).compute() + f1.join();
        }
    }

    static long fib(int n) {
        if (n < 20) return serialFib(n);
        Task<Long> f1 = Strand.fork(() -> fib(n - 1));
        return fib(n - 2) + f1.join();
    }

    static long fibJoin(int n) {
        if (n < 20) return serialFib(n);
        Joined<Long, Long> r = Strand.join(() -> fibJoin(n - 1), () -> fibJoin(n - 2));
        return r.first() + r.second();
    }

    static final class ForkJoinSquare extends RecursiveAction {
        final long[] a;
        final int lo, hi;
        ForkJoinSquare(long[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }
        @Override protected void compute() {
            if (hi - lo <= 4096) {
                for (int i = lo; i < hi; i++) a[i] *= a[i];
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new ForkJoinSquare(a, lo, mid), new ForkJoinSquare(a, mid, hi));
        }
    }

    static void square(long[] a, int lo, int hi) {
        if (hi - lo <= 4096) {
            for (int i = lo; i < hi; i++) a[i] *= a[i];
            return;
        }
        int mid = (lo + hi) >>> 1;
        Strand.join(() -> square(a, lo, mid), () -> square(a, mid, hi));
    }

    @Test
    void section1RecursiveTaskAndRecursiveAction() {
        long fjp;
        {
            long f = fjPool.invoke(new ForkJoinFib(30));    // 832040
            fjp = f;
        }
        long f = pool.invoke(new Fib(30));              // 832040
        assertThat(f).isEqualTo(fjp).isEqualTo(832040L);

        long g = pool.invoke(() -> fib(30));
        long h = pool.invoke(() -> fibJoin(30));
        assertThat(g).isEqualTo(fjp);
        assertThat(h).isEqualTo(fjp);

        long[] fjSquares;
        {
            long[] values = naturals(50_000);
            fjPool.invoke(new ForkJoinSquare(values, 0, values.length));
            fjSquares = values;
        }
        long[] values = naturals(50_000);
        pool.invoke(() -> square(values, 0, values.length));
        assertThat(values).isEqualTo(fjSquares);
        assertThat(values[49_999]).isEqualTo(49_999L * 49_999L);
    }

    private static long[] naturals(int n) {
        long[] a = new long[n];
        Arrays.setAll(a, i -> i);
        return a;
    }

    // ------------------------------------------------------------ section 2: invokeAll

    static int forkJoinTotalWords(List<String> docs) {
        List<ForkJoinTask<Integer>> counts = new ArrayList<>();
        for (String doc : docs) counts.add(ForkJoinTask.adapt(() -> countWords(doc)));
        int total = 0;
        for (ForkJoinTask<Integer> c : ForkJoinTask.invokeAll(counts)) total += c.join();
        return total;
    }

    static int totalWords(List<String> docs) {
        List<Supplier<Integer>> counts = new ArrayList<>();
        for (String doc : docs) counts.add(() -> countWords(doc));
        int total = 0;
        for (int c : Strand.joinAll(counts)) total += c;
        return total;
    }

    static void requireName(String name) {
        if (name == null) throw new NullPointerException("name");
        if (name.isEmpty()) throw new IllegalArgumentException("empty name");
    }

    @Test
    void section2InvokeAll() {
        List<String> docs = List.of("to be or not to be", "", "fork join", "work stealing runtime");
        int fjp;
        {
            int words = fjPool.invoke(ForkJoinTask.adapt(() -> forkJoinTotalWords(docs)));
            fjp = words;
        }
        int words = pool.invoke(() -> totalWords(docs));
        assertThat(words).isEqualTo(fjp).isEqualTo(11);

        int[][] fjSorted;
        {
            int[] xs = {3, 1, 2};
            int[] ys = {9, 7, 8};
            int[] zs = {6, 4, 5};
            fjPool.invoke(ForkJoinTask.adapt(() -> {
                ForkJoinTask.invokeAll(ForkJoinTask.adapt(() -> Arrays.sort(xs)),
                        ForkJoinTask.adapt(() -> Arrays.sort(ys)), ForkJoinTask.adapt(() -> Arrays.sort(zs)));
            }));
            fjSorted = new int[][] {xs, ys, zs};
        }
        int[] xs = {3, 1, 2};
        int[] ys = {9, 7, 8};
        int[] zs = {6, 4, 5};
        pool.invoke(() -> {
            Strand.joinAll(() -> Arrays.sort(xs), () -> Arrays.sort(ys), () -> Arrays.sort(zs));
        });
        assertThat(new int[][] {xs, ys, zs}).isDeepEqualTo(fjSorted)
                .isDeepEqualTo(new int[][] {{1, 2, 3}, {7, 8, 9}, {4, 5, 6}});

        {
            Throwable any = null;
            try {
                ForkJoinTask.invokeAll(ForkJoinTask.adapt(() -> requireName("ann")),
                        ForkJoinTask.adapt(() -> requireName("")), ForkJoinTask.adapt(() -> requireName(null)));
            } catch (RuntimeException e) {
                any = e;                    // one of the two failures, or a copy of it; the others may be cancelled
            }
            assertThat(any).isInstanceOfAny(IllegalArgumentException.class, NullPointerException.class);
        }
        Throwable first = null;
        try {
            Strand.joinAll(() -> requireName("ann"), () -> requireName(""), () -> requireName(null));
        } catch (CompletionException e) {
            first = e.getCause();           // requireName("")'s IllegalArgumentException, with
        }                                   // requireName(null)'s NullPointerException in first.getSuppressed()
        assertThat(first).isInstanceOf(IllegalArgumentException.class).hasMessage("empty name");
        assertThat(first.getSuppressed()).singleElement().isInstanceOf(NullPointerException.class);
    }

    // ------------------------------------------------------------ section 3: invoke, submit, execute

    @Test
    void section3InvokeSubmitExecute() throws Exception {
        CountDownLatch done = new CountDownLatch(2);
        long[] fjResults;
        String fjCallable;
        int[] fjData;
        {
            int[] data = {5, 3, 9, 1};
            long f = fjPool.invoke(new ForkJoinFib(25));                  // run a task, wait for its result
            ForkJoinTask<Long> t = fjPool.submit(new ForkJoinFib(25));    // run it asynchronously
            Future<String> s = fjPool.submit(() -> "done");               // any Callable
            fjPool.execute(() -> done.countDown());                       // fire and forget
            fjPool.invoke(ForkJoinTask.adapt(() -> Arrays.sort(data)));   // no result: adapt a Runnable
            fjResults = new long[] {f, t.join()};
            fjCallable = s.get();
            fjData = data;
        }
        int[] data = {5, 3, 9, 1};
        long f = pool.invoke(new Fib(25));                            // run a task, wait for its result
        Task<Long> t = pool.submit(new Fib(25));                      // run it asynchronously
        Future<String> s = pool.submit(() -> "done");                 // any Callable (a Task<String>)
        pool.execute(() -> done.countDown());                         // fire and forget
        pool.invoke(() -> Arrays.sort(data));                         // no result: invoke(Runnable)
        long g = pool.invoke(() -> fib(25));                          // or any Supplier
        assertThat(new long[] {f, t.join(), g}).containsExactly(fjResults[0], fjResults[1], 75025L);
        assertThat(fjResults[0]).isEqualTo(75025L);
        assertThat(s.get()).isEqualTo(fjCallable).isEqualTo("done");
        assertThat(data).isEqualTo(fjData).containsExactly(1, 3, 5, 9);
        assertThat(done.await(10, TimeUnit.SECONDS)).as("both executed Runnables ran").isTrue();
    }

    // ------------------------------------------------------------ section 4: the common pool

    @Test
    void section4TheCommonPool() {
        long fjpF;
        long fjpG;
        long fjpH;
        {
            long f = new ForkJoinFib(30).invoke();                  // from main: compute() runs here, its forks in the common pool
            long g = ForkJoinPool.commonPool().invoke(new ForkJoinFib(30));
            ForkJoinTask<Long> t = new ForkJoinFib(25).fork();     // from main: submitted to the common pool
            long h = t.join();
            fjpF = f;
            fjpG = g;
            fjpH = h;
        }
        assertThat(Strand.inWorker()).isFalse();
        long f = new Fib(30).invoke();                              // from main: compute() runs here, its forks in the common pool
        long g = StrandPool.commonPool().invoke(new Fib(30));       // the whole computation on the common pool's workers
        Joined<Long, Long> r = Strand.join(() -> fib(30), () -> fib(31));   // off a worker: on the common pool; the caller waits
        Task<Long> t = new Fib(25).fork();                          // off a worker: submitted to the common pool
        long h = t.join();                                          // blocks: the caller is not a worker
        assertThat(f).isEqualTo(fjpF).isEqualTo(832040L);
        assertThat(g).isEqualTo(fjpG).isEqualTo(832040L);
        assertThat(h).isEqualTo(fjpH).isEqualTo(75025L);
        assertThat(r.first() + r.second()).isEqualTo(serialFib(32));

        StrandPool common = StrandPool.commonPool();
        assertThat(common.isCommonPool()).isTrue();
        assertThat(common.parallelism()).isEqualTo(Integer.getInteger(StrandPool.COMMON_PARALLELISM_PROPERTY,
                Runtime.getRuntime().availableProcessors()));
        assertThat(Strand.fork(() -> Thread.currentThread().getName()).join()).startsWith("strand-common-worker-");
        common.close();                                             // no effect on the shared pool
        common.shutdown();
        assertThat(common.isShutdown()).isFalse();
        assertThat(common.invoke(() -> 6 * 7)).isEqualTo(42);
        assertThat(pool.invoke(() -> Strand.workerPool())).as("a worker keeps its own pool").isSameAs(pool);
    }

    // ------------------------------------------------------------ section 5: ManagedBlocker

    static final class Download implements ForkJoinPool.ManagedBlocker {
        final String url;
        volatile String body;
        Download(String url) { this.url = url; }
        @Override public boolean block() { body = download(url); return true; }
        @Override public boolean isReleasable() { return body != null; }
    }

    static String downloadInForkJoinPool(String url) throws InterruptedException {
        Download d = new Download(url);
        ForkJoinPool.managedBlock(d);          // the pool may start a spare thread while this one blocks
        return d.body;
    }

    static String downloadInStrandPool(String url) throws InterruptedException {
        Download d = new Download(url);
        Strand.managedBlock(d);                // the same blocker: the pool may take a spare out meanwhile
        return d.body;
    }

    @Test
    void section5Blocking() throws Exception {
        {
            String url = "https://example.org/a";
            String page = fjPool.submit(() -> downloadInForkJoinPool(url)).get();
            assertThat(page).isEqualTo("the page at https://example.org/a");
        }
        {
            String url = "https://example.org/a";
            long blocksBefore = pool.stats().blocking().blocks();
            String page = pool.submit(() -> downloadInStrandPool(url)).get();
            String same = pool.submit(() -> Strand.blocking(() -> download(url))).get();   // no blocker class
            assertThat(page).isEqualTo("the page at https://example.org/a").isEqualTo(same);
            assertThat(pool.stats().blocking().blocks() - blocksBefore).as("both calls compensated").isEqualTo(2);
        }

        List<String> urls = List.of("https://example.org/a", "https://example.org/b/c", "https://example.org/d");
        int total;
        try (ExecutorService io = Executors.newVirtualThreadPerTaskExecutor()) {   // one cheap thread per blocking call
            List<CompletableFuture<Integer>> counts = urls.stream()
                    .map(url -> CompletableFuture.supplyAsync(() -> download(url), io)   // blocks a virtual thread, not a worker
                            .thenApplyAsync(page -> countWords(page), pool))         // CPU work on the pool once the page is in
                    .toList();
            total = counts.stream().mapToInt(CompletableFuture::join).sum();
        }
        assertThat(total).isEqualTo(4 * urls.size());

        // The claims of the section: the blocking call ran on a virtual thread, the CPU stage on a worker.
        try (ExecutorService io = Executors.newVirtualThreadPerTaskExecutor()) {
            boolean[] where = CompletableFuture.supplyAsync(() -> Thread.currentThread().isVirtual(), io)
                    .thenApplyAsync(virtual -> new boolean[] {virtual, Strand.workerPool() == pool}, pool)
                    .join();
            assertThat(where).containsExactly(true, true);
        }

        // The other direction: blocking code waits for a Strand computation.
        try (ExecutorService io = Executors.newVirtualThreadPerTaskExecutor()) {
            CompletableFuture<String> report = pool.submit(() -> fib(25)).toCompletableFuture()
                    .thenApplyAsync(n -> "fib(25) = " + n, io);
            assertThat(report.join()).isEqualTo("fib(25) = 75025");
        }
    }

    // ------------------------------------------------------------ section 6: CountedCompleter

    static final class ForkJoinVisit extends CountedCompleter<Void> {
        final Node node;
        final LongAdder total;
        ForkJoinVisit(CountedCompleter<?> parent, Node node, LongAdder total) {
            super(parent);
            this.node = node;
            this.total = total;
        }
        @Override public void compute() {
            for (Node child : node.children()) {
                addToPendingCount(1);
                new ForkJoinVisit(this, child, total).fork();
            }
            total.add(node.weight());
            tryComplete();
        }
    }

    static void visitAll(Scope s, Node node, LongAdder total) {
        for (Node child : node.children()) {
            s.spawn(() -> visitAll(s, child, total));
        }
        total.add(node.weight());
    }

    /** A complete {@code fanOut}-ary tree of the given depth; node weights 1, 2, 3, ... */
    private static Node tree(int fanOut, int depth, long[] next) {
        long w = ++next[0];
        List<Node> children = new ArrayList<>();
        if (depth > 0) {
            for (int i = 0; i < fanOut; i++) {
                children.add(tree(fanOut, depth - 1, next));
            }
        }
        return new Node(w, children);
    }

    @Test
    void section6CountedCompleter() {
        long[] count = new long[1];
        Node root = tree(4, 5, count);                  // 1365 nodes
        long expected = count[0] * (count[0] + 1) / 2;
        long fjp;
        {
            LongAdder total = new LongAdder();
            fjPool.invoke(new ForkJoinVisit(null, root, total));
            fjp = total.sum();
        }
        LongAdder total = new LongAdder();
        pool.invoke(() -> Strand.scope(s -> visitAll(s, root, total)));
        assertThat(total.sum()).isEqualTo(fjp).isEqualTo(expected);

        // A failing member: the scope returns only after every member ended, then reports it.
        LongAdder visited = new LongAdder();
        assertThatThrownBy(() -> pool.invoke(() -> Strand.scope(s -> {
            for (int i = 0; i < 100; i++) {
                int k = i;
                s.spawn(() -> {
                    visited.increment();
                    if (k == 7) throw new IllegalStateException("node 7");
                });
            }
        }))).isInstanceOf(CompletionException.class)
                .cause().isInstanceOf(IllegalStateException.class).hasMessage("node 7");
        assertThat(visited.sum()).isEqualTo(100);
    }

    // ------------------------------------------------------------ section 7: parallel streams

    @Test
    void section7ParallelStreams() throws Exception {
        List<String> words = IntStream.range(0, 5_000).mapToObj(i -> "w" + Integer.toString(i, 7)).toList();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        List<String> fjUpper;
        Map<Integer, Long> fjByLength;
        int fjLetters;
        List<String> fjInMyPool;
        {
            List<String> upper = words.parallelStream().map(String::toUpperCase).toList();
            Map<Integer, Long> byLength = words.parallelStream()
                    .collect(Collectors.groupingBy(String::length, Collectors.counting()));
            int letters = words.parallelStream().collect(Collectors.summingInt(String::length));
            words.parallelStream().forEach(w -> seen.add(w));
            List<String> inMyPool = fjPool.submit(() -> words.parallelStream().map(String::toUpperCase).toList()).get();
            fjUpper = upper;
            fjByLength = byLength;
            fjLetters = letters;
            fjInMyPool = inMyPool;
        }
        assertThat(seen).hasSize(words.size());
        seen.clear();
        List<String> upper = Parallel.map(pool, words, String::toUpperCase);
        Map<Integer, Long> byLength = Parallel.collect(pool, words,
                Collectors.groupingBy(String::length, Collectors.counting()));
        int letters = Parallel.collect(pool, words, Collectors.summingInt(String::length));
        Parallel.forEach(pool, words, w -> seen.add(w));
        assertThat(upper).isEqualTo(fjUpper).isEqualTo(fjInMyPool).startsWith("W0", "W1");
        assertThat(byLength).isEqualTo(fjByLength);
        assertThat(letters).isEqualTo(fjLetters);
        assertThat(seen).hasSize(words.size());
        int reduced = Parallel.reduce(pool, Parallel.map(pool, words, String::length), 0, Integer::sum);
        assertThat(reduced).isEqualTo(fjLetters);
    }

    // ------------------------------------------------------------ section 8: exceptions

    static int parsePositive(String s) {
        int v = Integer.parseInt(s);
        if (v <= 0) throw new IllegalArgumentException("not positive: " + s);
        return v;
    }

    static <T> T invokeUnwrapped(StrandPool pool, Supplier<T> body) {
        try {
            return pool.invoke(body);
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error err) throw err;
            throw e;                                  // a checked exception of a Task subclass stays wrapped
        }
    }

    static final class LoadConfig extends Task<String> {
        final Path path;
        LoadConfig(Path path) { this.path = path; }
        @Override protected String compute() throws IOException { return Files.readString(path); }
    }

    @Test
    void section8Exceptions() throws IOException {
        String fjpMessage;
        {
            String message;
            try {
                message = "parsed " + fjPool.invoke(ForkJoinTask.adapt(() -> parsePositive("-3")));
            } catch (IllegalArgumentException e) {
                message = e.getMessage();     // "not positive: -3", or from a copy made for this thread:
            }                                 // "java.lang.IllegalArgumentException: not positive: -3"
            fjpMessage = message;
        }
        assertThat(fjpMessage).isIn("not positive: -3", "java.lang.IllegalArgumentException: not positive: -3");

        String message;
        try {
            message = "parsed " + pool.invoke(() -> parsePositive("-3"));
        } catch (CompletionException e) {
            if (!(e.getCause() instanceof IllegalArgumentException bad)) throw e;
            message = bad.getMessage();       // "not positive: -3": the original exception
        }
        assertThat(message).isEqualTo("not positive: -3");

        assertThatThrownBy(() -> invokeUnwrapped(pool, () -> parsePositive("0")))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage("not positive: 0");
        assertThatThrownBy(() -> invokeUnwrapped(pool, () -> parsePositive("x")))
                .isExactlyInstanceOf(NumberFormatException.class);
        assertThat(invokeUnwrapped(pool, () -> parsePositive("12"))).isEqualTo(12);

        Path dir = Files.createTempDirectory("migration");
        Path missing = dir.resolve("missing.properties");
        Throwable cause = null;
        try {
            pool.invoke(new LoadConfig(missing));
        } catch (CompletionException e) {
            cause = e.getCause();             // the NoSuchFileException itself
        }
        assertThat(cause).isInstanceOf(NoSuchFileException.class);
        Files.writeString(missing, "threads=4", StandardCharsets.UTF_8);
        assertThat(pool.invoke(new LoadConfig(missing))).isEqualTo("threads=4");
        Files.delete(missing);
        Files.delete(dir);

        // The failure of a forked task deep in a recursion: one CompletionException, the original as cause.
        IllegalStateException deep = new IllegalStateException("leaf 123");
        Throwable atRoot = catchThrowableOf(() -> pool.invoke(() -> failAt(0, 1024, 123, deep)));
        assertThat(atRoot).isInstanceOf(CompletionException.class);
        assertThat(atRoot.getCause()).isSameAs(deep);
        Throwable viaFjp = catchThrowableOf(() -> fjPool.invoke(ForkJoinTask.adapt(() -> failAt(0, 1024, 123, deep))));
        // ForkJoinPool rethrows the exception, or a copy made on the joining thread, which may be
        // copied again at each join it crosses: the original is somewhere down the cause chain.
        boolean reaches = false;
        for (Throwable c = viaFjp; c != null; c = c.getCause()) {
            reaches |= c == deep;
        }
        assertThat(reaches).as("ForkJoinPool rethrows the exception or copies of it: %s", viaFjp).isTrue();

        // get() reports failures as ExecutionException in both.
        Future<Integer> fjFuture = fjPool.submit(() -> parsePositive("-1"));
        Future<Integer> future = pool.submit(() -> parsePositive("-1"));
        assertThatThrownBy(fjFuture::get).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(future::get).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(IllegalArgumentException.class).hasMessage("not positive: -1");

        // Parallel rethrows the first unchecked exception itself, as parallel streams do.
        assertThatThrownBy(() -> Parallel.map(pool, List.of("1", "2", "-5"), MigrationExamplesTest::parsePositive))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage("not positive: -5");
    }

    /** Sums [lo, hi) by binary forks in whichever pool runs it; leaf {@code bad} throws {@code e}. */
    private static long failAt(int lo, int hi, int bad, RuntimeException e) {
        if (hi - lo == 1) {
            if (lo == bad) {
                throw e;
            }
            return lo;
        }
        int mid = (lo + hi) >>> 1;
        if (Strand.inWorker()) {
            Task<Long> left = Strand.fork(() -> failAt(lo, mid, bad, e));
            return failAt(mid, hi, bad, e) + left.join();
        }
        ForkJoinTask<Long> left = ForkJoinTask.adapt(() -> failAt(lo, mid, bad, e)).fork();
        return failAt(mid, hi, bad, e) + left.join();
    }

    private static Throwable catchThrowableOf(Runnable r) {
        try {
            r.run();
        } catch (Throwable t) {
            return t;
        }
        throw new AssertionError("nothing was thrown");
    }

    // ------------------------------------------------------------ section 9: memory consistency

    @Test
    void section9MemoryConsistency() {
        int fjp;
        {
            int[] out = new int[2];                         // a plain array: no volatile, no lock
            ForkJoinTask.invokeAll(ForkJoinTask.adapt(() -> { out[0] = 6; }), ForkJoinTask.adapt(() -> { out[1] = 7; }));
            int product = out[0] * out[1];                  // 42: the tasks' writes are visible after the join
            fjp = product;
        }
        int[] out = new int[2];                         // a plain array: no volatile, no lock
        Strand.join(() -> { out[0] = 6; }, () -> { out[1] = 7; });
        int product = out[0] * out[1];                  // 42: the tasks' writes are visible after the join
        assertThat(product).isEqualTo(fjp).isEqualTo(42);

        for (int round = 0; round < 200; round++) {
            int[] cells = new int[64];
            pool.invoke(() -> Strand.scope(s -> {
                for (int i = 0; i < cells.length; i++) {
                    int k = i;
                    s.spawn(() -> cells[k] = k + 1);
                }
            }));
            assertThat(Arrays.stream(cells).sum()).isEqualTo(64 * 65 / 2);
        }
    }

    // ------------------------------------------------------------ section 10: pool settings

    @Test
    void section10PoolSettings() {
        long fjp;
        {
            long f;
            try (ForkJoinPool fj = new ForkJoinPool(4)) {       // close(): shutdown, then wait for the tasks
                f = fj.invoke(new ForkJoinFib(30));
            }
            fjp = f;
        }
        long f;
        try (StrandPool strand = new StrandPool(4)) {         // close(): shutdown, then wait for the tasks
            f = strand.invoke(new Fib(30));
        }
        assertThat(f).isEqualTo(fjp).isEqualTo(832040L);

        String fjWorker;
        {
            ForkJoinPool custom = new ForkJoinPool(4, ForkJoinPool.defaultForkJoinWorkerThreadFactory,
                    (thread, e) -> System.err.println(thread + ": " + e), false,
                    0, 256, 1, null, 30, TimeUnit.SECONDS);
            fjWorker = custom.invoke(ForkJoinTask.adapt(() -> Thread.currentThread().getName()));
            custom.close();
        }
        assertThat(fjWorker).contains("worker");

        String worker;
        try (StrandPool render = StrandPool.builder()
                .name("render")                                  // threads strand-render-worker-<i>
                .parallelism(4)
                .keepAlive(Duration.ofSeconds(30))               // idle threads exit (default 60 s, as ForkJoinPool's)
                .daemon(true)                                    // the default, as ForkJoinPool's workers are
                .stackSize(16L << 20)                            // for deep recursion
                .uncaughtExceptionHandler((thread, e) -> System.err.println(thread + ": " + e))
                .build()) {
            worker = render.invoke(() -> Thread.currentThread().getName());
        }
        assertThat(worker).matches("strand-render-worker-[0-3]");

        try (StrandPool p = StrandPool.builder().name("check").parallelism(3)
                .keepAlive(Duration.ofSeconds(30)).build()) {
            assertThat(p.parallelism()).isEqualTo(3);
            assertThat(p.config().keepAliveNanos()).isEqualTo(30_000_000_000L);
            assertThat(p.invoke(() -> Thread.currentThread().isDaemon())).isTrue();
        }
        StrandPool one = new StrandPool(1);
        assertThat(one.config().keepAliveNanos()).isEqualTo(Duration.ofSeconds(60).toNanos());
        one.close();                                            // shutdown, then wait
        assertThat(one.isTerminated()).isTrue();
    }

    @Test
    void section10ThreadFactories() {
        ForkJoinPool.ForkJoinWorkerThreadFactory fjFactory = pool -> {
            ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            t.setName("render-" + t.getPoolIndex());
            return t;
        };
        ForkJoinPool fj = new ForkJoinPool(4, fjFactory, null, false);

        StrandPool strand = StrandPool.builder().parallelism(4)
                .threadFactory(seed -> {
                    StrandWorkerThread t = new StrandWorkerThread(seed);
                    t.setName("render-" + seed.index());
                    return t;
                })
                .build();

        try {
            assertThat(fj.invoke(ForkJoinTask.adapt(() -> Thread.currentThread().getName()))).matches("render-[0-9]+");
            assertThat(strand.invoke(() -> Thread.currentThread().getName())).matches("render-[0-3]");
        } finally {
            fj.close();
            strand.close();
        }
    }

    // ------------------------------------------------------------ section 11: statistics

    @Test
    void section11Statistics() {
        {
            long steals = fjPool.getStealCount();
            long queued = fjPool.getQueuedTaskCount() + fjPool.getQueuedSubmissionCount();
            String summary = fjPool.toString();             // counts of threads, steals, queued tasks
            assertThat(steals).isNotNegative();
            assertThat(queued).isNotNegative();
            assertThat(summary).contains("steals");
        }
        PoolStats before = pool.stats();
        pool.invoke(new Fib(30));
        PoolStats run = pool.stats().since(before);         // the counters of this computation only
        long steals = run.steals();
        long tasks = run.tasksRun();
        String table = run.toTable();                       // per worker: tasks, spawns, steals, parks, idle time
        String state = pool.dump();                         // the live state of every worker
        assertThat(tasks).isGreaterThan(1);
        assertThat(run.spawns()).isPositive();
        assertThat(steals).isNotNegative().isLessThanOrEqualTo(run.stealAttempts());
        assertThat(table).contains("total");
        assertThat(state).isNotEmpty();
        assertThat(pool.stats().queuedExternal()).isNotNegative();
        assertThat(pool.stats().workers()).hasSize(pool.parallelism());
    }

    // ------------------------------------------------------------ the table rows and "What has no equivalent"

    @Test
    void smallerMappings() throws Exception {
        // ForkJoinTask.adapt(callable) -> Task.of(supplier)
        Task<Integer> t = Task.of(() -> 6 * 7);
        assertThat(pool.invoke(t)).isEqualTo(fjPool.invoke(ForkJoinTask.adapt(() -> 6 * 7))).isEqualTo(42);

        // inForkJoinPool(), getPool() -> Strand.inWorker(), Strand.workerPool()
        assertThat(fjPool.invoke(ForkJoinTask.adapt(() -> ForkJoinTask.inForkJoinPool()))).isTrue();
        assertThat(pool.invoke(() -> Strand.inWorker())).isTrue();
        assertThat(Strand.inWorker()).isFalse();
        assertThat(Strand.workerPool()).isNull();

        // getException() -> exceptionOrNull(); isCompletedAbnormally() keeps its name
        IllegalStateException boom = new IllegalStateException("boom");
        Task<Integer> failed = pool.submit(() -> {
            throw boom;
        });
        assertThatThrownBy(failed::join).isInstanceOf(CompletionException.class).cause().isSameAs(boom);
        assertThat(failed.isCompletedAbnormally()).isTrue();
        assertThat(failed.exceptionOrNull()).isSameAs(boom);

        // schedule(...) -> CompletableFuture.delayedExecutor(delay, unit, pool)
        long start = System.nanoTime();
        CompletableFuture<Boolean> later = CompletableFuture.supplyAsync(() -> Strand.workerPool() == pool,
                CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS, pool));
        assertThat(later.get(10, TimeUnit.SECONDS)).as("ran on a worker of the pool").isTrue();
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(20));

        // A never-forked task: join() throws instead of waiting for ever.
        assertThatThrownBy(() -> new Fib(3).join()).isInstanceOf(IllegalStateException.class);
        // A task runs at most once.
        Fib once = new Fib(3);
        pool.invoke(once);
        assertThatThrownBy(() -> pool.submit(once)).isInstanceOf(IllegalStateException.class);
    }

    // ------------------------------------------------------------ the page and this file agree

    /**
     * Every paragraph (a run of non-blank lines) of every {@code ```java} block of
     * docs/migration.md appears in this file as consecutive lines, compared with leading and
     * trailing blanks removed and inner runs of blanks collapsed. So the examples of the page are
     * code this class compiles and runs.
     */
    @Test
    void everyExampleOfTheGuideIsInThisFile() throws IOException {
        Path doc = locate("docs/migration.md");
        Path self = locate("strand-core/src/test/java/dev/strand/MigrationExamplesTest.java");
        List<String> source = normalized(Files.readAllLines(self, StandardCharsets.UTF_8));
        List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
        List<String> missing = new ArrayList<>();
        int paragraphs = 0;
        String section = "(top)";
        boolean inJava = false;
        List<String> paragraph = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!inJava && line.startsWith("#")) {
                section = line;
            }
            if (line.strip().startsWith("```")) {
                if (!inJava && line.strip().equals("```java")) {
                    inJava = true;
                    continue;
                }
                if (inJava) {
                    paragraphs += check(paragraph, source, section, i, missing);
                    inJava = false;
                }
                continue;
            }
            if (!inJava) {
                continue;
            }
            if (line.isBlank()) {
                paragraphs += check(paragraph, source, section, i, missing);
            } else {
                assertThat(line).as("docs/migration.md line %d: runnable code only", i + 1).doesNotContain("...");
                paragraph.add(line);
            }
        }
        assertThat(inJava).as("an unclosed code block in docs/migration.md").isFalse();
        assertThat(missing).as("paragraphs of docs/migration.md not found verbatim in this test").isEmpty();
        assertThat(paragraphs).as("Java paragraphs checked").isGreaterThanOrEqualTo(30);
    }

    /** Checks and clears {@code paragraph}; @return 1 if there was one */
    private static int check(List<String> paragraph, List<String> source, String section, int line,
                             List<String> missing) {
        if (paragraph.isEmpty()) {
            return 0;
        }
        List<String> p = normalized(paragraph);
        if (java.util.Collections.indexOfSubList(source, p) < 0) {
            missing.add(section + ", before line " + (line + 1) + ":\n" + String.join("\n", paragraph));
        }
        paragraph.clear();
        return 1;
    }

    private static List<String> normalized(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            String s = l.strip().replaceAll("\\s+", " ");
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    /** {@code name} under the project root, from the module directory (Maven) or the root. */
    private static Path locate(String name) {
        for (Path base : new Path[] {Path.of(".."), Path.of(".")}) {
            Path p = base.resolve(name);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new AssertionError(name + " not found from " + Path.of("").toAbsolutePath());
    }
}
