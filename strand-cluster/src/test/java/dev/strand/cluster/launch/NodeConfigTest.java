package dev.strand.cluster.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.cluster.ClusterConfig;
import dev.strand.cluster.ClusterException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeConfigTest {

    @TempDir
    Path dir;

    @Test
    void aFileForAHostOfThreeIsRead() throws IOException {
        Path f = dir.resolve("node.properties");
        Files.writeString(f, """
                node.name = alpha
                node.parallelism = 8
                node.jars = /opt/app/jars
                host = 10.0.0.5
                discovery.addresses = 10.0.0.5:47500..47509, 10.0.0.6:47500..47509,10.0.0.7:47500..47509
                failure-detection = 10s
                metrics.update = 250ms
                stealing.max-attempts = 3
                join.timeout = PT1M
                """);
        NodeConfig c = NodeConfig.read(f);
        assertThat(c.name()).isEqualTo("alpha");
        assertThat(c.parallelism()).isEqualTo(8);
        assertThat(c.jars()).isEqualTo(Path.of("/opt/app/jars"));
        ClusterConfig k = c.cluster();
        assertThat(k.host()).isEqualTo("10.0.0.5");
        assertThat(k.discoveryAddresses()).containsExactly("10.0.0.5:47500..47509", "10.0.0.6:47500..47509",
                "10.0.0.7:47500..47509");
        assertThat(k.failureDetection()).isEqualTo(Duration.ofSeconds(10));
        assertThat(k.metricsUpdate()).isEqualTo(Duration.ofMillis(250));
        assertThat(k.maxStealingAttempts()).isEqualTo(3);
        assertThat(k.joinTimeout()).isEqualTo(Duration.ofMinutes(1));
        assertThat(k.discoveryPort()).isEqualTo(47500);
        assertThat(k.messageExpire()).isEqualTo(ClusterConfig.loopback().messageExpire());
    }

    @Test
    void anEmptyFileIsALoopbackNode() {
        NodeConfig c = NodeConfig.parse(new Properties());
        assertThat(c.name()).isEqualTo("node-127.0.0.1");
        assertThat(c.cluster().effectiveDiscoveryAddresses()).containsExactly("127.0.0.1:47500..47509");
        assertThat(c.jars()).isNull();
    }

    @Test
    void whatIsWrittenIsReadBack() {
        NodeConfig c = new NodeConfig("node-2", 3, dir, ClusterConfig.loopback().withPorts(47600, 47200)
                .withFailureDetection(Duration.ofMillis(4500)).withDiscoveryAddresses(List.of("127.0.0.1:47600..47609")));
        Path f = dir.resolve("n.properties");
        c.write(f);
        NodeConfig back = NodeConfig.read(f);
        assertThat(back.toMap()).isEqualTo(c.toMap());
        assertThat(back.cluster().failureDetection()).isEqualTo(Duration.ofMillis(4500));
        assertThat(back.cluster().communicationPort()).isEqualTo(47200);
    }

    @Test
    void aMisspeltKeyIsAnErrorNamingIt() throws IOException {
        Path f = dir.resolve("bad.properties");
        Files.writeString(f, "failure.detection = 5s\n");
        assertThatThrownBy(() -> NodeConfig.read(f)).isInstanceOf(ClusterException.class)
                .hasMessageContaining("unknown key [failure.detection]").hasMessageContaining("failure-detection");
    }

    @Test
    void aBadValueNamesItsKey() throws IOException {
        Path f = dir.resolve("bad.properties");
        Files.writeString(f, "failure-detection = soon\n");
        assertThatThrownBy(() -> NodeConfig.read(f)).isInstanceOf(ClusterException.class)
                .hasMessageContaining("failure-detection: 'soon' is not a duration");
        Files.writeString(f, "node.parallelism = many\n");
        assertThatThrownBy(() -> NodeConfig.read(f)).hasMessageContaining("node.parallelism: 'many' is not a whole number");
        Files.writeString(f, "node.parallelism = 0\n");
        assertThatThrownBy(() -> NodeConfig.read(f)).hasMessageContaining("node.parallelism must be in 1..4096");
    }
}
