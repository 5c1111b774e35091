import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * Build check of every module (run by the JDK's source launcher from the parent POM, in
 * {@code verify}): each jar in the module's build directory carries the licence and the notice,
 * {@code META-INF/LICENSE} and {@code META-INF/NOTICE}: the licence byte for byte the repository
 * root's {@code LICENSE}, the notice beginning with the root's {@code NOTICE} (a shaded jar appends
 * the notices of the libraries it bundles). A jar without them, or with another project's in their
 * place, fails the build with the jar and the entry named.
 *
 * <p>Usage: {@code java CheckLegalFiles.java PACKAGING BUILD_DIRECTORY ROOT}; a {@code pom}
 * module has no jar and passes.
 */
public final class CheckLegalFiles {
    private CheckLegalFiles() { }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: java CheckLegalFiles.java PACKAGING BUILD_DIRECTORY ROOT");
            System.exit(2);
        }
        if (args[0].equals("pom")) {
            return;
        }
        Path target = Path.of(args[1]);
        Path root = Path.of(args[2]);
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(target, "*.jar")) {
            ds.forEach(jars::add);
        }
        if (jars.isEmpty()) {
            fail("no jar in " + target + " (a " + args[0] + " module builds one)");
        }
        List<String> problems = new ArrayList<>();
        for (Path jar : jars) {
            try (JarFile jf = new JarFile(jar.toFile())) {
                for (String name : new String[] {"LICENSE", "NOTICE"}) {
                    ZipEntry e = jf.getEntry("META-INF/" + name);
                    if (e == null) {
                        problems.add(jar.getFileName() + ": no META-INF/" + name);
                        continue;
                    }
                    byte[] have;
                    try (InputStream in = jf.getInputStream(e)) {
                        have = in.readAllBytes();
                    }
                    byte[] want = Files.readAllBytes(root.resolve(name));
                    boolean ok = name.equals("LICENSE") ? Arrays.equals(have, want)
                            : have.length >= want.length
                                    && Arrays.equals(have, 0, want.length, want, 0, want.length);
                    if (!ok) {
                        problems.add(jar.getFileName() + ": META-INF/" + name
                                + (name.equals("LICENSE") ? " differs from" : " does not begin with")
                                + " the root's " + name);
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
        System.out.println("legal files: " + jars.size() + " jar(s) carry META-INF/LICENSE and META-INF/NOTICE");
    }

    private static void fail(String message) {
        System.err.println("CheckLegalFiles: " + message);
        System.exit(1);
    }
}
