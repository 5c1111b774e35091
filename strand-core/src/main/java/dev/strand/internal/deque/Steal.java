package dev.strand.internal.deque;

/**
 * The outcome of one steal attempt, after crossbeam-deque's {@code Steal::{Empty, Success, Retry}}.
 *
 * <p>The three cases matter to a scheduler: {@link Empty} means "look elsewhere", {@link Retry}
 * means "this victim had work but another thread won the race for it; trying again here may pay",
 * and {@link Success} carries the stolen element.
 *
 * @param <T> the element type
 */
public sealed interface Steal<T> permits Steal.Empty, Steal.Retry, Steal.Success {

    /** The victim's deque was empty when observed. */
    record Empty<T>() implements Steal<T> { }

    /** The victim had an element but a concurrent steal or pop took it first. */
    record Retry<T>() implements Steal<T> { }

    /**
     * An element was stolen.
     *
     * @param value the stolen element, never {@code null}
     */
    record Success<T>(T value) implements Steal<T> { }

    /** @return the shared {@link Empty} result */
    @SuppressWarnings("unchecked")
    static <T> Steal<T> empty() {
        return (Steal<T>) Constants.EMPTY;
    }

    /**
     * A success, made here rather than by the deques: a deque method that returned a
     * {@code new Success} as a {@code Steal} would make the verifier load this interface when it
     * links the deque, on every pool's start, although a pool's own steals never call it.
     */
    static <T> Steal<T> success(T value) {
        return new Success<>(value);
    }

    /** @return the shared {@link Retry} result */
    @SuppressWarnings("unchecked")
    static <T> Steal<T> retry() {
        return (Steal<T>) Constants.RETRY;
    }

    /** @return whether this is a {@link Success} */
    default boolean isSuccess() {
        return this instanceof Success;
    }

    /** @return the stolen element, or {@code null} if this is not a {@link Success} */
    default T valueOrNull() {
        return this instanceof Success<T> s ? s.value() : null;
    }
}

final class Constants {
    static final Steal<?> EMPTY = new Steal.Empty<>();
    static final Steal<?> RETRY = new Steal.Retry<>();

    private Constants() { }
}
