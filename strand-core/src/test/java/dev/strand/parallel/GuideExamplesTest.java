package dev.strand.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.Joined;
import dev.strand.PoolStats;
import dev.strand.StealPolicy;
import dev.strand.Strand;
import dev.strand.StrandPool;
import dev.strand.Task;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The examples of docs/guide.md, section by section, with their results checked. */
class GuideExamplesTest {

    static long fib(int n) {
        if (n < 20) {
            return serialFib(n);
        }
        Task<Long> a = Strand.fork(() -> fib(n - 1));
        long b = fib(n - 2);
        return a.join() + b;
    }

    static long serialFib(int n) {
        return n < 2 ? n : serialFib(n - 1) + serialFib(n - 2);
    }

    static final class Fib extends Task<Long> {
        final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 20) {
                return serialFib(n);
            }
            Fib a = new Fib(n - 1);
            a.fork();
            return new Fib(n - 2).compute() + a.join();
        }
    }

    static long sum(long[] a, int lo, int hi) {
        if (hi - lo <= 4096) {
            long s = 0;
            for (int i = lo; i < hi; i++) {
                s += a[i];
            }
            return s;
        }
        int mid = (lo + hi) >>> 1;
        Joined<Long, Long> r = Strand.join(() -> sum(a, lo, mid), () -> sum(a, mid, hi));
        return r.first() + r.second();
    }

    static long expensive(long x) {
        return x * x;
    }

    record Person(String name, int age) { }

    @Test
    void sections1To9() throws Exception {
        try (StrandPool pool = new StrandPool()) {
            assertThat(pool.invoke(() -> 6 * 7)).isEqualTo(42);
        }
        try (StrandPool named = StrandPool.builder().name("render").parallelism(2)
                .tuning(tu -> tu.stealPolicy(StealPolicy.HALF)).build()) {
            assertThat(named.name()).isEqualTo("render");
        }
        try (StrandPool pool = new StrandPool(2)) {
            // 2. fork and join, lambdas and a subclass
            assertThat(pool.invoke(() -> fib(30))).isEqualTo(832040L);
            assertThat(pool.invoke(new Fib(30))).isEqualTo(832040L);

            // 3. Strand.join
            long[] values = new long[100_000];
            Arrays.setAll(values, i -> i);
            assertThat(pool.invoke(() -> sum(values, 0, values.length))).isEqualTo(4_999_950_000L);

            // 4. scope
            long[] inputs = {1, 2, 3, 4};
            long[] out = new long[inputs.length];
            pool.invoke(() -> {
                Strand.scope(s -> {
                    for (int i = 0; i < inputs.length; i++) {
                        int k = i;
                        s.spawn(() -> out[k] = expensive(inputs[k]));
                    }
                });
                return null;
            });
            assertThat(out).containsExactly(1, 4, 9, 16);
            long[] sizes = new long[2];
            List<String> logged = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
            pool.invoke(() -> Strand.scope(s -> {
                Task<Long> left = s.spawn(() -> fib(20));
                Task<Long> right = s.spawn(() -> fib(21));
                s.spawn(() -> logged.add("tree"));
                sizes[0] = left.join() + right.join();
            }));
            assertThat(sizes[0]).isEqualTo(17_711L);
            assertThat(logged).containsExactly("tree");

            // 5. ExecutorService
            Task<String> t = pool.submit(() -> "done");
            assertThat(t.get()).isEqualTo("done");
            List<Callable<Integer>> jobs = List.of(() -> 1, () -> 2, () -> 3);
            List<Future<Integer>> all = pool.invokeAll(jobs);
            assertThat(all.get(2).get()).isEqualTo(3);
            CompletableFuture<Integer> cf = CompletableFuture.supplyAsync(() -> 40, pool)
                    .thenApplyAsync(x -> x + 2, pool);
            assertThat(cf.join()).isEqualTo(42);
            CompletableFuture<Long> viaTask = pool.submit(() -> fib(25)).toCompletableFuture();
            assertThat(viaTask.get()).isEqualTo(75025L);

            // 6. exceptions
            assertThatThrownBy(() -> pool.invoke(() -> {
                throw new IllegalArgumentException("bad input");
            })).isInstanceOf(CompletionException.class)
                    .cause().isInstanceOf(IllegalArgumentException.class).hasMessage("bad input");

            // 7. cancellation
            Task<Long> slow = pool.submit(() -> {
                Thread.sleep(200);
                return 1L;
            });
            boolean cancelled = slow.cancel(true);
            assertThat(cancelled).isTrue();
            assertThat(slow.isCancelled()).isTrue();
            assertThatThrownBy(slow::join).isInstanceOf(CancellationException.class);

            // 9. statistics
            PoolStats before = pool.stats();
            pool.invoke(() -> fib(30));
            PoolStats run = pool.stats().since(before);
            assertThat(run.tasksRun()).isPositive();
            assertThat(run.toTable()).contains("total");

            // 8. shutdown
            pool.shutdown();
            assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
            assertThatThrownBy(() -> pool.submit(() -> 1)).isInstanceOf(RejectedExecutionException.class);
        }
        StrandPool other = new StrandPool(1);
        List<Runnable> neverStarted = other.shutdownNow();
        assertThat(neverStarted).isEmpty();
    }

    @Test
    void section10ParallelAlgorithms() {
        try (StrandPool pool = new StrandPool(2)) {
            int n = 10_000;
            double[] in = new double[n];
            Arrays.setAll(in, i -> i);
            double[] out = new double[n];
            Parallel.forRange(pool, 0, n, i -> out[i] = Math.sqrt(in[i]));
            assertThat(out[9]).isEqualTo(3.0);
            double[] out2 = new double[n];
            Parallel.forChunks(pool, 0, n, (lo, hi) -> {
                for (int i = lo; i < hi; i++) {
                    out2[i] = Math.sqrt(in[i]);
                }
            }, Grain.fixed(8192));
            assertThat(out2).isEqualTo(out);

            long[] longs = {5, -2, 8, 3};
            long[] squares = Parallel.map(pool, longs, x -> x * x);
            assertThat(squares).containsExactly(25, 4, 64, 9);
            Person[] people = {new Person("ann", 40), new Person("bob", 30), new Person("cy", 40)};
            String[] names = Parallel.map(pool, people, Person::name, String[]::new);
            assertThat(names).containsExactly("ann", "bob", "cy");

            assertThat(Parallel.sum(pool, longs)).isEqualTo(14);
            assertThat(Parallel.reduce(pool, longs, Long.MIN_VALUE, Math::max)).isEqualTo(8);
            String[] words = {"fork", "-", "join"};
            assertThat(Parallel.reduce(pool, words, "", String::concat)).isEqualTo("fork-join");
            long evens = Parallel.reduceRange(pool, 0, longs.length, 0L, (lo, hi) -> {
                long c = 0;
                for (int i = lo; i < hi; i++) {
                    if (longs[i] % 2 == 0) {
                        c++;
                    }
                }
                return c;
            }, Long::sum);
            assertThat(evens).isEqualTo(2);

            long[] a = {3, 1, 4, 1, 5};
            Parallel.scan(pool, a, Long::sum);
            assertThat(a).containsExactly(3, 4, 8, 9, 14);
            long[] sizes = {3, 1, 4, 1, 5};
            long total = Parallel.scanExclusive(pool, sizes, 0L, Long::sum);
            assertThat(sizes).containsExactly(0, 3, 4, 8, 9);
            assertThat(total).isEqualTo(14);
            int[] ints = {2, 7, 1, 8, 2, 8};
            Parallel.scan(pool, ints, Math::max);
            assertThat(ints).containsExactly(2, 7, 7, 8, 8, 8);

            Parallel.sort(pool, longs);
            assertThat(longs).containsExactly(-2, 3, 5, 8);
            Parallel.sort(pool, people, Comparator.comparingInt(Person::age));
            assertThat(people).extracting(Person::name).containsExactly("bob", "ann", "cy");
            Parallel.sort(pool, words);
            assertThat(words).containsExactly("-", "fork", "join");
            int[] more = {5, 3, 9, 1};
            Parallel.mergeSort(pool, more, Grain.fixed(4096));
            assertThat(more).containsExactly(1, 3, 5, 9);
        }
    }

    @Test
    void section10SearchesAndTheRayonTable() {
        try (StrandPool pool = new StrandPool(2)) {
            List<Person> people = java.util.stream.IntStream.range(0, 10_000)
                    .mapToObj(i -> new Person("p" + i, i % 90)).toList();
            assertThat(Parallel.anyMatch(pool, people, p -> p.age() == 89)).isTrue();
            assertThat(Parallel.allMatch(pool, people, p -> p.age() < 90)).isTrue();
            assertThat(Parallel.findAny(pool, people, p -> p.age() > 100)).isEmpty();
            assertThat(Parallel.findAny(pool, people, p -> p.age() == 30)).get()
                    .extracting(Person::age).isEqualTo(30);
            assertThat(Parallel.anyMatch(pool, people.spliterator(), p -> p.name().equals("p9999"))).isTrue();

            java.util.function.Predicate<Person> old = p -> p.age() > 60;
            Comparator<Person> byAge = Comparator.comparingInt(Person::age);
            assertThat(Parallel.collect(pool, people,
                    java.util.stream.Collectors.filtering(old, java.util.stream.Collectors.toList())))
                    .isEqualTo(people.parallelStream().filter(old).toList());
            assertThat(Parallel.collect(pool, people, java.util.stream.Collectors.flatMapping(
                    p -> java.util.stream.Stream.of(p.name(), p.name()), java.util.stream.Collectors.toList())))
                    .isEqualTo(people.parallelStream().flatMap(p -> java.util.stream.Stream.of(p.name(), p.name()))
                            .toList());
            assertThat(Parallel.collect(pool, people, java.util.stream.Collectors.minBy(byAge)))
                    .isEqualTo(people.parallelStream().min(byAge));
            assertThat(Parallel.collect(pool, people,
                    java.util.stream.Collectors.filtering(old, java.util.stream.Collectors.counting())))
                    .isEqualTo(people.parallelStream().filter(old).count());

            Person[] sorted = people.toArray(Person[]::new);
            Parallel.mergeSort(pool, sorted, byAge, Grain.auto());
            assertThat(sorted).isEqualTo(people.stream().sorted(byAge).toArray(Person[]::new));   // stable
        }
    }
}
