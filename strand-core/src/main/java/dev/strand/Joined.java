package dev.strand;

/**
 * The two results of {@link Strand#join(java.util.function.Supplier, java.util.function.Supplier)}.
 *
 * @param first  the first supplier's result
 * @param second the second supplier's result
 * @param <A>    first type
 * @param <B>    second type
 */
public record Joined<A, B>(A first, B second) { }
