package dev.strand.internal.deque;

/** Test helper shared by the deque's model-checking tests. */
final class Steals {
    private Steals() { }

    /**
     * Steals until the outcome is settled: a Retry means another thread took the element this one
     * saw, so the deque made progress and the steal is tried again.
     *
     * @return the stolen element, or {@code null} if the deque was empty
     */
    static <T> T untilSettled(ChaseLevDeque<T> deque) {
        for (;;) {
            Steal<T> s = deque.steal();
            if (s instanceof Steal.Success<T> ok) {
                return ok.value();
            }
            if (s instanceof Steal.Empty<T>) {
                return null;
            }
        }
    }

    /** The same for a {@link BwosDeque}: a Retry means another thread took what this one saw. */
    static <T> T untilSettled(BwosDeque<T> deque) {
        for (;;) {
            Steal<T> s = deque.steal();
            if (s instanceof Steal.Success<T> ok) {
                return ok.value();
            }
            if (s instanceof Steal.Empty<T>) {
                return null;
            }
        }
    }
}
