package example.forkjoin;

import dev.strand.Joined;
import dev.strand.Strand;
import dev.strand.StrandPool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A program that notes each time its main runs, one line in the file its first argument names,
 * after a small fork-join sum on a pool of 2: lets a test count how often {@code strand profile}
 * runs a program.
 */
public final class CountsRuns {
    private CountsRuns() { }

    public static void main(String[] args) throws IOException {
        long sum;
        try (StrandPool pool = StrandPool.builder().name("counts").parallelism(2).build()) {
            sum = pool.invoke(() -> {
                Joined<Long, Long> r = Strand.join(() -> 1L, () -> 2L);
                return r.first() + r.second();
            });
        }
        Files.writeString(Path.of(args[0]), sum + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
