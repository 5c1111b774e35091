package dev.strand.cli.bench;

import dev.strand.cli.Args;
import dev.strand.workloads.Catalog;
import dev.strand.workloads.Kernel;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code --set KERNEL.PARAM=VALUE}: one form and one set of messages in every command that runs
 * the bench kernels ({@code bench}, {@code profile}, {@code trace}).
 */
public final class KernelSets {
    private KernelSets() { }

    /** The option's parameter label. */
    public static final String LABEL = "KERNEL.PARAM=VALUE";

    /**
     * @param spec     the command, for the messages
     * @param sets     the option's values, {@code KERNEL.PARAM} to {@code VALUE}
     * @param selected the kernels the command runs: a {@code --set} of another kernel is refused
     * @return per kernel name, its parameters to override
     * @throws ParameterException naming the first bad one
     */
    public static Map<String, Map<String, String>> parse(CommandSpec spec, Map<String, String> sets,
                                                         Collection<Kernel> selected) {
        Map<String, Map<String, String>> m = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : sets.entrySet()) {
            String key = e.getKey();
            String given = key + "=" + e.getValue();
            int dot = key.indexOf('.');
            if (dot <= 0 || dot == key.length() - 1) {
                throw bad(spec, "expected " + LABEL + ", got '" + given + "'");
            }
            String kernel = key.substring(0, dot);
            String param = key.substring(dot + 1);
            Kernel k = Catalog.find(kernel).orElseThrow(() -> bad(spec, "unknown kernel '" + kernel
                    + "' in '" + given + "' (kernels: " + String.join(", ", Catalog.names()) + ")"));
            List<String> params = k.params().stream().map(Kernel.Param::name).toList();
            if (!params.contains(param)) {
                throw bad(spec, "kernel " + kernel + " has no parameter '" + param + "' (it has: "
                        + String.join(", ", params) + ")");
            }
            if (!selected.contains(k)) {
                throw bad(spec, "kernel " + kernel + " is not selected (selected: " + String.join(", ",
                        selected.stream().map(Kernel::name).toList()) + ")");
            }
            m.computeIfAbsent(kernel, x -> new LinkedHashMap<>()).put(param, e.getValue());
        }
        return m;
    }

    /**
     * @return the exception for a parameter value a kernel refused ({@code fib.n must be ...}):
     *     one of the {@code --set} values, unless there were none
     */
    public static ParameterException refused(CommandSpec spec, Map<String, String> sets,
                                             IllegalArgumentException e) {
        return sets.isEmpty() ? Args.usage(spec, e.getMessage()) : bad(spec, e.getMessage());
    }

    private static ParameterException bad(CommandSpec spec, String message) {
        return Args.invalid(spec, "--set", message);
    }
}
