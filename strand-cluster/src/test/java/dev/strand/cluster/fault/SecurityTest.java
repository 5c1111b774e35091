package dev.strand.cluster.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.cluster.BatchJob;
import dev.strand.cluster.BatchResult;
import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.ClusterException;
import dev.strand.cluster.ClusterSecurity;
import dev.strand.cluster.StrandCluster;
import dev.strand.cluster.launch.LocalNodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two nodes and a driver with TLS (a self-signed key pair made here with keytool) and a shared
 * secret run a batch; a member without TLS, without the secret or with another secret is refused
 * with a message that says why.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SecurityTest {

    private static final java.util.logging.Logger IGNITE_LOG = java.util.logging.Logger.getLogger("org.apache.ignite");
    private static Path dir;
    private static ClusterSecurity secure;
    private static StrandCluster cluster;

    @BeforeAll
    static void start() throws Exception {
        IGNITE_LOG.setLevel(java.util.logging.Level.OFF);
        dir = Files.createTempDirectory("strand-tls-");
        Path pass = dir.resolve("store.pass");
        Files.writeString(pass, "changeit-" + System.nanoTime() + "\n");
        Files.writeString(dir.resolve("secret"), "s3cret-" + System.nanoTime() + "\n");
        Files.writeString(dir.resolve("other-secret"), "another\n");
        Path ks = dir.resolve("node.p12");
        Path cert = dir.resolve("node.crt");
        Path ts = dir.resolve("trust.p12");
        keytool("-genkeypair", "-alias", "node", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=strand-test", "-validity", "2", "-storetype", "PKCS12", "-keystore", ks.toString(),
                "-storepass:file", pass.toString());
        keytool("-exportcert", "-alias", "node", "-keystore", ks.toString(), "-storepass:file", pass.toString(),
                "-file", cert.toString());
        keytool("-importcert", "-noprompt", "-alias", "node", "-file", cert.toString(), "-storetype", "PKCS12",
                "-keystore", ts.toString(), "-storepass:file", pass.toString());
        secure = ClusterSecurity.none().withTls(ks, "file:" + pass, ts, "file:" + pass)
                .withSecret("file:" + dir.resolve("secret"));
        cluster = StrandCluster.startLocal(2, ClusterConfig.loopback().withNodeParallelism(1), null, secure);
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("keytool %s: %s", args[0], out).isZero();
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aBatchRunsOnTlsNodesThatShareTheSecret() {
        List<BatchJob> jobs = SleepyWork.jobs(new long[20]);
        BatchResult r = cluster.runBatch(new SleepyWork(0), jobs);
        Nodes.exactlyOnce(r, jobs);
        assertThat(cluster.nodes()).hasSize(2);
    }

    @Test
    void aDriverWithoutTlsIsRefused() {
        assertThatThrownBy(() -> StrandCluster.connect(cluster.config().withJoinTimeout(Duration.ofSeconds(4)),
                ClusterSecurity.none().withSecret(secure.secret()), 1))
                .isInstanceOf(ClusterException.class)
                .hasMessageContaining("could not join the cluster")
                .hasMessageContaining("this member does not use TLS");
        assertThat(cluster.nodes()).hasSize(2);
    }

    @Test
    void aDriverWithoutTheSecretIsRefused() {
        ClusterSecurity tlsOnly = new ClusterSecurity(secure.keyStore(), secure.keyStorePassword(),
                secure.trustStore(), secure.trustStorePassword(), null);
        assertThatThrownBy(() -> StrandCluster.connect(cluster.config().withJoinTimeout(Duration.ofSeconds(10)),
                tlsOnly, 1))
                .isInstanceOf(ClusterException.class)
                .hasMessageContaining("refused this node: it has no shared secret");
    }

    @Test
    void aNodeWithAnotherSecretIsRefused() {
        ClusterSecurity wrong = secure.withSecret("file:" + dir.resolve("other-secret"));
        assertThatThrownBy(() -> {
            try (LocalNodes n = LocalNodes.start(1, cluster.config().withJoinTimeout(Duration.ofSeconds(10)), 1,
                    null, wrong)) {
                assertThat(n.names()).isEmpty();
            }
        }).isInstanceOf(ClusterException.class)
                .hasMessageContaining("refused this node: its shared secret is wrong");
        assertThat(cluster.nodes()).as("the cluster is unchanged").hasSize(2);
    }

    @Test
    void aPasswordIsNeverALiteral() {
        assertThatThrownBy(() -> secure.withTls(secure.keyStore(), "hunter2", secure.trustStore(), "file:/x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tls.keystore.password must be file:PATH or env:NAME")
                .hasMessageNotContaining("hunter2");
    }
}
