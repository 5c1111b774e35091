package dev.strand.cli.out;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.strand.PoolStats;
import dev.strand.WorkerStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The JSON output of the commands' {@code --json} option, written by Jackson from records (one
 * record per JSON object, its components in the order of the fields). Two-space indentation,
 * {@code "name": value}; a non-finite number (NaN: not applicable or unknown) is written as
 * {@code null}, since JSON has no NaN.
 *
 * <p>Every document starts with {@code "strand": {"version": ..., "commit": ..., "dirty": ...}}
 * ({@link BuildInfo}): which Strand build produced the figures.
 */
public final class Json {
    private Json() { }

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new SimpleModule("strand-json")
                    .addSerializer(Double.class, new FiniteOrNull())
                    .addSerializer(double.class, new FiniteOrNull()))
            .build();

    private static final ObjectWriter WRITER = MAPPER.writer(new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withObjectEmptySeparator("")
                    .withArrayEmptySeparator(""))
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n")));

    /** @return {@code value} (a record, list, map, string, number, boolean or null) as indented JSON, no trailing newline */
    public static String write(Object value) {
        try {
            return WRITER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot write JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Finite doubles as numbers, NaN and the infinities as {@code null}. */
    private static final class FiniteOrNull extends JsonSerializer<Double> {
        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider)
                throws IOException {
            if (Double.isFinite(value)) {
                gen.writeNumber(value);
            } else {
                gen.writeNull();
            }
        }
    }

    /**
     * The pool's statistics ({@link PoolStats}) as JSON: totals, then one object per worker.
     * {@code idleMillis} is the idle time in milliseconds.
     */
    public record PoolStatistics(long tasksRun, long spawns, long inlinedSpawns, long steals,
                        long stealAttempts, long failedSteals, long movedByHalf, long parks,
                        long unparks, double idleMillis, long maxDequeSize, long minTasksPerWorker,
                        long maxTasksPerWorker, List<Worker> workers) {

        /** One worker's counters. */
        public record Worker(int index, long tasksRun, long spawns, long inlinedSpawns, long steals,
                             long stealAttempts, long failedSteals, long movedByHalf, long parks,
                             long unparks, long joinBlocks, double idleMillis, long maxDequeSize) { }

        /** @return the statistics {@code s} as JSON */
        public static PoolStatistics of(PoolStats s) {
            return new PoolStatistics(s.tasksRun(), s.spawns(), s.inlinedSpawns(), s.steals(),
                    s.stealAttempts(), s.failedSteals(), s.movedByHalf(), s.parks(), s.unparks(),
                    s.idleNanos() / 1e6, s.maxDequeSize(), s.minTasksPerWorker(),
                    s.maxTasksPerWorker(), s.workers().stream().map(PoolStatistics::worker).toList());
        }

        private static Worker worker(WorkerStats w) {
            return new Worker(w.index(), w.tasksRun(), w.spawns(), w.inlinedSpawns(), w.steals(),
                    w.stealAttempts(), w.failedSteals(), w.movedByHalf(), w.parks(), w.unparks(),
                    w.joinBlocks(), w.idleNanos() / 1e6, w.maxDequeSize());
        }
    }
}
