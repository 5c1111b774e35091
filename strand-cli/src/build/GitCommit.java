import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Build step of strand-cli (run by the JDK's source launcher from the POM): writes the commit the
 * build's sources come from to a properties file,
 *
 * <pre>
 * git.commit=3b67e236239193329c365fda58ea67fbd1675809
 * git.dirty=false
 * </pre>
 *
 * asking the git command in the current directory ({@code git rev-parse HEAD}; dirty when
 * {@code git status --porcelain --untracked-files=no} lists a change). Without git, outside a
 * repository, or when git fails: {@code git.commit=unknown} and no {@code git.dirty}. Never fails
 * the build over git.
 *
 * <p>Usage: {@code java GitCommit.java OUTPUT_FILE}
 */
public final class GitCommit {
    private GitCommit() { }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: java GitCommit.java OUTPUT_FILE");
            System.exit(2);
        }
        String commit = git("rev-parse", "--verify", "HEAD");
        StringBuilder out = new StringBuilder("# The commit strand-cli was built from (src/build/GitCommit.java).\n");
        if (commit != null && commit.matches("[0-9a-f]{40}([0-9a-f]{24})?")) {
            String status = git("status", "--porcelain", "--untracked-files=no");
            out.append("git.commit=").append(commit).append('\n');
            if (status != null) {
                out.append("git.dirty=").append(!status.isEmpty()).append('\n');
            }
        } else {
            out.append("git.commit=unknown\n");
        }
        Path file = Path.of(args[0]);
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, out, StandardCharsets.ISO_8859_1);
    }

    /** @return the command's standard output, stripped; null if git is missing, fails or hangs */
    private static String git(String... args) {
        List<String> cmd = new java.util.ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            byte[] bytes;
            try (InputStream in = p.getInputStream()) {
                bytes = in.readAllBytes();
            }
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(bytes, StandardCharsets.UTF_8).strip() : null;
        } catch (IOException e) {
            return null;                                   // no git on the PATH
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
