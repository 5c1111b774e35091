package example.forkjoin;

import dev.strand.Strand;
import dev.strand.StrandPool;

/** A program that runs a pool, closes it, then fails: its profile is still worth reading. */
public final class FailsAfterPool {
    private FailsAfterPool() { }

    public static void main(String[] args) {
        try (StrandPool pool = StrandPool.builder().name("doomed").parallelism(2).build()) {
            pool.invoke(() -> Strand.join(() -> 1, () -> 2).second());
        }
        throw new IllegalStateException("the input was bad");
    }
}
