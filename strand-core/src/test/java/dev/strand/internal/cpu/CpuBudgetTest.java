package dev.strand.internal.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuBudgetTest {

    @Test
    void cgroupV2Quota() {
        assertThat(CpuBudget.parseV2("max 100000")).isNegative();
        assertThat(CpuBudget.parseV2("150000 100000")).isEqualTo(1.5);
        assertThat(CpuBudget.parseV2("  200000   100000\n")).isEqualTo(2.0);
        assertThat(CpuBudget.parseV2("50000")).isEqualTo(0.5);     // period defaults to 100 ms
        assertThat(CpuBudget.parseV2("garbage 1")).isNegative();
        assertThat(CpuBudget.parseV2("0 100000")).isNegative();
        assertThat(CpuBudget.parseV2(null)).isNegative();
    }

    @Test
    void cgroupV1Quota() {
        assertThat(CpuBudget.parseV1("-1", "100000")).isNegative();
        assertThat(CpuBudget.parseV1("250000", "100000")).isEqualTo(2.5);
        assertThat(CpuBudget.parseV1("x", "100000")).isNegative();
        assertThat(CpuBudget.parseV1("100000", null)).isNegative();
    }

    @Test
    void theQuotaBoundsTheProcessors() {
        assertThat(CpuBudget.bound(8, -1)).isEqualTo(8);
        assertThat(CpuBudget.bound(8, 1.5)).isEqualTo(2);        // rounded up
        assertThat(CpuBudget.bound(8, 2.0)).isEqualTo(2);
        assertThat(CpuBudget.bound(2, 16)).isEqualTo(2);         // never above the processors
        assertThat(CpuBudget.bound(4, 0.2)).isEqualTo(1);        // never below one
        assertThat(CpuBudget.bound(0, -1)).isEqualTo(1);
        assertThat(CpuBudget.cores()).isBetween(1, Runtime.getRuntime().availableProcessors());
    }

    @Test
    void readsEitherLayout(@TempDir Path root) throws Exception {
        assertThat(CpuBudget.quota(root)).isNegative();          // no files: no quota
        Path v1 = Files.createDirectories(root.resolve("cpu,cpuacct"));
        Files.writeString(v1.resolve("cpu.cfs_quota_us"), "300000\n");
        Files.writeString(v1.resolve("cpu.cfs_period_us"), "100000\n");
        assertThat(CpuBudget.quota(root)).isEqualTo(3.0);
        Files.writeString(root.resolve("cpu.max"), "100000 100000\n");
        assertThat(CpuBudget.quota(root)).isEqualTo(1.0);        // v2 first
        Files.writeString(root.resolve("cpu.max"), "max 100000\n");
        assertThat(CpuBudget.quota(root)).isEqualTo(3.0);        // unlimited in v2: v1 decides
    }

    @Test
    void poolsRegisterTheirWorkers() {
        int before = Oversubscription.workers();
        Oversubscription.add(CpuBudget.cores() + 1);
        try {
            assertThat(Oversubscription.workers()).isEqualTo(before + CpuBudget.cores() + 1);
            assertThat(Oversubscription.active()).isTrue();       // more workers than cores
        } finally {
            Oversubscription.remove(CpuBudget.cores() + 1);
        }
        assertThat(Oversubscription.workers()).isEqualTo(before);
    }
}
