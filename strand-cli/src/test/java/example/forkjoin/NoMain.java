package example.forkjoin;

/** A class without a main method. */
public final class NoMain {
    private NoMain() { }

    /** Not a main method: it takes no arguments. */
    public static void run() {
    }
}
