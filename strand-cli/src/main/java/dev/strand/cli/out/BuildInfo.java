package dev.strand.cli.out;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What this {@code strand} was built from: the Strand version and the git commit, as the build
 * recorded them ({@code version.properties}, filtered by Maven; {@code git.properties}, written by
 * {@code src/build/GitCommit.java}). The first field of every JSON document the CLI prints.
 *
 * @param version the Strand version, e.g. {@code 0.1.0-SNAPSHOT}; "unknown" if not recorded
 * @param commit  the full commit id; "unknown" when the build had no git or no repository
 * @param dirty   whether tracked files differed from that commit at build time; null (and left
 *                out of the JSON) when the commit is unknown
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BuildInfo(String version, String commit, Boolean dirty) {

    /** The value of a field the build did not record. */
    public static final String UNKNOWN = "unknown";

    private static final BuildInfo CURRENT = read();

    /** @return the build of the running CLI */
    public static BuildInfo current() {
        return CURRENT;
    }

    /** @return the first 7 characters of the commit (or "unknown") */
    public String shortCommit() {
        return commit.length() >= 40 ? commit.substring(0, 7) : commit;
    }

    /** @return e.g. "0.1.0-SNAPSHOT (commit 3b67e23)", "... (commit 3b67e23, modified)" */
    public String describe() {
        return version + " (commit " + shortCommit() + (Boolean.TRUE.equals(dirty) ? ", modified" : "")
                + ")";
    }

    private static BuildInfo read() {
        Properties v = load("/dev/strand/cli/version.properties");
        Properties g = load("/dev/strand/cli/git.properties");
        String version = recorded(v.getProperty("version"));
        String commit = recorded(g.getProperty("git.commit"));
        String dirty = g.getProperty("git.dirty");
        return new BuildInfo(version, commit,
                (commit.equals(UNKNOWN) || dirty == null) ? null : Boolean.valueOf(dirty.strip()));
    }

    /** @return the value, or "unknown" if missing, blank or an unfiltered Maven placeholder */
    static String recorded(String value) {
        return value == null || value.isBlank() || value.contains("${") ? UNKNOWN : value.strip();
    }

    private static Properties load(String resource) {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(resource)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException ignored) {
            // an unreadable resource: the fields stay unknown
        }
        return p;
    }
}
