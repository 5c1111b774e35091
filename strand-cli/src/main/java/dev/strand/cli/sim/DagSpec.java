package dev.strand.cli.sim;

import dev.strand.sim.dag.Dag;
import dev.strand.sim.dag.Dags;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses DAG specifications such as {@code fib:25} or {@code uts-geo:4:8:5} into generators. */
final class DagSpec {
    private DagSpec() { }

    /** The forms, in three parts that fit a line of the help each ... */
    static final String FORMS_1 = "tree:DEPTH, fib:N, loop:N[:WEIGHT], msort:N, msort-pmerge:N";
    static final String FORMS_2 = "sum:N:GRAIN[:TAU], uts-geo:BRANCHING:DEPTH[:SEED]";
    static final String FORMS_3 = "uts-bin:B0:M:Q[:SEED], random:STRANDS[:SEED[:MAXWEIGHT]]";
    /** ... and together, for the error messages. */
    static final String FORMS = FORMS_1 + ", " + FORMS_2 + ", " + FORMS_3;

    static Dag parse(String spec) {
        String[] f = spec.strip().split(":");
        try {
            return switch (f[0]) {
                case "tree" -> args(f, 1, 1) ? Dags.tree(i(f[1])) : null;
                case "fib" -> args(f, 1, 1) ? Dags.fib(i(f[1])) : null;
                case "loop" -> args(f, 1, 2) ? Dags.spawnLoop(i(f[1]), f.length > 2 ? l(f[2]) : 1) : null;
                case "msort" -> args(f, 1, 1) ? Dags.mergeSort(l(f[1]), false) : null;
                case "msort-pmerge" -> args(f, 1, 1) ? Dags.mergeSort(l(f[1]), true) : null;
                case "sum" -> args(f, 2, 3)
                        ? Dags.parallelSum(l(f[1]), l(f[2]), f.length > 3 ? l(f[3]) : 1) : null;
                case "uts-geo" -> args(f, 2, 3)
                        ? Dags.utsGeometric(d(f[1]), i(f[2]), f.length > 3 ? l(f[3]) : 1) : null;
                case "uts-bin" -> args(f, 3, 4)
                        ? Dags.utsBinomial(i(f[1]), i(f[2]), d(f[3]), f.length > 4 ? l(f[4]) : 1)
                        : null;
                case "random" -> args(f, 1, 3) ? Dags.random(f.length > 2 ? l(f[2]) : 1, l(f[1]),
                        f.length > 3 ? i(f[3]) : 1) : null;
                default -> throw new TypeConversionException("unknown DAG '" + f[0] + "' in '"
                        + spec + "'; the forms are " + FORMS);
            };
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + spec + "' has a parameter that is not a "
                    + "number; the forms are " + FORMS);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + spec + "': " + e.getMessage());
        }
    }

    private static boolean args(String[] f, int min, int max) {
        int n = f.length - 1;
        if (n < min || n > max) {
            throw new TypeConversionException("'" + String.join(":", f) + "' needs "
                    + (min == max ? min : min + " to " + max) + " parameter(s); the forms are "
                    + FORMS);
        }
        return true;
    }

    private static int i(String s) {
        return Integer.parseInt(s.strip());
    }

    private static long l(String s) {
        return Long.parseLong(s.strip());
    }

    private static double d(String s) {
        return Double.parseDouble(s.strip());
    }

    /** One spec. */
    static final class Converter implements ITypeConverter<Dag> {
        @Override
        public Dag convert(String value) {
            return parse(value);
        }
    }
}
