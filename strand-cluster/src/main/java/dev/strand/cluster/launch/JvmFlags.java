package dev.strand.cluster.launch;

import dev.strand.cluster.ClusterException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The JVM flags Ignite 2.x needs on JDK 17 and later: the {@code --add-opens} list of Ignite's
 * documentation ("Running Ignite with Java 11 or later"), kept in the resource
 * {@code dev/strand/cluster/ignite-jvm-flags.txt}, which the {@code strand} launcher reads too.
 * Without them Ignite fails at start, or (without {@code java.lang.invoke}) hangs.
 *
 * <p>{@link #requirePresent()} checks the running JVM against the list, so that a JVM started
 * without them fails at once with the list, instead of hanging inside Ignite.
 */
public final class JvmFlags {

    private static final String RESOURCE = "/dev/strand/cluster/ignite-jvm-flags.txt";

    private JvmFlags() {}

    /** @return the flags, one per element, e.g. {@code --add-opens=java.base/java.lang=ALL-UNNAMED} */
    public static List<String> required() {
        List<String> flags = new ArrayList<>();
        try (InputStream in = JvmFlags.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + RESOURCE + " is missing from strand-cluster's jar");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String s = line.strip();
                if (!s.isEmpty() && !s.startsWith("#")) {
                    flags.add(s);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + RESOURCE, e);
        }
        return flags;
    }

    /** @return the flags to start a node JVM with: {@link #required()} plus, on JDK 23+, Unsafe allowed */
    public static List<String> forNodeJvm() {
        List<String> flags = new ArrayList<>(required());
        if (Runtime.version().feature() >= 23) {
            // Ignite's off-heap memory uses sun.misc.Unsafe; JDK 24+ warns on every JVM otherwise.
            flags.add("--sun-misc-unsafe-memory-access=allow");
        }
        return flags;
    }

    /** @return the required flags this JVM was started without */
    public static List<String> missing() {
        List<String> missing = new ArrayList<>();
        Module unnamed = JvmFlags.class.getClassLoader().getUnnamedModule();
        for (String flag : required()) {
            // --add-opens=MODULE/PACKAGE=ALL-UNNAMED
            String spec = flag.substring(flag.indexOf('=') + 1, flag.lastIndexOf('='));
            String module = spec.substring(0, spec.indexOf('/'));
            String pkg = spec.substring(spec.indexOf('/') + 1);
            Optional<Module> m = ModuleLayer.boot().findModule(module);
            if (m.isPresent() && !m.get().isOpen(pkg, unnamed)) {
                missing.add(flag);
            }
        }
        return missing;
    }

    /** @throws ClusterException naming the missing flags, if this JVM lacks any */
    public static void requirePresent() {
        List<String> missing = missing();
        if (!missing.isEmpty()) {
            throw new ClusterException("this JVM was started without flags that Apache Ignite needs on JDK 17+ ("
                    + missing.size() + " missing, e.g. " + missing.get(0) + "); start it with all of: "
                    + String.join(" ", required()));
        }
    }
}
