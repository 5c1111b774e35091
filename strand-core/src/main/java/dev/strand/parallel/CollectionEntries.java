package dev.strand.parallel;

import dev.strand.StrandPool;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collector;

/**
 * The entry points of {@link Parallel} over collections and spliterators: {@code forEach},
 * {@code map}, {@code reduce}, {@code collect} and the short-circuiting searches. Users call them
 * as {@code Parallel.forEach(...)}, {@code Parallel.anyMatch(...)}: this class is not public, and
 * {@link Parallel} inherits its static methods (it only keeps {@code Parallel.java} a size a reader
 * can hold in mind). The rules of {@link Parallel}'s class documentation hold here too.
 */
abstract class CollectionEntries {
    CollectionEntries() { }

    // ================================================================== collections

    /**
     * Runs {@code body.accept(x)} for every element of {@code items}, in parallel, with the
     * automatic grain: {@code items.parallelStream().forEach(body)} on a pool of your choice.
     *
     * @param items the elements (see the class documentation for how they are split)
     * @param body  called concurrently for different elements
     * @param <T>   element type
     */
    public static <T> void forEach(StrandPool pool, Collection<? extends T> items, Consumer<? super T> body) {
        forEach(pool, items, body, Grain.auto());
    }

    /** {@link #forEach(StrandPool, Collection, Consumer)} with an explicit grain: {@code grain} cuts the input into serial pieces. */
    public static <T> void forEach(StrandPool pool, Collection<? extends T> items, Consumer<? super T> body,
                                   Grain grain) {
        CollectionOps.forEach(pool, items, grain, body);
    }

    /**
     * Parallel map of a collection: a list with {@code f} applied to every element, in the
     * collection's order.
     *
     * @param items the elements
     * @param f     the function, called concurrently
     * @param <T>   element type
     * @param <R>   result type
     * @return an unmodifiable list of the results ({@code null} results allowed)
     */
    public static <T, R> List<R> map(StrandPool pool, Collection<? extends T> items,
                                     Function<? super T, ? extends R> f) {
        return map(pool, items, f, Grain.auto());
    }

    /** {@link #map(StrandPool, Collection, Function)} with an explicit grain: {@code grain} cuts the input into serial pieces. */
    public static <T, R> List<R> map(StrandPool pool, Collection<? extends T> items,
                                     Function<? super T, ? extends R> f, Grain grain) {
        return CollectionOps.map(pool, items, f, grain);
    }

    /**
     * Parallel reduction of a collection in its order: {@code op(...op(op(identity, x0), x1)...)},
     * grouped by the split tree (see the class documentation: {@code op} must be associative).
     *
     * @param items    the elements
     * @param identity the result for an empty collection; {@code op(identity, x) == x}
     * @param op       an associative operator
     * @param <T>      element type
     * @return the reduction
     */
    public static <T> T reduce(StrandPool pool, Collection<? extends T> items, T identity, BinaryOperator<T> op) {
        return reduce(pool, items, identity, op, Grain.auto());
    }

    /** {@link #reduce(StrandPool, Collection, Object, BinaryOperator)} with an explicit grain: {@code grain} cuts the input into serial pieces. */
    public static <T> T reduce(StrandPool pool, Collection<? extends T> items, T identity,
                               BinaryOperator<T> op, Grain grain) {
        return CollectionOps.reduce(pool, items, identity, op, grain);
    }

    /**
     * Parallel mutable reduction with a {@link Collector}, as
     * {@code items.parallelStream().collect(collector)}: each piece accumulates into its own
     * container, neighbouring containers are combined left to right, and the finisher runs once.
     * An unordered collector (e.g. {@code toSet()}) gets the same treatment; an ordered one
     * ({@code toList()}, {@code joining()}) sees the collection's order.
     *
     * @param items     the elements
     * @param collector the collector
     * @param <T>       element type
     * @param <A>       the collector's container type
     * @param <R>       the result type
     * @return the collected result
     */
    public static <T, A, R> R collect(StrandPool pool, Collection<? extends T> items,
                                      Collector<? super T, A, R> collector) {
        return collect(pool, items, collector, Grain.auto());
    }

    /** {@link #collect(StrandPool, Collection, Collector)} with an explicit grain: {@code grain} cuts the input into serial pieces. */
    public static <T, A, R> R collect(StrandPool pool, Collection<? extends T> items,
                                      Collector<? super T, A, R> collector, Grain grain) {
        return CollectionOps.collect(pool, items, collector, grain);
    }

    // ================================================================== spliterators

    /**
     * Runs {@code body.accept(x)} for every element of {@code source}, in parallel, with the
     * automatic grain: {@code StreamSupport.stream(source, true).forEach(body)} on a pool of your
     * choice. See {@link #forEach(StrandPool, Spliterator, Consumer, Grain)}.
     *
     * @param source the elements; consumed (traversed and split) by this call
     * @param body   called concurrently for different elements
     * @param <T>    element type
     */
    public static <T> void forEach(StrandPool pool, Spliterator<T> source, Consumer<? super T> body) {
        forEach(pool, source, body, Grain.auto());
    }

    /**
     * Runs {@code body.accept(x)} for every element of {@code source}, in parallel. The source is
     * split with {@link Spliterator#trySplit()}, as a parallel stream splits it, under the
     * {@link Grain} conventions with {@link Spliterator#estimateSize()} as the length: a fixed
     * grain splits while a piece is estimated longer than the grain, the automatic grain splits
     * adaptively; splitting also stops where {@code trySplit} returns null. A source of unknown
     * size ({@code Long.MAX_VALUE}) is split until it refuses. For a stream, pass
     * {@code stream.spliterator()}.
     *
     * @param source the elements; consumed (traversed and split) by this call
     * @param body   called concurrently for different elements
     * @param grain  how to cut them into serial pieces
     * @param <T>    element type
     */
    public static <T> void forEach(StrandPool pool, Spliterator<T> source, Consumer<? super T> body,
                                   Grain grain) {
        CollectionOps.forEach(pool, source, grain, body);
    }

    /**
     * Parallel reduction of a spliterator's elements in its encounter order (if it has one):
     * {@code op(...op(op(identity, x0), x1)...)}, grouped by the split tree, as
     * {@code StreamSupport.stream(source, true).reduce(identity, op)}. Each piece starts from
     * {@code identity}, so it must satisfy {@code op(identity, x) == x}, and {@code op} must be
     * associative.
     *
     * @param source   the elements; consumed by this call
     * @param identity the result for an empty source
     * @param op       an associative operator
     * @param <T>      element type
     * @return the reduction
     */
    public static <T> T reduce(StrandPool pool, Spliterator<T> source, T identity, BinaryOperator<T> op) {
        return reduce(pool, source, identity, op, Grain.auto());
    }

    /** {@link #reduce(StrandPool, Spliterator, Object, BinaryOperator)} with an explicit grain: {@code grain} cuts the input into serial pieces. */
    public static <T> T reduce(StrandPool pool, Spliterator<T> source, T identity, BinaryOperator<T> op,
                               Grain grain) {
        return CollectionOps.reduce(pool, source, identity, op, grain);
    }

    /**
     * Parallel mutable reduction of a spliterator's elements with a {@link Collector}, as
     * {@code StreamSupport.stream(source, true).collect(collector)}: each piece accumulates into
     * its own container, neighbouring containers are combined in encounter order, and the
     * finisher runs once.
     *
     * @param source    the elements; consumed by this call
     * @param collector the collector
     * @param <T>       element type
     * @param <A>       the collector's container type
     * @param <R>       the result type
     * @return the collected result
     */
    public static <T, A, R> R collect(StrandPool pool, Spliterator<T> source,
                                      Collector<? super T, A, R> collector) {
        return collect(pool, source, collector, Grain.auto());
    }

    /** {@link #collect(StrandPool, Spliterator, Collector)} with an explicit grain: {@code grain} cuts the input into serial pieces. */
    public static <T, A, R> R collect(StrandPool pool, Spliterator<T> source,
                                      Collector<? super T, A, R> collector, Grain grain) {
        return CollectionOps.collect(pool, source, collector, grain);
    }

    // ================================================================== searches

    /**
     * Whether some element of {@code items} satisfies {@code predicate}, as
     * {@code items.parallelStream().anyMatch(predicate)}, on a pool of your choice:
     * <b>short-circuiting</b>: once one piece finds a match, every piece stops before its next
     * element (the pieces not yet started return at once). {@code false} for an empty collection.
     *
     * @param items     the elements (split as {@link #forEach(StrandPool, Collection, Consumer)}
     *                  splits them)
     * @param predicate called concurrently; on elements in no particular order, and not on all of
     *                  them once a match is found
     * @param <T>       element type
     * @return whether an element matched
     */
    public static <T> boolean anyMatch(StrandPool pool, Collection<? extends T> items,
                                       Predicate<? super T> predicate) {
        return anyMatch(pool, items, predicate, Grain.auto());
    }

    /** {@link #anyMatch(StrandPool, Collection, Predicate)} with an explicit grain. @return whether an element matched */
    public static <T> boolean anyMatch(StrandPool pool, Collection<? extends T> items,
                                       Predicate<? super T> predicate, Grain grain) {
        return CollectionOps.anyMatch(pool, items, predicate, grain);
    }

    /**
     * Whether every element of {@code items} satisfies {@code predicate} ({@code true} for an
     * empty collection), as {@code items.parallelStream().allMatch(predicate)}: short-circuiting
     * at the first element that does not, as {@link #anyMatch(StrandPool, Collection, Predicate)}.
     *
     * @return whether every element matched
     */
    public static <T> boolean allMatch(StrandPool pool, Collection<? extends T> items,
                                       Predicate<? super T> predicate) {
        return allMatch(pool, items, predicate, Grain.auto());
    }

    /** {@link #allMatch(StrandPool, Collection, Predicate)} with an explicit grain. @return whether every element matched */
    public static <T> boolean allMatch(StrandPool pool, Collection<? extends T> items,
                                       Predicate<? super T> predicate, Grain grain) {
        Objects.requireNonNull(predicate, "predicate must not be null");
        return !CollectionOps.anyMatch(pool, items, predicate.negate(), grain);
    }

    /**
     * Some element of {@code items} that satisfies {@code predicate}, not necessarily the first:
     * {@code items.parallelStream().filter(predicate).findAny()} (Rayon's {@code find_any}),
     * short-circuiting as {@link #anyMatch(StrandPool, Collection, Predicate)}. Which match is
     * returned depends on the schedule.
     *
     * @param <T> element type
     * @return a matching element, or empty if none matches
     * @throws NullPointerException if the element found is null (as {@code Stream.findAny})
     */
    public static <T> Optional<T> findAny(StrandPool pool, Collection<? extends T> items,
                                          Predicate<? super T> predicate) {
        return findAny(pool, items, predicate, Grain.auto());
    }

    /** {@link #findAny(StrandPool, Collection, Predicate)} with an explicit grain. @return a matching element, or empty */
    public static <T> Optional<T> findAny(StrandPool pool, Collection<? extends T> items,
                                          Predicate<? super T> predicate, Grain grain) {
        return CollectionOps.findAny(pool, items, predicate, grain);
    }

    /**
     * {@link #anyMatch(StrandPool, Collection, Predicate)} over a spliterator's elements, split
     * as {@link #forEach(StrandPool, Spliterator, Consumer, Grain)} splits them; for a stream,
     * {@code stream.spliterator()}. Short-circuiting: each piece checks before every element
     * ({@link Spliterator#tryAdvance}) whether a match was found.
     *
     * @param source the elements; consumed (partly, once a match is found) by this call
     * @return whether an element matched
     */
    public static <T> boolean anyMatch(StrandPool pool, Spliterator<T> source, Predicate<? super T> predicate) {
        return anyMatch(pool, source, predicate, Grain.auto());
    }

    /** {@link #anyMatch(StrandPool, Spliterator, Predicate)} with an explicit grain. @return whether an element matched */
    public static <T> boolean anyMatch(StrandPool pool, Spliterator<T> source, Predicate<? super T> predicate,
                                       Grain grain) {
        return CollectionOps.anyMatch(pool, source, predicate, grain);
    }

    /** {@link #allMatch(StrandPool, Collection, Predicate)} over a spliterator's elements. @return whether every element matched */
    public static <T> boolean allMatch(StrandPool pool, Spliterator<T> source, Predicate<? super T> predicate) {
        return allMatch(pool, source, predicate, Grain.auto());
    }

    /** {@link #allMatch(StrandPool, Spliterator, Predicate)} with an explicit grain. @return whether every element matched */
    public static <T> boolean allMatch(StrandPool pool, Spliterator<T> source, Predicate<? super T> predicate,
                                       Grain grain) {
        Objects.requireNonNull(predicate, "predicate must not be null");
        return !CollectionOps.anyMatch(pool, source, predicate.negate(), grain);
    }

    /**
     * {@link #findAny(StrandPool, Collection, Predicate)} over a spliterator's elements.
     *
     * @return a matching element, or empty if none matches
     * @throws NullPointerException if the element found is null
     */
    public static <T> Optional<T> findAny(StrandPool pool, Spliterator<T> source, Predicate<? super T> predicate) {
        return findAny(pool, source, predicate, Grain.auto());
    }

    /** {@link #findAny(StrandPool, Spliterator, Predicate)} with an explicit grain. @return a matching element, or empty */
    public static <T> Optional<T> findAny(StrandPool pool, Spliterator<T> source, Predicate<? super T> predicate,
                                          Grain grain) {
        return CollectionOps.findAny(pool, source, predicate, grain);
    }

}
