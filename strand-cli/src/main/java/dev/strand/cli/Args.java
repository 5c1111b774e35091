package dev.strand.cli;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.TypeConversionException;

/**
 * The one voice of the command line about bad arguments. Every message names the option and
 * says what it accepts, in one wording, and {@link Main} prints it as
 * {@code strand CMD: MESSAGE (see 'strand CMD --help')} with exit status 2:
 * <ul>
 *   <li>a value out of range ({@link Range}, checked for every command before it runs):
 *       {@code Invalid value for option '--rounds': must be between 1 and 100, got 0};</li>
 *   <li>not a number (the converters registered here for every numeric option):
 *       {@code Invalid value for option '--rounds': 'x' is not a whole number};</li>
 *   <li>any other value a command refuses: {@link #invalid} with the same prefix;</li>
 *   <li>options that do not go together: {@link #usage}, the message as given.</li>
 * </ul>
 */
public final class Args {
    private Args() { }

    /**
     * @param spec    the command
     * @param option  the option's long name, e.g. {@code --rounds}
     * @param message what is wrong, e.g. {@code must be one of batch, uts, got 'x'}
     * @return the exception to throw: {@code Invalid value for option '--rounds': MESSAGE}
     */
    public static ParameterException invalid(CommandSpec spec, String option, String message) {
        return new ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': "
                + message);
    }

    /** @return the exception to throw for options that do not go together, or a missing one */
    public static ParameterException usage(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /**
     * A command that only groups others, run without one: its usage on standard error.
     *
     * @return the exception to throw (exit status 2)
     */
    public static ParameterException missingCommand(CommandSpec spec) {
        spec.commandLine().usage(spec.commandLine().getErr());
        return usage(spec, "Missing a command");
    }

    /**
     * Checks every {@link Range} of the commands parsed (the command and its parents, with their
     * mixins), defaults included, so that a bad value fails before a command does anything, also
     * before a shortcut such as {@code bench --list}.
     *
     * @throws ParameterException naming the first option out of range
     */
    public static void checkRanges(ParseResult parsed) {
        for (CommandLine cl : parsed.asCommandLineList()) {
            checkRanges(cl.getCommandSpec(), cl.getCommandSpec());
        }
    }

    private static void checkRanges(CommandSpec command, CommandSpec spec) {
        Object o = spec.userObject();
        if (o != null && !(o instanceof Method)) {
            for (Class<?> c = o.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    Range r = f.getAnnotation(Range.class);
                    if (r != null) {
                        check(command, o, f, r);
                    }
                }
            }
        }
        for (CommandSpec mixin : spec.mixins().values()) {
            checkRanges(command, mixin);
        }
    }

    private static void check(CommandSpec command, Object owner, Field f, Range r) {
        Object value;
        try {
            f.setAccessible(true);
            value = f.get(owner);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new IllegalStateException("cannot read " + f + " for its range", e);
        }
        for (Number n : numbers(value)) {
            double d = n.doubleValue();
            boolean ok = (r.aboveMin() ? d > r.min() : d >= r.min()) && d <= r.max();
            if (!ok) {
                throw invalid(command, optionName(command, f), "must be " + range(r) + ", got "
                        + show(n));
            }
        }
    }

    /** @return the option's longest name, e.g. {@code --parallelism} for {@code -p, --parallelism} */
    static String optionName(CommandSpec command, Field f) {
        Option o = f.getAnnotation(Option.class);
        if (o == null) {
            throw new IllegalStateException(f + ": @Range needs an @Option");
        }
        OptionSpec spec = command.findOption(o.names()[0]);
        return spec != null ? spec.longestName() : o.names()[o.names().length - 1];
    }

    private static List<Number> numbers(Object value) {
        List<Number> l = new ArrayList<>();
        if (value instanceof Number n) {
            l.add(n);
        } else if (value instanceof Collection<?> c) {
            for (Object e : c) {
                if (e instanceof Number n) {
                    l.add(n);
                }
            }
        } else if (value != null && value.getClass().isArray()) {
            for (int i = 0; i < Array.getLength(value); i++) {
                if (Array.get(value, i) instanceof Number n) {
                    l.add(n);
                }
            }
        }
        return l;
    }

    /** @return e.g. {@code between 1 and 256}, {@code at least 0}, {@code above 0}, {@code at most 9} */
    public static String range(Range r) {
        boolean low = r.min() != Double.NEGATIVE_INFINITY;
        boolean high = r.max() != Double.POSITIVE_INFINITY;
        if (low && high && !r.aboveMin()) {
            return "between " + number(r.min()) + " and " + number(r.max());
        }
        String lower = (r.aboveMin() ? "above " : "at least ") + number(r.min());
        if (low && high) {
            return lower + " and at most " + number(r.max());
        }
        return low ? lower : high ? "at most " + number(r.max()) : "any number";
    }

    /**
     * @return the range as the options' descriptions state it: {@code 1..256}, {@code >= 1},
     *     {@code > 0}, {@code <= 9}
     */
    public static String shortRange(Range r) {
        boolean low = r.min() != Double.NEGATIVE_INFINITY;
        boolean high = r.max() != Double.POSITIVE_INFINITY;
        if (low && high && !r.aboveMin()) {
            return number(r.min()) + ".." + number(r.max());
        }
        String lower = (r.aboveMin() ? "> " : ">= ") + number(r.min());
        if (low && high) {
            return lower + " and <= " + number(r.max());
        }
        return low ? lower : high ? "<= " + number(r.max()) : "";
    }

    /** @return {@code d} as a whole number when it is one, else as {@link Double#toString} has it */
    static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }

    private static String show(Number n) {
        return n instanceof Double || n instanceof Float ? number(n.doubleValue()) : n.toString();
    }

    /**
     * Registers the number converters on {@code cl} and every subcommand it has now, for options
     * of type int, long and double (and their boxes): one wording, "'x' is not a whole number",
     * "'x' is not a number".
     *
     * <p>They parse with {@code Long} and {@code Double} only: {@code BigInteger} and
     * {@code BigDecimal} initialize {@code ForkJoinPool} (through {@code BigInteger.RecursiveOp},
     * a {@code RecursiveTask}), which fixes the common pool's parallelism before
     * {@code strand bench} sets it to P.
     */
    static void registerNumberConverters(CommandLine cl) {
        ITypeConverter<Integer> ints = s -> (int) whole(s, Integer.MIN_VALUE, Integer.MAX_VALUE);
        ITypeConverter<Long> longs = s -> whole(s, Long.MIN_VALUE, Long.MAX_VALUE);
        ITypeConverter<Double> doubles = Args::decimal;
        cl.registerConverter(Integer.class, ints).registerConverter(int.class, ints)
                .registerConverter(Long.class, longs).registerConverter(long.class, longs)
                .registerConverter(Double.class, doubles).registerConverter(double.class, doubles);
    }

    private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    /** @return {@code s} as a whole number in [min, max] */
    static long whole(String s, long min, long max) {
        String v = s.strip();
        if (!WHOLE.matcher(v).matches()) {
            throw new TypeConversionException("'" + s + "' is not a whole number");
        }
        long x;
        try {
            x = Long.parseLong(v);
        } catch (NumberFormatException e) {     // digits, but beyond a long
            throw tooFar(s, v.startsWith("-"), min, max);
        }
        if (x > max || x < min) {
            throw tooFar(s, x < min, min, max);
        }
        return x;
    }

    private static TypeConversionException tooFar(String s, boolean small, long min, long max) {
        return new TypeConversionException("'" + s + "' is too " + (small ? "small (at least " + min
                : "large (at most " + max) + ")");
    }

    /** @return {@code s} as a finite number (decimal notation, an exponent allowed) */
    static double decimal(String s) {
        String v = s.strip();
        if (!DECIMAL.matcher(v).matches()) {
            throw new TypeConversionException("'" + s + "' is not a number");
        }
        double d = Double.parseDouble(v);
        if (Double.isInfinite(d)) {
            throw new TypeConversionException("'" + s + "' is too large");
        }
        return d;
    }
}
