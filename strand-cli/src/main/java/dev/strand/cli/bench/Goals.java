package dev.strand.cli.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Goals for the strand rows of {@code strand bench}, read from a file given with {@code --goals}.
 * One line per kernel, {@code #} or {@code !} starts a comment line:
 *
 * <pre>
 * # KERNEL = CONDITION [, CONDITION ...]
 * fib    = vs-fjp &lt;= 0.5, p = 1
 * uts-t1 = speedup &gt;= 1.85, vs-fjp &lt;= 1
 * idle   = median &lt; 1
 * </pre>
 *
 * A condition is {@code MEASURE OP NUMBER}: {@code vs-fjp} (strand's value / fjp's, median over
 * rounds), {@code speedup} (serial time / strand's time, median over rounds) or {@code median}
 * (strand's median value in the kernel's unit); {@code <}, {@code <=}, {@code >} or {@code >=};
 * a decimal number or a fraction such as {@code 1/1.5}. {@code p = N} restricts the goal to runs
 * with N workers per pool (other runs show {@code n/a}). A goal is met when all its conditions hold.
 */
final class Goals {

    /** What a condition compares. */
    enum Measure {
        VS_FJP("vs-fjp"), SPEEDUP("speedup"), MEDIAN("median");

        final String label;

        Measure(String label) {
            this.label = label;
        }

        double of(BenchReport.Row r) {
            return switch (this) {
                case VS_FJP -> r.vsFjp();
                case SPEEDUP -> r.speedup();
                case MEDIAN -> r.median();
            };
        }
    }

    /** One {@code MEASURE OP NUMBER}. */
    record Condition(Measure measure, String op, double bound, String boundText) {
        boolean holds(double x) {
            return switch (op) {
                case "<" -> x < bound;
                case "<=" -> x <= bound;
                case ">" -> x > bound;
                default -> x >= bound;
            };
        }

        @Override
        public String toString() {
            return measure.label + " " + op + " " + boundText;
        }
    }

    /** The goal of one kernel: every condition must hold; only at {@code parallelism} if set. */
    record Goal(String kernel, List<Condition> conditions, OptionalInt parallelism) {
        /** @return "met", "NOT met", or "n/a" (a measure is missing, or the run used another P) */
        String verdict(BenchReport.Row r, int p) {
            if (parallelism.isPresent() && parallelism.getAsInt() != p) {
                return "n/a";
            }
            boolean met = true;
            for (Condition c : conditions) {
                double x = c.measure().of(r);
                if (Double.isNaN(x)) {
                    return "n/a";
                }
                met &= c.holds(x);
            }
            return met ? "met" : "NOT met";
        }

        @Override
        public String toString() {
            String s = String.join(", ", conditions.stream().map(Condition::toString).toList());
            return parallelism.isPresent() ? s + " (at P=" + parallelism.getAsInt() + " only)" : s;
        }
    }

    private static final Pattern CONDITION = Pattern.compile("([A-Za-z-]+)\\s*(<=|>=|<|>)\\s*(\\S+)");

    /** No goals: the bench prints its comparisons only. */
    static final Goals NONE = new Goals(null, Map.of());

    /** A goals file that cannot be used; the message names the file, the line and the problem. */
    static final class BadGoalsException extends Exception {
        private static final long serialVersionUID = 1L;

        BadGoalsException(String message) {
            super(message);
        }
    }

    private final Path source;
    private final Map<String, Goal> byKernel;

    private Goals(Path source, Map<String, Goal> byKernel) {
        this.source = source;
        this.byKernel = byKernel;
    }

    /** @return the file the goals came from, or null for {@link #NONE} */
    Path source() {
        return source;
    }

    boolean isEmpty() {
        return byKernel.isEmpty();
    }

    /** @return the kernel's goal, or null if the file sets none */
    Goal of(String kernel) {
        return byKernel.get(kernel);
    }

    /**
     * Reads a goals file.
     *
     * @param kernels the kernel names a line may name
     * @throws BadGoalsException if the file cannot be read or a line is not a goal
     */
    static Goals read(Path file, Collection<String> kernels) throws BadGoalsException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (NoSuchFileException e) {
            throw new BadGoalsException(file + ": no such file");
        } catch (CharacterCodingException e) {
            throw new BadGoalsException(file + ": not UTF-8 text");
        } catch (IOException e) {
            throw new BadGoalsException(file + ": cannot read it (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        return parse(file, text, kernels);
    }

    /** Parses the text of a goals file ({@code file} names it in messages). */
    static Goals parse(Path file, String text, Collection<String> kernels) throws BadGoalsException {
        Map<String, Goal> goals = new LinkedHashMap<>();
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("!")) {
                continue;
            }
            String where = file + ", line " + (i + 1) + ": ";
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new BadGoalsException(where + "expected KERNEL = CONDITION, got '" + line + "'");
            }
            String kernel = line.substring(0, eq).strip();
            if (!kernels.contains(kernel)) {
                throw new BadGoalsException(where + "unknown kernel '" + kernel + "' (kernels: "
                        + String.join(", ", kernels) + ")");
            }
            if (goals.containsKey(kernel)) {
                throw new BadGoalsException(where + "a second goal for " + kernel);
            }
            List<Condition> conditions = new ArrayList<>();
            OptionalInt p = OptionalInt.empty();
            for (String part : line.substring(eq + 1).split(",", -1)) {
                String c = part.strip();
                if (c.isEmpty()) {
                    throw new BadGoalsException(where + "empty condition (conditions: MEASURE OP NUMBER, "
                            + "separated by commas)");
                }
                if (c.matches("(?i)p\\s*=.*")) {
                    String n = c.substring(c.indexOf('=') + 1).strip();
                    try {
                        int v = Integer.parseInt(n);
                        if (v < 1 || v > 256 || p.isPresent()) {
                            throw new NumberFormatException();
                        }
                        p = OptionalInt.of(v);
                    } catch (NumberFormatException e) {
                        throw new BadGoalsException(where + (p.isPresent() ? "p given twice"
                                : "p must be a number of workers 1..256, got '" + n + "'"));
                    }
                    continue;
                }
                conditions.add(condition(c, where));
            }
            if (conditions.isEmpty()) {
                throw new BadGoalsException(where + "no condition for " + kernel);
            }
            goals.put(kernel, new Goal(kernel, List.copyOf(conditions), p));
        }
        return new Goals(file, goals);
    }

    private static Condition condition(String c, String where) throws BadGoalsException {
        Matcher m = CONDITION.matcher(c);
        if (!m.matches()) {
            throw new BadGoalsException(where + "expected MEASURE OP NUMBER (e.g. vs-fjp <= 1), got '" + c + "'");
        }
        Measure measure = null;
        for (Measure x : Measure.values()) {
            if (x.label.equals(m.group(1).toLowerCase(Locale.ROOT))) {
                measure = x;
            }
        }
        if (measure == null) {
            throw new BadGoalsException(where + "unknown measure '" + m.group(1)
                    + "' (measures: vs-fjp, speedup, median)");
        }
        String n = m.group(3);
        double bound;
        try {
            int slash = n.indexOf('/');
            bound = slash < 0 ? Double.parseDouble(n)
                    : Double.parseDouble(n.substring(0, slash)) / Double.parseDouble(n.substring(slash + 1));
        } catch (NumberFormatException e) {
            bound = Double.NaN;
        }
        if (Double.isNaN(bound) || Double.isInfinite(bound) || n.matches(".*[a-zA-Z].*")) {
            throw new BadGoalsException(where + "not a number: '" + n + "'");
        }
        return new Condition(measure, m.group(2), bound, n);
    }
}
