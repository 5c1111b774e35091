package dev.strand.cli;

import dev.strand.DequeKind;
import dev.strand.JoinPolicy;
import dev.strand.PoolConfig;
import dev.strand.StealPolicy;
import dev.strand.StrandPool;
import dev.strand.Topology;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The pool settings shared by every command that runs a pool ({@code @Mixin PoolOptions pool}).
 */
public final class PoolOptions {

    @Mixin
    ParallelismOption parallelism;

    @Option(names = "--steal", paramLabel = "one|half", defaultValue = "one",
            converter = StealConverter.class, completionCandidates = StealConverter.class,
            description = "How much a thief takes from a victim's deque: 'one' = the oldest task "
                    + "(classic Chase-Lev), 'half' = up to half of them (default: ${DEFAULT-VALUE}).")
    StealPolicy steal;

    @Option(names = "--join", paramLabel = "greedy|stalling", defaultValue = "greedy",
            converter = JoinConverter.class, completionCandidates = JoinConverter.class,
            description = "What a worker does while it waits for a stolen child: 'greedy' = run "
                    + "other tasks (help the thief, then steal), 'stalling' = block "
                    + "(default: ${DEFAULT-VALUE}).")
    JoinPolicy join;

    @Option(names = "--steal-pace", paramLabel = "NS",
            defaultValue = "" + PoolConfig.Tuning.DEFAULT_STEAL_PACE_NANOS,
            description = "Steal pacing: a thief whose stolen task ran for less than NS nanoseconds "
                    + "waits out the rest before it steals again, so that it cannot hammer an "
                    + "owner that forks tiny tasks, 0.." + PoolConfig.Tuning.MAX_STEAL_PACE_NANOS
                    + " (0 = off; default: ${DEFAULT-VALUE}).")
    @Range(min = 0, max = PoolConfig.Tuning.MAX_STEAL_PACE_NANOS)
    long stealPace;

    @Option(names = "--steal-back",
            description = "Locality: a worker whose deque ran dry first tries to steal from the "
                    + "last thieves of its own work (default: off).")
    boolean stealBack;

    @Option(names = "--hierarchical",
            description = "Locality: steal from the workers of the own group of the topology "
                    + "first (same cache, same NUMA node), then farther (default: off).")
    boolean hierarchical;

    @Option(names = "--run-next",
            description = "A task submitted from a task waits in its worker's run-next slot and runs "
                    + "when the submitting task ends; thieves take it after a short grace (default: off).")
    boolean runNext;

    @Option(names = "--deque", paramLabel = "chase-lev|bwos", defaultValue = "chase-lev",
            converter = DequeConverter.class, completionCandidates = DequeConverter.class,
            description = "The workers' deque: 'chase-lev' (growable, every fork stealable at once) "
                    + "or 'bwos' (block-based and bounded: fence-free owner operations inside a "
                    + "block, forks stealable a block at a time or when a thief asks) "
                    + "(default: ${DEFAULT-VALUE}).")
    DequeKind deque;

    @Option(names = "--topology", paramLabel = "flat|machine|AxB|CPUS;CPUS",
            converter = TopologyConverter.class,
            description = "Where the workers sit, for --hierarchical and the near/far steal counts: "
                    + "'machine' (read from /sys), 'flat', a shape such as 2x4 (two groups of four), "
                    + "or CPU groups such as 0-3;4-7 (default: machine with --hierarchical, else none).")
    Topology topology;

    /** @return a started pool with these settings; close it when done */
    public StrandPool newPool(String name) {
        return builder(name).build();
    }

    /** @return a builder with these settings, for a command that sets more */
    public PoolConfig.Builder builder(String name) {
        return StrandPool.builder().name(name).parallelism(parallelism.get()).tuning(tu -> tu.stealPolicy(steal))
                .tuning(tu -> tu.joinPolicy(join)).tuning(tu -> tu.stealPaceNanos(stealPace))
                .tuning(tu -> tu.stealBack(stealBack).hierarchicalVictims(hierarchical).topology(topology))
                .tuning(tu -> tu.runNext(runNext)).tuning(tu -> tu.deque(deque));
    }

    public int parallelism() {
        return parallelism.get();
    }

    public StealPolicy steal() {
        return steal;
    }

    public JoinPolicy join() {
        return join;
    }

    /** @return e.g. {@code P=8 steal=one join=greedy} */
    @Override
    public String toString() {
        return "P=" + parallelism.get() + " steal=" + lower(steal) + " join=" + lower(join)
                + (stealBack ? " steal-back" : "") + (hierarchical ? " hierarchical" : "")
                + (runNext ? " run-next" : "")
                + (deque != DequeKind.CHASE_LEV ? " deque=" + DequeConverter.label(deque) : "")
                + (topology != null ? " topology=" + topology : "");
    }

    static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /**
     * A topology read by {@link Topology#parse}, so that a bad one is an invalid argument, with
     * the message naming its bad part, rather than a failure of the pool.
     */
    static final class TopologyConverter implements ITypeConverter<Topology> {
        @Override
        public Topology convert(String value) {
            try {
                return Topology.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** Case-insensitive enum names, listed in lower case. */
    abstract static class LowerCaseEnumConverter<E extends Enum<E>>
            implements ITypeConverter<E>, Iterable<String> {
        private final Class<E> type;

        LowerCaseEnumConverter(Class<E> type) {
            this.type = type;
        }

        @Override
        public E convert(String value) {
            for (E e : type.getEnumConstants()) {
                if (e.name().equalsIgnoreCase(value.strip())) {
                    return e;
                }
            }
            throw new TypeConversionException("'" + value + "' is not one of "
                    + String.join(", ", this));
        }

        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(type.getEnumConstants()).map(PoolOptions::lower).iterator();
        }
    }

    static final class StealConverter extends LowerCaseEnumConverter<StealPolicy> {
        StealConverter() {
            super(StealPolicy.class);
        }
    }

    static final class JoinConverter extends LowerCaseEnumConverter<JoinPolicy> {
        JoinConverter() {
            super(JoinPolicy.class);
        }
    }

    /** {@link DequeKind}s by their lower-case, hyphenated names: {@code chase-lev}, {@code bwos}. */
    public static final class DequeConverter implements ITypeConverter<DequeKind>, Iterable<String> {
        /** @return the option value naming {@code d}, e.g. {@code chase-lev} */
        public static String label(DequeKind d) {
            return lower(d).replace('_', '-');
        }

        @Override
        public DequeKind convert(String value) {
            for (DequeKind d : DequeKind.values()) {
                if (label(d).equalsIgnoreCase(value.strip().replace('_', '-'))) {
                    return d;
                }
            }
            throw new TypeConversionException("'" + value + "' is not one of " + String.join(", ", this));
        }

        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(DequeKind.values()).map(DequeConverter::label).iterator();
        }
    }
}
