package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a fresh JVM loads on its way from {@code new StrandPool(2)} to the first result, read from
 * the JVM's own class-loading log ({@code -Xlog:class+load}): nothing a program that does not use
 * it pays for. Flight Recorder's event machinery, the JDK's logging, regular expressions, streams
 * and spun lambda or string-concatenation classes each cost milliseconds to tens of milliseconds
 * before a first result (docs/design.md, "Start-up").
 */
class StartPathTest {
    @TempDir
    static Path dir;
    static List<String> loaded;

    @BeforeAll
    static void runTheProbe() throws Exception {
        Path log = dir.resolve("classes.log");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + log + ":none",
                "-cp", System.getProperty("java.class.path"), StartPathProbe.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the probe JVM exits").isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out.strip()).isEqualTo(Long.toString(999L * 1000 / 2));
        loaded = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            String[] f = line.strip().split(" ", -1);
            if (f.length > 0 && !f[0].isEmpty()) {
                loaded.add(f[0]);
            }
        }
        assertThat(loaded).contains(StrandPool.class.getName());
    }

    private static List<String> loaded(java.util.function.Predicate<String> which) {
        return loaded.stream().filter(which).toList();
    }

    @Test
    void flightRecorderIsNotStartedWithoutARecording() {
        assertThat(loaded(c -> c.startsWith("dev.strand.internal.jfr.StrandEvents")
                || c.equals("jdk.jfr.Event") || c.startsWith("jdk.jfr.internal."))).isEmpty();
    }

    @Test
    void noLoggingRegexOrStreamsOnTheStartPath() {
        assertThat(loaded(c -> c.equals("java.util.logging.LogManager") || c.equals("java.util.regex.Pattern")
                || c.equals("java.util.stream.ReferencePipeline"))).isEmpty();
    }

    @Test
    void theLibrarySpinsNoLambdaOrConcatenationClasses() {
        assertThat(loaded(c -> (c.startsWith("dev.strand.") && c.contains("$$Lambda"))
                || c.equals("java.lang.invoke.StringConcatFactory")
                || c.equals("java.lang.invoke.InnerClassLambdaMetafactory"))).isEmpty();
    }

    /**
     * A program loads the task wrapper it uses and no other: the verifier loads every class that a
     * method of a class it links returns as a supertype, so factories that returned each wrapper
     * as a {@code Task} from one class loaded all five, and {@code Task.toCompletableFuture}
     * loaded its future's class, at the first task.
     */
    @Test
    void onlyTheTaskWrapperInUseIsLoaded() {
        assertThat(loaded).contains("dev.strand.Tasks$SupplierTask");
        assertThat(loaded(c -> c.startsWith("dev.strand.Tasks$") && !c.equals("dev.strand.Tasks$SupplierTask")))
                .isEmpty();
        assertThat(loaded).doesNotContain("dev.strand.TaskFuture");
    }

    /**
     * The pool's blocking statistics are {@code AtomicLong}s (in the JDK's class-data archive and
     * loaded at the JVM's start), not {@code LongAdder}s, whose set-up loads {@code Striped64},
     * {@code ThreadLocalRandom}'s access classes and three VarHandles; and a program that never
     * profiles loads none of the profiler's classes, the flag that joins test included.
     */
    @Test
    void noLongAdderAndNoProfilerClasses() {
        assertThat(loaded(c -> c.equals("java.util.concurrent.atomic.LongAdder")
                || c.equals("java.util.concurrent.atomic.Striped64")
                || c.startsWith("dev.strand.internal.profile."))).isEmpty();
    }

    /**
     * {@code new StrandPool(n)} makes its default configuration directly: the builder and the
     * range checks are classes of their own that a pool of defaults does not need. The sleep
     * protocol's questions are answered by the pool's one callback class and its reviver is a JDK
     * interface, not classes of their own.
     */
    @Test
    void theDefaultConstructorLoadsNoBuilderNoChecksAndNoExtraCallbackClasses() {
        assertThat(loaded(c -> c.equals("dev.strand.PoolConfig$Builder") || c.equals("dev.strand.ConfigChecks")
                || c.equals("dev.strand.internal.worker.PoolAccess$Ask")
                || c.equals("dev.strand.internal.sleep.SleepCoordinator$Reviver"))).isEmpty();
    }

    /**
     * A pool of defaults loads no class for settings it does not use: its tuning (asked of the
     * configuration, the enums read as their defaults), its multiprogramming mode, its locality, or the {@code Steal} result
     * type that only tests and callers outside the engine use; and each deque is one class of fields
     * and the deque, its padding declared in them, not one class per pad.
     */
    @Test
    void noClassForUnusedSettingsOrForPadding() {
        assertThat(loaded(c -> c.equals("dev.strand.PoolConfig$Tuning") || c.equals("dev.strand.StealPolicy")
                || c.equals("dev.strand.JoinPolicy") || c.equals("dev.strand.DequeKind")
                || c.equals("dev.strand.Multiprogramming")
                || c.equals("dev.strand.internal.victim.Locality") || c.equals("dev.strand.internal.deque.Steal")))
                .isEmpty();
        assertThat(loaded(c -> c.startsWith("dev.strand.internal.deque."))).containsExactlyInAnyOrder(
                "dev.strand.internal.deque.WorkerDeque", "dev.strand.internal.deque.DequeFields",
                "dev.strand.internal.deque.ChaseLevDeque", "dev.strand.internal.deque.InjectorFields",
                "dev.strand.internal.deque.Injector");
    }

    @Test
    void theStartPathLoadsAFewDozenOfTheLibrarysClasses() {
        long ours = loaded.stream().filter(c -> c.startsWith("dev.strand.") && !c.startsWith("dev.strand.StartPath"))
                .count();
        // Each class loaded from a jar costs most of a millisecond in a fresh JVM: a budget, so that
        // a change that adds classes to the start path is a deliberate one. 32 load in every run
        // now; a join that waits loads Joins, one that blocks Compensation, and a task run nested
        // in a wait Runs, only when one happens (in 5, 1 and 1 of 12 runs): 35 at most, no slack
        // beyond them.
        assertThat(ours).isBetween(20L, 35L);
    }
}
