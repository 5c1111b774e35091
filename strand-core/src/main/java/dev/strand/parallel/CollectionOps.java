package dev.strand.parallel;

import static dev.strand.parallel.Parallel.op;
import static dev.strand.parallel.Splitter.forChunks;
import static dev.strand.parallel.Splitter.reduceRange;

import dev.strand.StrandPool;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.Spliterator;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collector;

/**
 * The collection and spliterator algorithms of {@link Parallel} (forEach, map, reduce, collect,
 * and the short-circuiting searches anyMatch, allMatch, findAny):
 * a {@link java.util.RandomAccess} list is split by index in place, any other collection is copied
 * to an array first, and a {@link Spliterator} is split with its own {@code trySplit}.
 * {@code Parallel} keeps the public signatures and their documentation and delegates here.
 *
 * <p>Invariants: results follow the source's order (index order, or a spliterator's encounter
 * order); each piece accumulates into its own container or fold, never a shared one; a source
 * sized 0 returns the identity (or an empty container) without using the pool; a search records at
 * most one element (the first offered) and, once it has, every piece stops before its next element.
 */
final class CollectionOps {
    private CollectionOps() { }

    static <T> void forEach(StrandPool pool, Collection<? extends T> items, Grain grain,
                                   Consumer<? super T> body) {
        Objects.requireNonNull(body, "body must not be null");
        List<? extends T> l = indexed(items);
        forChunks(pool, 0, l.size(), grain, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                body.accept(l.get(i));
            }
        });
    }

    static <T, R> List<R> map(StrandPool pool, Collection<? extends T> items,
                                     Function<? super T, ? extends R> f, Grain grain) {
        Objects.requireNonNull(f, "function must not be null");
        List<? extends T> l = indexed(items);
        Object[] out = new Object[l.size()];
        forChunks(pool, 0, out.length, grain, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                out[i] = f.apply(l.get(i));
            }
        });
        @SuppressWarnings("unchecked")
        List<R> r = (List<R>) Collections.unmodifiableList(Arrays.asList(out));
        return r;
    }

    static <T> T reduce(StrandPool pool, Collection<? extends T> items, T identity,
                               BinaryOperator<T> op, Grain grain) {
        op(op);
        List<? extends T> l = indexed(items);
        return reduceRange(pool, 0, l.size(), grain, identity, (lo, hi) -> {
            T acc = l.get(lo);
            for (int i = lo + 1; i < hi; i++) {
                acc = op.apply(acc, l.get(i));
            }
            return acc;
        }, op);
    }

    static <T, A, R> R collect(StrandPool pool, Collection<? extends T> items,
                                      Collector<? super T, A, R> collector, Grain grain) {
        Objects.requireNonNull(collector, "collector must not be null");
        List<? extends T> l = indexed(items);
        Supplier<A> supplier = collector.supplier();
        BiConsumer<A, ? super T> accumulator = collector.accumulator();
        A acc = l.isEmpty() ? supplier.get() : reduceRange(pool, 0, l.size(), grain, null, (lo, hi) -> {
            A a = supplier.get();
            for (int i = lo; i < hi; i++) {
                accumulator.accept(a, l.get(i));
            }
            return a;
        }, collector.combiner());
        if (collector.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            @SuppressWarnings("unchecked")
            R r = (R) acc;
            return r;
        }
        return collector.finisher().apply(acc);
    }

    static <T> void forEach(StrandPool pool, Spliterator<T> source, Grain grain,
                                   Consumer<? super T> body) {
        Objects.requireNonNull(body, "body must not be null");
        reduceSpliterator(pool, source, grain, null, s -> {
            s.forEachRemaining(body);
            return null;
        }, (x, y) -> null);
    }

    static <T> T reduce(StrandPool pool, Spliterator<T> source, T identity, BinaryOperator<T> op,
                               Grain grain) {
        op(op);
        return reduceSpliterator(pool, source, grain, identity, s -> {
            Fold<T> f = new Fold<>(identity, op);
            s.forEachRemaining(f);
            return f.acc;
        }, op);
    }

    static <T, A, R> R collect(StrandPool pool, Spliterator<T> source,
                                      Collector<? super T, A, R> collector, Grain grain) {
        Objects.requireNonNull(collector, "collector must not be null");
        Supplier<A> supplier = collector.supplier();
        BiConsumer<A, ? super T> accumulator = collector.accumulator();
        A acc = reduceSpliterator(pool, source, grain, null, s -> {
            A a = supplier.get();
            s.forEachRemaining(x -> accumulator.accept(a, x));
            return a;
        }, collector.combiner());
        if (acc == null) {                        // an empty sized source: no piece ran
            acc = supplier.get();
        }
        if (collector.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            @SuppressWarnings("unchecked")
            R r = (R) acc;
            return r;
        }
        return collector.finisher().apply(acc);
    }


    // ---------------------------------------------------------------- searches (short-circuiting)

    static <T> Optional<T> findAny(StrandPool pool, Collection<? extends T> items,
                                   Predicate<? super T> predicate, Grain grain) {
        return CollectionOps.<T>search(pool, items, predicate, grain).result();
    }

    static <T> Optional<T> findAny(StrandPool pool, Spliterator<T> source,
                                   Predicate<? super T> predicate, Grain grain) {
        return search(pool, source, predicate, grain).result();
    }

    static <T> boolean anyMatch(StrandPool pool, Collection<? extends T> items,
                                Predicate<? super T> predicate, Grain grain) {
        return CollectionOps.<T>search(pool, items, predicate, grain).isFound();
    }

    static <T> boolean anyMatch(StrandPool pool, Spliterator<T> source, Predicate<? super T> predicate,
                                Grain grain) {
        return search(pool, source, predicate, grain).isFound();
    }

    private static <T> Found<T> search(StrandPool pool, Collection<? extends T> items,
                                       Predicate<? super T> predicate, Grain grain) {
        Objects.requireNonNull(predicate, "predicate must not be null");
        List<? extends T> l = indexed(items);
        Found<T> found = new Found<>();
        forChunks(pool, 0, l.size(), grain, (lo, hi) -> {
            for (int i = lo; i < hi && !found.isDone(); i++) {
                T x = l.get(i);
                if (predicate.test(x)) {
                    found.offer(x);
                }
            }
        });
        return found;
    }

    private static <T> Found<T> search(StrandPool pool, Spliterator<T> source,
                                       Predicate<? super T> predicate, Grain grain) {
        Objects.requireNonNull(predicate, "predicate must not be null");
        Found<T> found = new Found<>();
        reduceSpliterator(pool, source, grain, null, s -> {
            Consumer<T> test = x -> {
                if (predicate.test(x)) {
                    found.offer(x);
                }
            };
            while (!found.isDone() && s.tryAdvance(test)) {
                // the test records a match; the loop stops at the next check
            }
            return null;
        }, (x, y) -> null);
        return found;
    }

    /**
     * The first element a piece offers, boxed so that a null element is an answer too. Pieces
     * poll {@link #isDone()} once per element: an opaque read, which the JIT cannot hoist out of
     * the loop, and which needs no ordering (the answer is read after the join, which orders it).
     */
    private static final class Found<T> {
        private final AtomicReference<Box<T>> first = new AtomicReference<>();

        boolean isDone() {
            return first.getOpaque() != null;
        }

        void offer(T x) {
            first.compareAndSet(null, new Box<>(x));
        }

        /** @return whether a piece found an element; called after the search's join */
        boolean isFound() {
            return first.get() != null;
        }

        /** @throws NullPointerException if the element found is null, as {@code Stream.findAny} */
        Optional<T> result() {
            Box<T> b = first.get();
            if (b == null) {
                return Optional.empty();
            }
            return Optional.of(Objects.requireNonNull(b.value, "the element found is null"));
        }
    }

    private record Box<T>(T value) { }

    /** A serial left fold of one piece, from the identity. */
    private static final class Fold<T> implements Consumer<T> {
        private final BinaryOperator<T> op;
        T acc;

        Fold(T identity, BinaryOperator<T> op) {
            this.acc = identity;
            this.op = op;
        }

        @Override
        public void accept(T x) {
            acc = op.apply(acc, x);
        }
    }

    /** The spliterator reduction: {@code identity} for a source sized 0, else the split tree's result. */
    private static <T, R> R reduceSpliterator(StrandPool pool, Spliterator<T> source, Grain grain, R identity,
                                              Function<Spliterator<T>, R> leaf, BinaryOperator<R> combiner) {
        Splitter.pool(pool);
        Objects.requireNonNull(source, "source must not be null");
        Objects.requireNonNull(grain, "grain must not be null");
        Objects.requireNonNull(combiner, "combiner must not be null");
        if (source.hasCharacteristics(Spliterator.SIZED) && source.estimateSize() == 0) {
            return identity;
        }
        return Splitter.reduceSpliterator(pool, source, grain, leaf, combiner);
    }

    /** @return {@code items} if it can be split by index, else a snapshot copy of it */
    private static <T> List<? extends T> indexed(Collection<? extends T> items) {
        Objects.requireNonNull(items, "items must not be null");
        if (items instanceof List<? extends T> l && items instanceof RandomAccess) {
            return l;
        }
        @SuppressWarnings("unchecked")
        List<? extends T> copy = (List<? extends T>) Arrays.asList(items.toArray());
        return copy;
    }
}
