package dev.strand.workloads;

/** A kernel returned a result that fails its check: the run is invalid. */
public final class WrongResultException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what was expected and what came back */
    public WrongResultException(String message) {
        super(message);
    }

    /**
     * @throws WrongResultException unless {@code got == want}
     */
    public static void expect(String what, long got, long want) {
        if (got != want) {
            throw new WrongResultException(what + ": got " + got + ", expected " + want);
        }
    }
}
