package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The handles that {@link Scope#spawn} returns: results, failures, cancellation, and their count. */
class ScopeHandleTest {

    @Test
    void handlesCarryResultsAndAreDoneOnceTheScopeEnds() {
        try (StrandPool pool = new StrandPool(2)) {
            List<Task<Integer>> handles = new ArrayList<>();
            int[] early = new int[1];
            pool.invoke(() -> Strand.scope(s -> {
                for (int i = 0; i < 100; i++) {
                    int k = i;
                    handles.add(s.spawn(() -> k * k));
                }
                early[0] = handles.get(7).join() + handles.get(93).join();    // before the end
            }));
            assertThat(early[0]).isEqualTo(49 + 93 * 93);
            for (int i = 0; i < 100; i++) {
                assertThat(handles.get(i).isDone()).isTrue();
                assertThat(handles.get(i).resultNow()).isEqualTo(i * i);
            }
        }
    }

    @Test
    void aRunnableSpawnIsDoneOnlyWhenItHasRun() throws Exception {
        try (StrandPool pool = new StrandPool(2)) {
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger ran = new AtomicInteger();
            Task<?>[] h = new Task<?>[1];
            boolean[] doneWhileBlocked = new boolean[1];
            pool.invoke(() -> Strand.scope(s -> {
                h[0] = s.spawn(() -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    ran.incrementAndGet();
                });
                doneWhileBlocked[0] = h[0].isDone();
                release.countDown();
                h[0].join();
                assertThat(ran.get()).isEqualTo(1);
            }));
            assertThat(doneWhileBlocked[0]).as("a member is not done before its body ran").isFalse();
            assertThat(h[0].resultNow()).isNull();
        }
    }

    @Test
    void aFailureReachesTheHandleAndTheScope() {
        try (StrandPool pool = new StrandPool(2)) {
            IllegalStateException bang = new IllegalStateException("bang");
            List<Task<Integer>> handles = new ArrayList<>();
            Throwable[] atJoin = new Throwable[1];
            assertThatThrownBy(() -> pool.invoke(() -> Strand.scope(s -> {
                handles.add(s.spawn(() -> {
                    throw bang;
                }));
                handles.add(s.spawn(() -> 1));
                try {
                    handles.get(0).join();
                } catch (CompletionException e) {
                    atJoin[0] = e.getCause();
                }
            }))).isInstanceOf(CompletionException.class).hasRootCause(bang);
            assertThat(atJoin[0]).isSameAs(bang);
            assertThat(handles.get(0).isCompletedAbnormally()).isTrue();
            assertThat(handles.get(1).resultNow()).isEqualTo(1);
        }
    }

    @Test
    void aScopeWhoseMembersEndedBeforeItsBodyReportsTheirFailureAndCloses() {
        // every member joined in the body: nothing is outstanding at its end, the one-CAS end
        try (StrandPool pool = new StrandPool(2)) {
            IllegalStateException bang = new IllegalStateException("bang");
            Scope[] kept = new Scope[2];
            assertThatThrownBy(() -> pool.invoke(() -> Strand.scope(s -> {
                kept[0] = s;
                Task<Integer> failing = s.spawn(() -> {
                    throw bang;
                });
                Task<Integer> ok = s.spawn(() -> 2);
                assertThat(ok.join()).isEqualTo(2);
                assertThatThrownBy(failing::join).hasCause(bang);
            }))).isInstanceOf(CompletionException.class).hasRootCause(bang);
            pool.invoke(() -> Strand.scope(s -> kept[1] = s));     // spawned nothing
            for (Scope s : kept) {
                assertThatThrownBy(() -> pool.invoke(() -> s.spawn(() -> 3)))
                        .hasMessageContaining("scope that has already ended");
            }
        }
    }

    @Test
    void aCancelledMemberNeverRunsAndTheScopeSaysSo() {
        try (StrandPool pool = new StrandPool(1)) {         // members wait in the deque while the body runs
            AtomicInteger ran = new AtomicInteger();
            List<Task<Void>> handles = new ArrayList<>();
            boolean[] cancelled = new boolean[2];
            assertThatThrownBy(() -> pool.invoke(() -> Strand.scope(s -> {
                for (int i = 0; i < 10; i++) {
                    handles.add(s.spawn(() -> {
                        ran.incrementAndGet();
                    }));
                }
                cancelled[0] = handles.get(3).cancel(false);
                cancelled[1] = handles.get(3).cancel(false);    // a second cancel counts nothing
            }))).isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(CancellationException.class);
            assertThat(cancelled).containsExactly(true, true);
            assertThat(ran.get()).isEqualTo(9);
            assertThat(handles.get(3).isCancelled()).isTrue();
            assertThatThrownBy(() -> handles.get(3).join()).isInstanceOf(CancellationException.class);
            assertThat(handles.get(4).isDone()).isTrue();
        }
    }

    @Test
    void aStartedMemberCannotBeCancelled() {
        try (StrandPool pool = new StrandPool(2)) {
            boolean[] result = new boolean[1];
            Task<?>[] self = new Task<?>[1];
            CountDownLatch published = new CountDownLatch(1);
            pool.invoke(() -> Strand.scope(s -> {
                self[0] = s.spawn(() -> {
                    try {
                        published.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    result[0] = self[0].cancel(true);
                });
                published.countDown();
            }));
            assertThat(result[0]).isFalse();
            assertThat(self[0].isCancelled()).isFalse();
            assertThat(self[0].isDone()).isTrue();
        }
    }

    @Test
    void spawnOutsideTheScopesPoolIsRefused() {
        Scope[] leaked = new Scope[1];
        try (StrandPool pool = new StrandPool(1)) {
            pool.invoke(() -> Strand.scope(s -> leaked[0] = s));
        }
        assertThatThrownBy(() -> leaked[0].spawn(() -> 1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ended");
        assertThatThrownBy(() -> leaked[0].spawn((java.util.function.Supplier<Integer>) null))
                .isInstanceOf(NullPointerException.class);
    }

    /**
     * Random trees of scopes whose members spawn into the scope, spawn scopes of their own, and join
     * random handles early: every node runs exactly once, and every handle's result is its
     * subtree's node count.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void randomTreesOfHandlesCountEveryTask(int parallelism) {
        try (StrandPool pool = new StrandPool(parallelism)) {
            for (int round = 0; round < 30; round++) {
                LongAdder ran = new LongAdder();
                long seed = 1000L * parallelism + round;
                long expected = serialCount(new SplittableRandom(seed), 0);
                long got = pool.invoke(() -> count(new SplittableRandom(seed), 0, ran));
                assertThat(got).as("seed %d", seed).isEqualTo(expected);
                assertThat(ran.sum()).as("seed %d", seed).isEqualTo(expected);
            }
        }
    }

    private static final int MAX_DEPTH = 5;

    /** The node count of the tree that {@link #count} walks with the same random stream. */
    private static long serialCount(SplittableRandom r, int depth) {
        int children = depth == MAX_DEPTH ? 0 : r.nextInt(5);
        long n = 1;
        for (int i = 0; i < children; i++) {
            n += serialCount(r.split(), depth + 1);
            r.nextInt(3);
        }
        return n;
    }

    private static long count(SplittableRandom r, int depth, LongAdder ran) {
        ran.increment();
        int children = depth == MAX_DEPTH ? 0 : r.nextInt(5);
        if (children == 0) {
            return 1;
        }
        long[] total = {1};
        Strand.scope(s -> {
            List<Task<Long>> handles = new ArrayList<>();
            for (int i = 0; i < children; i++) {
                SplittableRandom child = r.split();
                handles.add(s.spawn(() -> count(child, depth + 1, ran)));
                if (r.nextInt(3) == 0) {
                    total[0] += handles.remove(handles.size() - 1).join();   // joined at once
                }
            }
            for (int i = handles.size() - 1; i >= 0; i -= 2) {
                total[0] += handles.remove(i).join();    // some joined early, out of order
            }
            for (Task<Long> h : handles) {
                total[0] += h.join();
            }
        });
        return total[0];
    }
}
