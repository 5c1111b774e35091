package dev.strand.workloads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A kernel of the suite: a name, a description, its parameters with a default per {@link Size},
 * and a factory for a {@link Workload} at given parameter values.
 *
 * @param name        short name used on the command line ({@code fib}, {@code uts-t1}...)
 * @param description one line
 * @param params      the parameters
 * @param factory     builds the workload from parameter values
 */
public record Kernel(String name, String description, List<Param> params,
                     Function<Params, Workload> factory) {

    /** Copies the list. */
    public Kernel {
        Objects.requireNonNull(name);
        params = List.copyOf(params);
    }

    /**
     * A parameter and its value at each size.
     *
     * @param name  parameter name (the command line sets it as {@code kernel.name=value})
     * @param help  one line
     * @param small value at {@link Size#SMALL}
     * @param dflt  value at {@link Size#DEFAULT}
     * @param large value at {@link Size#LARGE}
     */
    public record Param(String name, String help, String small, String dflt, String large) {
        /** @return the value at {@code size} */
        public String at(Size size) {
            return switch (size) {
                case SMALL -> small;
                case DEFAULT -> dflt;
                case LARGE -> large;
            };
        }
    }

    /**
     * Builds the workload at {@code size}, with some parameters overridden.
     *
     * @param size      the preset
     * @param overrides parameter name to value (names must be this kernel's)
     * @return the workload (not set up)
     * @throws IllegalArgumentException for an unknown parameter or a bad value
     */
    public Workload create(Size size, Map<String, String> overrides) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Param p : params) {
            values.put(p.name(), p.at(size));
        }
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            if (!values.containsKey(e.getKey())) {
                throw new IllegalArgumentException("kernel " + name + " has no parameter '"
                        + e.getKey() + "' (it has: " + String.join(", ", values.keySet()) + ")");
            }
            values.put(e.getKey(), e.getValue());
        }
        return factory.apply(new Params(name, values));
    }

    /** Parameter values of one workload, with typed getters that name a bad value. */
    public static final class Params {
        private final String kernel;
        private final Map<String, String> values;

        /**
         * @param kernel the kernel's name (for messages)
         * @param values parameter name to value
         */
        public Params(String kernel, Map<String, String> values) {
            this.kernel = kernel;
            this.values = Map.copyOf(values);
        }

        /** @return the value of {@code name} as text */
        public String get(String name) {
            String v = values.get(name);
            if (v == null) {
                throw new IllegalArgumentException("kernel " + kernel + ": parameter '" + name
                        + "' is not set");
            }
            return v.strip();
        }

        /** @return the value as a long in [min, max] */
        public long getLong(String name, long min, long max) {
            String s = get(name).replace("_", "");
            long v;
            try {
                if (s.matches("\\d+e\\d+")) {            // 1e6
                    int e = s.indexOf('e');
                    v = Long.parseLong(s.substring(0, e)) * (long) Math.pow(10, Integer.parseInt(s.substring(e + 1)));
                } else {
                    v = Long.parseLong(s);
                }
            } catch (NumberFormatException ex) {
                throw new IllegalArgumentException(kernel + "." + name + ": '" + s + "' is not a whole number");
            }
            if (v < min || v > max) {
                throw new IllegalArgumentException(kernel + "." + name + " must be between " + min + " and "
                        + max + ", got " + v);
            }
            return v;
        }

        /** @return the value as an int in [min, max] */
        public int getInt(String name, int min, int max) {
            return (int) getLong(name, min, max);
        }

        /** @return {@code d} without a trailing ".0" when it is whole (0, not 0.0) */
        private static String plain(double d) {
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
        }

        /** @return the value as a double in [min, max] */
        public double getDouble(String name, double min, double max) {
            String s = get(name);
            double v;
            try {
                v = Double.parseDouble(s);
            } catch (NumberFormatException ex) {
                throw new IllegalArgumentException(kernel + "." + name + ": '" + s + "' is not a number");
            }
            if (!(v >= min && v <= max)) {
                throw new IllegalArgumentException(kernel + "." + name + " must be between " + plain(min)
                        + " and " + plain(max) + ", got " + s);
            }
            return v;
        }
    }
}
