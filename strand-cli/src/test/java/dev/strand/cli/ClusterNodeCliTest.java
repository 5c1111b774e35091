package dev.strand.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strand cluster node}: its help, and a bad configuration refused before anything starts. */
class ClusterNodeCliTest {

    @TempDir
    Path dir;

    @Test
    void theHelpExplainsTheFileKeyByKey() {
        CliTest.Run r = CliTest.run("cluster", "node", "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("--config=FILE", "node.jars", "discovery.addresses", "failure-detection",
                "until the process is stopped", "docs/cluster.md");
    }

    @Test
    void withoutAConfigurationItExits2() {
        CliTest.Run r = CliTest.run("cluster", "node");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.errLines()).containsExactly("strand cluster node: Missing required option: '--config=FILE' "
                + "(see 'strand cluster node --help')");
    }

    @Test
    void aMisspeltKeyExits2NamingIt() throws IOException {
        Path f = dir.resolve("node.properties");
        Files.writeString(f, "host = 10.0.0.5\nfailure.detection = 5s\n");
        CliTest.Run r = CliTest.run("cluster", "node", "--config", f.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).singleElement().satisfies(l -> assertThat(l)
                .startsWith("strand cluster node: Invalid value for option '--config': " + f + ": unknown key "
                        + "[failure.detection]")
                .endsWith("(see 'strand cluster node --help')"));
    }

    @Test
    void aMissingFileExits2() {
        CliTest.Run r = CliTest.run("cluster", "node", "--config", dir.resolve("none.properties").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("could not read the node configuration");
    }
}
