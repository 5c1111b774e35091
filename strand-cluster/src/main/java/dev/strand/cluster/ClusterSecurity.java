package dev.strand.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * How the members of a cluster protect their traffic and prove they belong: TLS on discovery and
 * communication (Ignite's {@code SslContextFactory}: a key store with this member's key and
 * certificate, a trust store with the certificates it accepts), and a shared secret that every
 * member proves on joining (see docs/cluster.md, "Security"). Every member, nodes and drivers,
 * needs the same settings: a member without TLS cannot talk to members with it, and a member
 * without the secret is refused.
 *
 * <p>Passwords and the secret are never values here: each is a source, {@code file:PATH} (the
 * file's first line) or {@code env:NAME} (an environment variable), read when the member starts,
 * so that no password is on a command line or in a configuration file that others can read.
 *
 * @param keyStore null (no TLS), or this member's key store (PKCS#12 or JKS)
 * @param keyStorePassword the key store's password source ({@code file:...} or {@code env:...})
 * @param trustStore the trust store (required with TLS)
 * @param trustStorePassword the trust store's password source
 * @param secret null (no shared secret), or its source
 */
public record ClusterSecurity(Path keyStore, String keyStorePassword, Path trustStore, String trustStorePassword,
        String secret) {

    /** The keys of the node configuration file (and of a driver's security file). */
    public static final List<String> KEYS = List.of("tls.keystore", "tls.keystore.password", "tls.truststore",
            "tls.truststore.password", "auth.secret");

    /** Validates. */
    public ClusterSecurity {
        if (keyStore != null || trustStore != null) {
            if (keyStore == null || trustStore == null) {
                throw new IllegalArgumentException("TLS needs both tls.keystore and tls.truststore");
            }
            requireSource("tls.keystore.password", keyStorePassword);
            requireSource("tls.truststore.password", trustStorePassword);
        } else if (keyStorePassword != null || trustStorePassword != null) {
            throw new IllegalArgumentException("a TLS password is given without tls.keystore and tls.truststore");
        }
        if (secret != null) {
            requireSource("auth.secret", secret);
        }
    }

    /** @return no TLS, no secret */
    public static ClusterSecurity none() {
        return new ClusterSecurity(null, null, null, null, null);
    }

    /** @return a copy with TLS from these stores and password sources */
    public ClusterSecurity withTls(Path keys, String keysPassword, Path trust, String trustPassword) {
        return new ClusterSecurity(keys, keysPassword, trust, trustPassword, secret);
    }

    /** @return a copy with the shared secret from {@code source} ({@code file:PATH} or {@code env:NAME}) */
    public ClusterSecurity withSecret(String source) {
        return new ClusterSecurity(keyStore, keyStorePassword, trustStore, trustStorePassword, source);
    }

    /** @return whether traffic is encrypted */
    public boolean tls() {
        return keyStore != null;
    }

    /** @return what this member requires of others, for errors and the node's attribute: "tls+secret", "none"... */
    public String describe() {
        return tls() && secret != null ? "tls+secret" : tls() ? "tls" : secret != null ? "secret" : "none";
    }

    /**
     * Reads the {@link #KEYS} from a properties file, ignoring its other keys: a driver can read
     * a node's configuration file.
     */
    public static ClusterSecurity read(Path file) {
        Properties p = new Properties();
        try (var r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new ClusterException("could not read " + file + ": " + e, e);
        }
        try {
            return parse(p);
        } catch (IllegalArgumentException e) {
            throw new ClusterException(file + ": " + e.getMessage(), e);
        }
    }

    /** @return the settings the {@link #KEYS} of {@code p} give (every key optional) */
    public static ClusterSecurity parse(Properties p) {
        return new ClusterSecurity(path(p, "tls.keystore"), value(p, "tls.keystore.password"),
                path(p, "tls.truststore"), value(p, "tls.truststore.password"), value(p, "auth.secret"));
    }

    /** @return the keys that have a value, as {@link #parse} reads them */
    public Map<String, String> toMap() {
        Map<String, String> m = new LinkedHashMap<>();
        if (tls()) {
            m.put("tls.keystore", keyStore.toString());
            m.put("tls.keystore.password", keyStorePassword);
            m.put("tls.truststore", trustStore.toString());
            m.put("tls.truststore.password", trustStorePassword);
        }
        if (secret != null) {
            m.put("auth.secret", secret);
        }
        return m;
    }

    /**
     * Reads a source: the first line of a file ({@code file:PATH}) or an environment variable
     * ({@code env:NAME}).
     *
     * @throws ClusterException if the file cannot be read, the variable is not set, or the value is empty
     */
    public static char[] resolve(String key, String source) {
        String v;
        if (source.startsWith("file:")) {
            Path f = Path.of(source.substring(5));
            try {
                List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
                v = lines.isEmpty() ? "" : lines.get(0).strip();
            } catch (IOException e) {
                throw new ClusterException(key + ": could not read " + f + ": " + e, e);
            }
        } else {
            String name = source.substring(4);
            v = System.getenv(name);
            if (v == null) {
                throw new ClusterException(key + ": the environment variable " + name + " is not set");
            }
        }
        if (v.isEmpty()) {
            throw new ClusterException(key + ": " + source + " is empty");
        }
        return v.toCharArray();
    }

    private static void requireSource(String key, String s) {
        if (s == null || !((s.startsWith("file:") && s.length() > 5) || (s.startsWith("env:") && s.length() > 4))) {
            throw new IllegalArgumentException(key + " must be file:PATH or env:NAME (never the password itself), got "
                    + (s == null ? "nothing" : "another value (not shown)"));
        }
    }

    private static String value(Properties p, String key) {
        String v = p.getProperty(key);
        return v == null || v.isBlank() ? null : v.strip();
    }

    private static Path path(Properties p, String key) {
        String v = value(p, key);
        return v == null ? null : Path.of(v);
    }
}
