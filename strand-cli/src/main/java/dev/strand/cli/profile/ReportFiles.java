package dev.strand.cli.profile;

import dev.strand.profile.ProfileReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The report files of a program's pools. A pool that closed while the program ran wrote its own
 * ({@code -Dstrand.profile}); one still open is written here, so every pool has its files.
 */
final class ReportFiles {
    private ReportFiles() { }

    /** @return the {@code .txt} files in {@code dir} now */
    static Set<Path> texts(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return new HashSet<>(s.filter(f -> f.toString().endsWith(".txt")).toList());
        }
    }

    /**
     * @param before the {@code .txt} files in {@code dir} before the program ran
     * @return the text file of {@code r}: one the pool wrote (same text), or one written now as
     *     {@code <base>.txt/.csv/.json}
     */
    static Path findOrWrite(ProfileReport r, Path dir, Set<Path> before, String base) throws IOException {
        String text = r.toText();
        for (Path f : texts(dir)) {
            if (!before.contains(f) && Files.readString(f, StandardCharsets.UTF_8).equals(text)) {
                return f;
            }
        }
        r.writeTo(dir, base);
        return dir.resolve(base + ".txt");
    }

    /** @return {@code s} with every character a file name may not hold replaced by '_' */
    static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** @return the files {@link ProfileReport#writeTo} writes for {@code base} */
    static List<Path> of(Path dir, String base) {
        return List.of(dir.resolve(base + ".txt"), dir.resolve(base + ".csv"), dir.resolve(base + ".json"));
    }
}
