package dev.strand.cli.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.strand.StrandPool;
import dev.strand.Task;
import dev.strand.profile.Timeline;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The timeline of a real run, written as a Chrome trace and read back by a JSON parser. */
class TimelineTraceTest {

    /** A tree of 2^depth leaves that each sleep 200 µs, so that both workers take part. */
    static final class Tree extends Task<Integer> {
        final int depth;

        Tree(int depth) {
            this.depth = depth;
        }

        @Override
        protected Integer compute() {
            if (depth == 0) {
                LockSupport.parkNanos(200_000L);
                return 1;
            }
            Tree left = new Tree(depth - 1);
            left.fork();
            return new Tree(depth - 1).compute() + left.join();
        }
    }

    @Test
    void theTraceIsValidJsonWithNestedSlicesPerWorkerAndMatchedStealFlows(@TempDir Path dir) throws IOException {
        Timeline t;
        try (StrandPool pool = new StrandPool(StrandPool.builder().parallelism(2).timeline(true).config())) {
            assertThat(pool.invoke(new Tree(7))).isEqualTo(128);
            t = pool.timeline();
        }
        Path file = dir.resolve("trace.json");
        t.writeChromeTrace(file);
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        JsonNode events = root.get("traceEvents");
        assertThat(events.isArray()).isTrue();

        Map<Integer, List<long[]>> slices = new HashMap<>();   // tid -> {start, end} in ns
        Map<Long, JsonNode> flowStarts = new HashMap<>();
        Set<Long> flowEnds = new HashSet<>();
        Set<String> threadNames = new HashSet<>();
        for (JsonNode e : events) {
            String ph = e.get("ph").asText();
            int tid = e.get("tid").asInt();
            switch (ph) {
                case "M" -> {
                    if (e.get("name").asText().equals("thread_name")) {
                        threadNames.add(e.get("args").get("name").asText());
                    }
                }
                case "X" -> {
                    long start = Math.round(e.get("ts").asDouble() * 1000);
                    long dur = Math.round(e.get("dur").asDouble() * 1000);
                    assertThat(dur).isNotNegative();
                    if (e.get("cat").asText().equals("task")) {
                        slices.computeIfAbsent(tid, k -> new ArrayList<>()).add(new long[] {start, start + dur});
                    }
                }
                case "s" -> assertThat(flowStarts.put(e.get("id").asLong(), e)).isNull();
                case "f" -> {
                    assertThat(flowEnds.add(e.get("id").asLong())).isTrue();
                    assertThat(e.get("bp").asText()).isEqualTo("e");
                }
                default -> throw new AssertionError("unexpected event phase " + ph);
            }
        }
        assertThat(threadNames).containsExactlyInAnyOrder("worker 0", "worker 1");
        assertThat(slices.keySet()).as("both workers ran tasks").containsExactlyInAnyOrder(0, 1);
        assertThat(flowStarts.keySet()).as("every steal has both ends").isEqualTo(flowEnds);
        assertThat(flowStarts).as("a tree this size is stolen from").isNotEmpty();
        for (JsonNode e : events) {
            if (e.get("ph").asText().equals("f")) {
                JsonNode s = flowStarts.get(e.get("id").asLong());
                assertThat(e.get("tid").asInt()).as("a steal crosses workers").isNotEqualTo(s.get("tid").asInt());
                assertThat(e.get("ts").asDouble()).isGreaterThanOrEqualTo(s.get("ts").asDouble());
            }
        }
        // On one worker, slices nest (a task run while another waits in a join) or are disjoint.
        for (List<long[]> list : slices.values()) {
            list.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(b[1], a[1]));
            List<long[]> open = new ArrayList<>();
            for (long[] s : list) {
                while (!open.isEmpty() && open.get(open.size() - 1)[1] <= s[0]) {
                    open.remove(open.size() - 1);
                }
                if (!open.isEmpty()) {
                    assertThat(s[1]).as("a slice inside another ends inside it").isLessThanOrEqualTo(open.get(open.size() - 1)[1]);
                }
                open.add(s);
            }
        }
    }

    @Test
    void aPoolWithoutTimelineSaysHowToRecordOne() {
        try (StrandPool pool = new StrandPool(1)) {
            org.assertj.core.api.Assertions.assertThatThrownBy(pool::timeline)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("timeline(true)");
        }
    }
}
