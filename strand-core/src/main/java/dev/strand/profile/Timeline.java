package dev.strand.profile;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What every worker of a pool did, over time: the tasks it ran (a slice each, nested when a task
 * ran while another waited in a join), the steals (from the worker that forked the task to the
 * one that ran it), and the times it was parked for lack of work. Recorded when the pool is built
 * with {@code timeline(true)}; written as a Chrome trace-event file ({@link #writeChromeTrace})
 * that Perfetto (ui.perfetto.dev) and chrome://tracing open.
 *
 * <p>Tasks shorter than 10 µs get no slice of their own (their time shows in the enclosing
 * slice), and a worker records at most about a million events, so that a run of 10^8 tasks stays
 * a file one can open; {@link #truncated()} says if the limit was reached.
 *
 * <p>Times are nanoseconds since the pool started.
 */
public final class Timeline {
    /** A task run: on {@code worker}, from {@code start} to {@code end}. */
    public record Slice(int worker, String kind, long start, long end) { }

    /** Worker {@code thief} started at {@code startedAt} a task that {@code victim} forked at {@code forkedAt}. */
    public record Steal(int victim, int thief, long forkedAt, long startedAt) { }

    /** Worker {@code worker} was parked from {@code start} to {@code end}. */
    public record Park(int worker, long start, long end) { }

    private final String pool;
    private final int workers;
    private final List<Slice> slices;
    private final List<Steal> steals;
    private final List<Park> parks;
    private final boolean truncated;

    /**
     * @param pool      the pool's name
     * @param workers   its worker count
     * @param slices    the task slices
     * @param steals    the steals
     * @param parks     the parked intervals
     * @param truncated whether a worker reached its event limit
     */
    public Timeline(String pool, int workers, List<Slice> slices, List<Steal> steals, List<Park> parks,
                    boolean truncated) {
        this.pool = Objects.requireNonNull(pool, "pool must not be null");
        this.workers = workers;
        this.slices = List.copyOf(slices);
        this.steals = List.copyOf(steals);
        this.parks = List.copyOf(parks);
        this.truncated = truncated;
    }

    /** @return the pool's name */
    public String pool() {
        return pool;
    }

    /** @return the number of workers (tracks) */
    public int workers() {
        return workers;
    }

    /** @return the task slices, by worker in recording order */
    public List<Slice> slices() {
        return slices;
    }

    /** @return the steals */
    public List<Steal> steals() {
        return steals;
    }

    /** @return the parked intervals */
    public List<Park> parks() {
        return parks;
    }

    /** @return whether some worker reached its event limit and stopped recording */
    public boolean truncated() {
        return truncated;
    }

    /** @return the time of the last event, in nanoseconds since the pool started */
    public long end() {
        long e = 0;
        for (Slice s : slices) {
            e = Math.max(e, s.end());
        }
        for (Park p : parks) {
            e = Math.max(e, p.end());
        }
        return e;
    }

    /**
     * Writes the timeline in the Chrome trace-event format (JSON object form): process and thread
     * names, one complete event ({@code "ph":"X"}) per slice and park, and a flow ({@code "s"} on
     * the victim's track at the fork, {@code "f"} on the thief's at the start) per steal.
     *
     * @param file the file to write (replaced if it exists)
     * @throws IOException if it cannot be written
     */
    public void writeChromeTrace(Path file) throws IOException {
        Objects.requireNonNull(file, "file must not be null");
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writeChromeTrace(w);
        }
    }

    /** Writes the Chrome trace-event JSON to {@code out}; see {@link #writeChromeTrace(Path)}. */
    public void writeChromeTrace(Writer out) throws IOException {
        out.write("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
        out.write("{\"ph\":\"M\",\"pid\":1,\"tid\":0,\"name\":\"process_name\",\"args\":{\"name\":"
                + quote("Strand pool '" + pool + "'") + "}}");
        for (int i = 0; i < workers; i++) {
            out.write(",\n{\"ph\":\"M\",\"pid\":1,\"tid\":" + i + ",\"name\":\"thread_name\",\"args\":{\"name\":"
                    + quote("worker " + i) + "}}");
            out.write(",\n{\"ph\":\"M\",\"pid\":1,\"tid\":" + i
                    + ",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":" + i + "}}");
        }
        for (Slice s : slices) {
            out.write(",\n{\"ph\":\"X\",\"pid\":1,\"tid\":" + s.worker() + ",\"name\":" + quote(s.kind())
                    + ",\"cat\":\"task\",\"ts\":" + us(s.start()) + ",\"dur\":" + us(s.end() - s.start()) + "}");
        }
        for (Park p : parks) {
            out.write(",\n{\"ph\":\"X\",\"pid\":1,\"tid\":" + p.worker() + ",\"name\":\"parked\",\"cat\":\"idle\""
                    + ",\"ts\":" + us(p.start()) + ",\"dur\":" + us(p.end() - p.start()) + "}");
        }
        int id = 0;
        for (Steal s : steals) {
            id++;
            out.write(",\n{\"ph\":\"s\",\"pid\":1,\"tid\":" + s.victim() + ",\"name\":\"steal\",\"cat\":\"steal\""
                    + ",\"id\":" + id + ",\"ts\":" + us(s.forkedAt()) + "}");
            out.write(",\n{\"ph\":\"f\",\"bp\":\"e\",\"pid\":1,\"tid\":" + s.thief()
                    + ",\"name\":\"steal\",\"cat\":\"steal\",\"id\":" + id + ",\"ts\":" + us(s.startedAt()) + "}");
        }
        out.write("\n]}\n");
    }

    /** Nanoseconds as the format's microseconds, with the nanoseconds kept as decimals. */
    private static String us(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e3);
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
