package dev.strand.internal.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SysfsTopologyTest {

    @TempDir
    Path sys;

    private void write(String path, String text) throws IOException {
        Path p = sys.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text + "\n");
    }

    /** CPU c: its SMT siblings, its socket, its last-level cache's CPUs, as Linux lays them out. */
    private void cpu(int c, String siblings, int socket, String llc) throws IOException {
        String d = "cpu/cpu" + c + "/";
        write(d + "topology/thread_siblings_list", siblings);
        write(d + "topology/physical_package_id", "" + socket);
        write(d + "topology/core_id", "" + c % 4);
        write(d + "cache/index0/level", "1");
        write(d + "cache/index0/type", "Data");
        write(d + "cache/index0/shared_cpu_list", siblings);
        write(d + "cache/index1/level", "1");
        write(d + "cache/index1/type", "Instruction");
        write(d + "cache/index1/shared_cpu_list", siblings);
        write(d + "cache/index3/level", "3");
        write(d + "cache/index3/type", "Unified");
        write(d + "cache/index3/shared_cpu_list", llc);
    }

    /** Two sockets of four cores with two threads each, Linux numbering (siblings c and c+8). */
    private void twoSockets() throws IOException {
        for (int c = 0; c < 16; c++) {
            int core = c % 8;
            int socket = core / 4;
            cpu(c, core + "," + (core + 8), socket, socket == 0 ? "0-3,8-11" : "4-7,12-15");
        }
        write("cpu/online", "0-15");
        write("node/node0/cpulist", "0-3,8-11");
        write("node/node1/cpulist", "4-7,12-15");
    }

    @Test
    void twoSocketsWithSmt() throws IOException {
        twoSockets();
        Topology t = SysfsTopology.read(sys, null);
        assertThat(t.places()).isEqualTo(16);
        assertThat(t.levels()).isEqualTo(2);              // core, then llc = node = package
        assertThat(t.levelName(0)).isEqualTo("core");
        assertThat(t.levelName(1)).isEqualTo("llc");
        assertThat(t.groups(0)).isEqualTo(8);
        assertThat(t.groups(1)).isEqualTo(2);
        // topology order: siblings next to each other, sockets contiguous
        assertThat(t.cpu(0)).isZero();
        assertThat(t.cpu(1)).isEqualTo(8);
        assertThat(t.distance(0, 1)).isZero();            // SMT siblings
        assertThat(t.distance(0, 2)).isEqualTo(1);        // same socket
        assertThat(t.distance(0, 8)).isEqualTo(2);        // other socket
        assertThat(t.toString()).contains("llc: 0-3,8-11 | 4-7,12-15");
    }

    @Test
    void onlyOnlineAndAllowedCpusArePlaces() throws IOException {
        twoSockets();
        write("cpu/online", "0-14");
        Topology t = SysfsTopology.read(sys, "0-7");      // the affinity mask: no SMT siblings
        assertThat(t.places()).isEqualTo(8);
        assertThat(t.levels()).isEqualTo(1);              // each core alone: the core level drops
        assertThat(t.groups(0)).isEqualTo(2);
        assertThat(SysfsTopology.read(sys, "3").isFlat()).isTrue();
    }

    @Test
    void thisMachineIsFlat() throws IOException {
        // two cores, private L1 and L2, one shared L3, one node: nothing to group
        cpu(0, "0", 0, "0-1");
        cpu(1, "1", 0, "0-1");
        write("cpu/cpu0/cache/index2/level", "2");
        write("cpu/cpu0/cache/index2/type", "Unified");
        write("cpu/cpu0/cache/index2/shared_cpu_list", "0");
        write("cpu/online", "0-1");
        write("node/node0/cpulist", "0-1");
        Topology t = SysfsTopology.read(sys, "0-1");
        assertThat(t.places()).isEqualTo(2);
        assertThat(t.isFlat()).isTrue();
    }

    @Test
    void missingFilesLeaveTheirLevelOut() throws IOException {
        assertThat(SysfsTopology.read(sys, null)).isNull();   // no CPU at all
        write("cpu/cpu0/topology/core_id", "0");
        write("cpu/cpu1/topology/core_id", "1");
        write("node/node0/cpulist", "0");
        write("node/node1/cpulist", "1");
        Topology t = SysfsTopology.read(sys, null);
        assertThat(t.places()).isEqualTo(2);
        assertThat(t.levels()).isEqualTo(1);                  // a NUMA node per CPU: two groups
        assertThat(t.levelName(0)).isEqualTo("node");
    }

    @Test
    void allowedListFromProcStatus() {
        String status = "Name:\tjava\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\nMems_allowed:\t1\n";
        assertThat(SysfsTopology.allowedFromStatus(status)).isEqualTo("0-1");
        assertThat(SysfsTopology.allowedFromStatus("Name:\tjava\n")).isNull();
        assertThat(SysfsTopology.allowedFromStatus(null)).isNull();
    }

    @Test
    void theMachineTopologyCoversTheAvailableProcessorsOrLess() {
        Topology m = SysfsTopology.machine();
        assertThat(m.places()).isPositive();
        assertThat(Topology.of("machine")).isSameAs(m);
    }
}
