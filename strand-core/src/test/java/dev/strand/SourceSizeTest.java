package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every source file of the library stays a size a reader can hold in mind. */
class SourceSizeTest {
    private static final int MAX_LINES = 700;

    @Test
    void noMainSourceFileIsLongerThan700Lines() throws IOException {
        Path root = Path.of("src/main/java");
        assertThat(root).as("run from strand-core's directory").isDirectory();
        List<String> tooLong;
        try (Stream<Path> files = Files.walk(root)) {
            tooLong = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> lines(p) > MAX_LINES)
                    .map(p -> root.relativize(p) + " (" + lines(p) + " lines)")
                    .toList();
        }
        assertThat(tooLong).as("files over %d lines: split them by job", MAX_LINES).isEmpty();
    }

    private static long lines(Path p) {
        try (Stream<String> s = Files.lines(p)) {
            return s.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
