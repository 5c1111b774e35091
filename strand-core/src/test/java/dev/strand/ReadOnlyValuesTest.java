package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.profile.ProfileReport;
import dev.strand.profile.Profiler;
import dev.strand.profile.WorkSpan;
import dev.strand.trace.ParkEvent;
import dev.strand.trace.SchedulerListener;
import dev.strand.trace.SpawnEvent;
import dev.strand.trace.StealEvent;
import dev.strand.trace.SyncEvent;
import dev.strand.trace.WakeEvent;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/**
 * The statistics, the profiler's figures and the listener's events are values only the runtime
 * makes: final classes, not records, with no constructor a user can call, so that later versions
 * can add to them. Their accessors, equality and text work as the records' did.
 */
class ReadOnlyValuesTest {

    private static final List<Class<?>> VALUES = List.of(WorkerStats.class, PoolStats.class,
            BlockingStats.class, WorkSpan.class, SpawnEvent.class, SyncEvent.class, StealEvent.class,
            ParkEvent.class, WakeEvent.class);

    @Test
    void noUserCanConstructOne() {
        for (Class<?> c : VALUES) {
            assertThat(c.isRecord()).as("%s is a record", c.getSimpleName()).isFalse();
            assertThat(Modifier.isFinal(c.getModifiers())).as("%s is final", c.getSimpleName()).isTrue();
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                int m = k.getModifiers();
                assertThat(Modifier.isPublic(m) || Modifier.isProtected(m))
                        .as("%s has a public or protected constructor %s", c.getSimpleName(), k).isFalse();
            }
        }
    }

    @Test
    void workerStatsCompareAndPrintLikeTheRecord() {
        WorkerStats a = worker(1, 10, 3);
        WorkerStats b = worker(1, 10, 3);
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(worker(1, 10, 4));
        assertThat(a.toString()).startsWith("WorkerStats[index=1, tasksRun=10, spawns=3, inlinedSpawns=0,")
                .endsWith("farSteals=0, stealBacks=0]");
        assertThat(a.steals()).isEqualTo(3);
        assertThat(a.stealAttempts()).isEqualTo(6);
    }

    @Test
    void poolStatsSinceSubtractsEveryCounter() {
        BlockingStats blocked = new BlockingStats(5, 2, 1, 1, 0);
        PoolStats before = new PoolStats(2, List.of(worker(0, 10, 1), worker(1, 20, 2)), 0, BlockingStats.NONE);
        PoolStats after = new PoolStats(2, List.of(worker(0, 15, 4), worker(1, 21, 2)), 3, blocked);
        PoolStats d = after.since(before);
        assertThat(d.tasksRun()).isEqualTo(6);
        assertThat(d.steals()).isEqualTo(3);
        assertThat(d.stealAttempts()).isEqualTo(6);
        assertThat(d.queuedExternal()).isEqualTo(3);
        assertThat(d.blocking().blocks()).isEqualTo(5);
        assertThat(d.blocking()).isEqualTo(blocked);
        assertThat(after).isEqualTo(new PoolStats(2, List.of(worker(0, 15, 4), worker(1, 21, 2)), 3, blocked))
                .isNotEqualTo(before);
        assertThat(after.toString()).startsWith("PoolStats[parallelism=2, workers=[WorkerStats[index=0,")
                .contains("blocking=BlockingStats[blocks=5, spareStarts=2, uncompensated=1,");
    }

    @Test
    void aPoolsSnapshotReadsThroughTheAccessors() {
        try (StrandPool pool = StrandPool.builder().parallelism(2).build()) {
            assertThat(pool.invoke(() -> fib(20))).isEqualTo(6765);
            PoolStats s = pool.stats();
            assertThat(s.parallelism()).isEqualTo(2);
            assertThat(s.workers()).hasSizeGreaterThanOrEqualTo(2);
            assertThat(s.workers().get(1).index()).isEqualTo(1);
            assertThat(s.tasksRun()).isEqualTo(s.workers().stream().mapToLong(WorkerStats::tasksRun).sum())
                    .isPositive();
            assertThat(s.blocking()).isEqualTo(BlockingStats.NONE);
        }
    }

    @Test
    void workSpanComesFromTheProfiler() {
        ProfileReport r;
        try (StrandPool pool = StrandPool.builder().parallelism(2).profile(true).build()) {
            Profiler.region("fib", () -> pool.invoke(() -> fib(16)));
            r = pool.profile();
        }
        WorkSpan fib = r.region("fib");
        assertThat(fib.name()).isEqualTo("fib");
        assertThat(fib.count()).isEqualTo(1);
        assertThat(fib.workNanos()).isGreaterThanOrEqualTo(fib.spanNanos()).isPositive();
        assertThat(fib).isEqualTo(r.region("fib")).isNotEqualTo(r.total());
        assertThat(fib.toString()).startsWith("WorkSpan[name=fib, count=1, workNanos=");
    }

    @Test
    void theListenersEventsNameTheirWorkers() throws Exception {
        Queue<String> bad = new ConcurrentLinkedQueue<>();
        LongAdder spawns = new LongAdder();
        LongAdder steals = new LongAdder();
        int p = 2;
        SchedulerListener l = new SchedulerListener() {
            @Override
            public void onSpawn(SpawnEvent e) {
                spawns.increment();
                check(e.worker(), e);
            }

            @Override
            public void onSteal(StealEvent e) {
                steals.increment();
                check(e.thief(), e);
                check(e.victim(), e);
                if (e.thief() == e.victim() || e.count() < 1) {
                    bad.add(e.toString());
                }
            }

            @Override
            public void onSync(SyncEvent e) {
                check(e.worker(), e);
            }

            @Override
            public void onPark(ParkEvent e) {
                check(e.worker(), e);
            }

            @Override
            public void onWake(WakeEvent e) {
                check(e.worker(), e);
            }

            private void check(int worker, Object e) {
                if (worker < 0 || worker >= p) {
                    bad.add(e.toString());
                }
            }
        };
        try (StrandPool pool = StrandPool.builder().parallelism(p).listener(l).build()) {
            for (int i = 0; i < 5; i++) {
                assertThat(pool.invoke(() -> fib(18))).isEqualTo(2584);
            }
            PoolStats s = pool.stats();
            assertThat(spawns.sum()).isEqualTo(s.spawns() + s.inlinedSpawns());
            assertThat(steals.sum()).isEqualTo(s.steals());
        }
        assertThat(bad).isEmpty();
    }

    private static WorkerStats worker(int index, long tasks, long steals) {
        return new WorkerStats(index, tasks, steals, 0, steals, 2 * steals, steals, 0, 0, 0, 0, 0, 0, 0,
                false, 0, 0, 0);
    }

    private static int fib(int n) {
        if (n < 2) {
            return n;
        }
        Task<Integer> f = Task.of(() -> fib(n - 1)).fork();
        int b = fib(n - 2);
        return f.join() + b;
    }
}
