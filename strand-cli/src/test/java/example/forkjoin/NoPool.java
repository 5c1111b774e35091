package example.forkjoin;

/** A program that runs no Strand pool: {@code strand profile} has nothing to report. */
public final class NoPool {
    private NoPool() { }

    public static void main(String[] args) {
        System.out.println("hello without a pool");
    }
}
