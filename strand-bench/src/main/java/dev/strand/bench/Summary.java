package dev.strand.bench;

import dev.strand.workloads.fib.Fib;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Post-processes a JMH CSV result file ({@code -rf csv}): for every row prints the time per
 * operation, the tasks per operation, ns per task, and the ratio to the {@code fjp} and
 * {@code serial} rows with the same parameters (same benchmark, same n / cutoff / tasks /
 * parallelism). A ratio below 1 means faster than the reference.
 *
 * <p>Tasks per operation: {@code FibEveryLevel} and {@code LatentFloor} count every call,
 * {@code 2*F(n+1)-1} ({@code LatentFloor}'s {@code shape} plays the role of {@code impl});
 * {@code FibCutoff} counts the calls of the parallel part (leaves at the cutoff included);
 * {@code SpawnLoop} counts the children, {@code tasks}. The ratio's ± combines both rows' JMH
 * errors (relative errors added in quadrature); it is meaningless when either error is NaN (a
 * single measurement iteration).
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.strand.bench.Summary results.csv}
 */
public final class Summary {
    private Summary() { }

    /** One result row. */
    private record Row(String benchmark, String method, String mode, double score, double error,
                       String unit, Map<String, String> params) {
        String impl() {
            return params.getOrDefault("impl", params.getOrDefault("shape", ""));
        }

        /** Everything except impl: rows with the same key are compared. */
        String key() {
            StringBuilder sb = new StringBuilder(benchmark).append('.').append(method).append('|')
                    .append(mode);
            params.forEach((k, v) -> {
                if (!k.equals("impl") && !k.equals("shape")) {
                    sb.append('|').append(k).append('=').append(v);
                }
            });
            return sb.toString();
        }

        /** Nanoseconds per operation, or NaN if the unit is not a time or rate. */
        double nsPerOp() {
            return toNsPerOp(score, unit);
        }

        double nsErr() {
            return Double.isNaN(error) ? Double.NaN
                    : unit.startsWith("ops/") ? nsPerOp() * error / score : toNsPerOp(error, unit);
        }
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        if (args.length != 1) {
            System.err.println("usage: Summary <jmh-results.csv>");
            System.exit(2);
        }
        List<Row> rows = parse(Path.of(args[0]));
        if (rows.isEmpty()) {
            System.out.println("(no results in " + args[0] + ")");
            return;
        }
        Map<String, Row> byKeyImpl = new HashMap<>();
        for (Row r : rows) {
            byKeyImpl.put(r.key() + "#" + r.impl(), r);
        }
        // Columns: every parameter that occurs, impl first.
        List<String> paramNames = new ArrayList<>();
        for (Row r : rows) {
            for (String k : r.params().keySet()) {
                if (!k.equals("impl") && !k.equals("shape") && !paramNames.contains(k)) {
                    paramNames.add(k);
                }
            }
        }
        rows.sort(Comparator.comparing(Row::benchmark).thenComparing(Row::method)
                .thenComparing((a, b) -> compareParams(a, b, paramNames))
                .thenComparingInt(r -> implOrder(r.impl())));

        // A class with several benchmark methods (Algorithms) is labelled Class.method.
        Map<String, java.util.Set<String>> methods = new HashMap<>();
        for (Row r : rows) {
            methods.computeIfAbsent(r.benchmark(), b -> new java.util.HashSet<>()).add(r.method());
        }
        java.util.function.Function<Row, String> label = r -> methods.get(r.benchmark()).size() > 1
                ? r.benchmark() + "." + r.method() : r.benchmark();
        int labelWidth = Math.max(14, rows.stream().map(label).mapToInt(String::length).max().orElse(0));
        String labelFormat = "%-" + labelWidth + "s %-16s";
        StringBuilder h = new StringBuilder(String.format(labelFormat, "benchmark", "impl"));
        for (String p : paramNames) {
            h.append(String.format(" %" + Math.max(6, p.length()) + "s", p));
        }
        h.append(String.format(" %11s %9s %12s %9s %16s %16s", "ms/op", "±", "tasks/op", "ns/task",
                "vs fjp", "vs serial"));
        System.out.println(h);
        System.out.println("-".repeat(h.length()));
        String last = null;
        for (Row r : rows) {
            String group = r.key();
            if (last != null && !group.equals(last)) {
                System.out.println();
            }
            last = group;
            StringBuilder sb = new StringBuilder(String.format(labelFormat, label.apply(r), r.impl()));
            for (String p : paramNames) {
                sb.append(String.format(" %" + Math.max(6, p.length()) + "s",
                        r.params().getOrDefault(p, "")));
            }
            double ns = r.nsPerOp();
            long tasks = tasksPerOp(r);
            sb.append(String.format(" %11.3f %9.3f %12s %9s %16s %16s", ns / 1e6, r.nsErr() / 1e6,
                    tasks > 0 ? Long.toString(tasks) : "?",
                    tasks > 0 ? String.format("%.2f", ns / tasks) : "?",
                    ratio(r, byKeyImpl.get(r.key() + "#fjp")),
                    ratio(r, byKeyImpl.get(r.key() + "#serial"))));
            System.out.println(sb);
        }
        System.out.println();
        System.out.println("vs fjp / vs serial: this row's time divided by the fjp / serial row's time "
                + "with the same parameters (< 1: faster). ± from both rows' JMH errors.");
    }

    private static String ratio(Row r, Row ref) {
        if (ref == null || ref == r) {
            return ref == r ? "1" : "-";
        }
        double a = r.nsPerOp();
        double b = ref.nsPerOp();
        double q = a / b;
        double ea = r.nsErr() / a;
        double eb = ref.nsErr() / b;
        double e = q * Math.sqrt(ea * ea + eb * eb);
        return Double.isNaN(e) ? String.format("%.3f", q) : String.format("%.3f ± %.3f", q, e);
    }

    private static int implOrder(String impl) {
        if (impl.equals("strand")) {
            return 0;
        }
        if (impl.startsWith("strand")) {
            return 1;
        }
        return switch (impl) {
            case "fjp" -> 2;
            case "serial" -> 3;
            default -> 4;
        };
    }

    private static int compareParams(Row a, Row b, List<String> names) {
        for (String n : names) {
            String x = a.params().getOrDefault(n, "");
            String y = b.params().getOrDefault(n, "");
            int c;
            try {
                c = Long.compare(Long.parseLong(x), Long.parseLong(y));
            } catch (NumberFormatException e) {
                c = x.compareTo(y);
            }
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** @return tasks per operation, or -1 if this benchmark is not known */
    private static long tasksPerOp(Row r) {
        try {
            return switch (r.benchmark()) {
                case "FibEveryLevel", "LatentFloor" -> Fib.calls(Integer.parseInt(r.params().get("n")));
                case "FibCutoff" -> Fib.cutoffCalls(Integer.parseInt(r.params().get("n")),
                        Integer.parseInt(r.params().get("cutoff")));
                case "SpawnLoop" -> Long.parseLong(r.params().get("tasks"));
                case "DequeOps" -> Long.parseLong(r.params().get("batch"));   // ns per element
                default -> -1;
            };
        } catch (RuntimeException e) {
            return -1;
        }
    }

    static double toNsPerOp(double v, String unit) {
        String[] u = unit.split("/", -1);
        if (u.length != 2) {
            return Double.NaN;
        }
        if (u[1].equals("op")) {
            return v * nanos(u[0]);
        }
        if (u[0].equals("ops")) {                 // throughput: ops per time unit
            return nanos(u[1]) / v;
        }
        return Double.NaN;
    }

    private static double nanos(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "min" -> 60e9;
            default -> Double.NaN;
        };
    }

    // ---------------------------------------------------------------- CSV

    private static List<Row> parse(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Row> rows = new ArrayList<>();
        if (lines.isEmpty()) {
            return rows;
        }
        List<String> header = fields(lines.get(0));
        int iBench = header.indexOf("Benchmark");
        int iMode = header.indexOf("Mode");
        int iScore = header.indexOf("Score");
        int iErr = -1;
        int iUnit = header.indexOf("Unit");
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).startsWith("Score Error")) {
                iErr = i;
            }
        }
        if (iBench < 0 || iScore < 0 || iUnit < 0) {
            throw new IOException(file + ": not a JMH CSV result file (header: " + header + ")");
        }
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            List<String> f = fields(line);
            String full = f.get(iBench);
            if (full.contains(":")) {
                continue;                         // secondary results (profilers, aux counters)
            }
            int dot = full.lastIndexOf('.');
            String cls = full.substring(0, Math.max(0, dot));
            String simple = cls.substring(cls.lastIndexOf('.') + 1);
            Map<String, String> params = new LinkedHashMap<>();
            for (int i = 0; i < header.size() && i < f.size(); i++) {
                String h = header.get(i);
                if (h.startsWith("Param: ") && !f.get(i).isEmpty()) {
                    params.put(h.substring("Param: ".length()), f.get(i));
                }
            }
            rows.add(new Row(simple, full.substring(dot + 1), iMode >= 0 ? f.get(iMode) : "",
                    number(f.get(iScore)), iErr >= 0 ? number(f.get(iErr)) : Double.NaN,
                    f.get(iUnit), params));
        }
        return rows;
    }

    private static double number(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            try {
                return Double.parseDouble(s.replace(',', '.'));
            } catch (NumberFormatException e2) {
                return Double.NaN;
            }
        }
    }

    /** Splits one CSV line (RFC 4180 quoting). */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cur.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
