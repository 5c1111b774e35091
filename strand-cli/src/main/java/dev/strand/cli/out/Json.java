package dev.strand.cli.out;

import dev.strand.PoolStats;
import dev.strand.WorkerStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal JSON writer (the CLI has no JSON dependency): maps (in insertion order), lists,
 * strings, numbers, booleans and null, printed with two-space indentation.
 */
public final class Json {
    private Json() { }

    /** @return a new insertion-ordered JSON object */
    public static Map<String, Object> object() {
        return new LinkedHashMap<>();
    }

    /** @return {@code value} as indented JSON text (no trailing newline) */
    public static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, "");
        return sb.toString();
    }

    private static void write(StringBuilder sb, Object v, String indent) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Map<?, ?> m) {
            if (m.isEmpty()) {
                sb.append("{}");
                return;
            }
            String inner = indent + "  ";
            sb.append("{\n");
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) {
                    sb.append(",\n");
                }
                first = false;
                sb.append(inner);
                string(sb, String.valueOf(e.getKey()));
                sb.append(": ");
                write(sb, e.getValue(), inner);
            }
            sb.append('\n').append(indent).append('}');
        } else if (v instanceof List<?> l) {
            if (l.isEmpty()) {
                sb.append("[]");
                return;
            }
            String inner = indent + "  ";
            sb.append("[\n");
            for (int i = 0; i < l.size(); i++) {
                sb.append(i == 0 ? "" : ",\n").append(inner);
                write(sb, l.get(i), inner);
            }
            sb.append('\n').append(indent).append(']');
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            sb.append(Double.isFinite(d) ? String.valueOf(d) : "null");
        } else if (v instanceof Number || v instanceof Boolean) {
            sb.append(v);
        } else {
            string(sb, v.toString());
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /** @return the statistics as a JSON object: totals, then one object per worker */
    public static Map<String, Object> stats(PoolStats s) {
        Map<String, Object> o = object();
        o.put("tasksRun", s.tasksRun());
        o.put("spawns", s.spawns());
        o.put("inlinedSpawns", s.inlinedSpawns());
        o.put("steals", s.steals());
        o.put("stealAttempts", s.stealAttempts());
        o.put("failedSteals", s.failedSteals());
        o.put("movedByHalf", s.movedByHalf());
        o.put("parks", s.parks());
        o.put("unparks", s.unparks());
        o.put("idleMillis", s.idleNanos() / 1e6);
        o.put("maxDequeSize", s.maxDequeSize());
        o.put("minTasksPerWorker", s.minTasksPerWorker());
        o.put("maxTasksPerWorker", s.maxTasksPerWorker());
        List<Object> workers = new ArrayList<>();
        for (WorkerStats w : s.workers()) {
            Map<String, Object> wo = object();
            wo.put("index", w.index());
            wo.put("tasksRun", w.tasksRun());
            wo.put("spawns", w.spawns());
            wo.put("inlinedSpawns", w.inlinedSpawns());
            wo.put("steals", w.steals());
            wo.put("stealAttempts", w.stealAttempts());
            wo.put("failedSteals", w.failedSteals());
            wo.put("movedByHalf", w.movedByHalf());
            wo.put("parks", w.parks());
            wo.put("unparks", w.unparks());
            wo.put("joinBlocks", w.joinBlocks());
            wo.put("idleMillis", w.idleNanos() / 1e6);
            wo.put("maxDequeSize", w.maxDequeSize());
            workers.add(wo);
        }
        o.put("workers", workers);
        return o;
    }
}
