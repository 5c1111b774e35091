package dev.strand.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.strand.cli.bench.BenchReport.Row;
import dev.strand.workloads.Metric;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code bench --alone}: each kernel in a fresh JVM of its own, launched with this JVM's options
 * and the same bench options, its {@code --json} result read back. In one JVM the kernels share
 * the JIT's profiles (a call site that several kernels reach is compiled for all of them) and the
 * heap's history; alone, each kernel is what a program running only it would see. The children
 * run one after another, never side by side.
 */
final class AloneRunner {
    private AloneRunner() { }

    /** Options the parent handles itself (with the number of values each takes). */
    private static final Map<String, Integer> PARENT_ONLY = Map.of("--alone", 0, "--json", 0,
            "--no-progress", 0, "--out", 1);

    /** What the children printed, merged. */
    record Result(List<Row> rows, ObjectNode doc) { }

    /**
     * @param args     the bench command's own arguments as given (kernels and options)
     * @param kernels  the kernels to run, one JVM each, in this order
     * @param progress called with each kernel's name before its JVM starts (null: nothing)
     * @return the rows of every kernel, and one JSON document holding every kernel's
     * @throws IOException if a child cannot be started, fails, or prints no result
     */
    static Result run(List<String> args, List<String> kernels, java.util.function.Consumer<String> progress)
            throws IOException {
        List<String> passOn = passOn(args, Set.copyOf(kernels));
        ObjectMapper mapper = new ObjectMapper();
        List<Row> rows = new ArrayList<>();
        ObjectNode merged = null;
        ArrayNode allKernels = mapper.createArrayNode();
        for (String k : kernels) {
            if (progress != null) {
                progress.accept(k);
            }
            List<String> cmd = new ArrayList<>(javaCommand());
            cmd.add("bench");
            cmd.add(k);
            cmd.addAll(passOn);
            cmd.add("--json");
            cmd.add("--no-progress");
            String out = launch(cmd, k);
            JsonNode doc;
            try {
                doc = mapper.readTree(out);
            } catch (IOException e) {
                throw new IOException("bench --alone: the JVM of kernel " + k + " printed no JSON result: "
                        + firstLines(out), e);
            }
            if (merged == null) {
                merged = (ObjectNode) doc.deepCopy();
                ((ObjectNode) merged.get("options")).put("alone", true);
            }
            for (JsonNode kernel : doc.get("kernels")) {
                allKernels.add(kernel);
                rows.addAll(rowsOf(kernel));
            }
        }
        if (merged == null) {
            throw new IOException("bench --alone: no kernel to run");
        }
        merged.set("kernels", allKernels);
        return new Result(rows, merged);
    }

    /** @return {@code args} without the kernel names and the options the parent handles */
    static List<String> passOn(List<String> args, Set<String> kernels) {
        List<String> kept = new ArrayList<>();
        for (Iterator<String> it = args.iterator(); it.hasNext(); ) {
            String a = it.next();
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            Integer values = PARENT_ONLY.get(name);
            if (values != null) {
                for (int i = 0; i < values && !a.contains("=") && it.hasNext(); i++) {
                    it.next();
                }
            } else if (a.startsWith("-") || !(kernels.contains(a) || a.equals("all"))) {
                kept.add(a);                       // not a kernel: each child gets its own kernel
            }
        }
        return kept;
    }

    /** @return the command that starts this program again: the same java, JVM options and class path */
    private static List<String> javaCommand() {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String o : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!o.startsWith("-agentlib:jdwp") && !o.startsWith("-javaagent:")) {
                cmd.add(o);
            }
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(dev.strand.cli.Main.class.getName());
        return cmd;
    }

    private static String launch(List<String> cmd, String kernel) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            in.transferTo(buf);
            out = buf.toString(StandardCharsets.UTF_8);
        }
        int rc;
        try {
            rc = p.waitFor();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("bench --alone: interrupted while kernel " + kernel + " ran", e);
        }
        if (rc != 0) {
            throw new IOException("bench --alone: the JVM of kernel " + kernel + " exited with " + rc
                    + (out.isBlank() ? "" : ": " + firstLines(out)));
        }
        return out;
    }

    private static String firstLines(String s) {
        String t = s.strip();
        return t.length() > 400 ? t.substring(0, 400) + "..." : t;
    }

    /** The table's rows from one kernel of a child's {@code --json} document. */
    static List<Row> rowsOf(JsonNode kernel) {
        String name = kernel.get("kernel").asText();
        String params = kernel.get("params").asText();
        Metric metric = Metric.valueOf(kernel.get("metric").asText().toUpperCase(Locale.ROOT));
        Workload.Units units = kernel.hasNonNull("units")
                ? new Workload.Units(kernel.get("units").asLong(), kernel.get("unitName").asText()) : null;
        Map<String, Integer> reps = new LinkedHashMap<>();
        for (JsonNode s : kernel.get("samples")) {
            reps.merge(s.get("variant").asText(), s.get("reps").asInt(), Math::max);
        }
        List<Row> rows = new ArrayList<>();
        for (JsonNode s : kernel.get("summary")) {
            String v = s.get("variant").asText();
            Map<String, Double> extras = new LinkedHashMap<>();
            JsonNode ex = s.get("extras");
            if (ex != null) {
                for (Map.Entry<String, JsonNode> e : ex.properties()) {
                    extras.put(e.getKey(), num(e.getValue()));
                }
            }
            rows.add(new Row(name, params, Variant.parse(v), metric, num(s.get("median")), num(s.get("speedup")),
                    num(s.get("vsFjp")), num(s.get("cores")), num(s.get("steals")), num(s.get("othersBusy")),
                    s.get("kept").asInt(), s.get("runs").asInt(), units, extras,
                    s.hasNonNull("goal") ? s.get("goal").asText() : "", reps.getOrDefault(v, 1)));
        }
        return rows;
    }

    /** JSON null (how a NaN is written) back to NaN. */
    private static double num(JsonNode n) {
        return n == null || n.isNull() ? Double.NaN : n.asDouble();
    }
}
