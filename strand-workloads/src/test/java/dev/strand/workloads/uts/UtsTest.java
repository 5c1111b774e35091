package dev.strand.workloads.uts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.strand.StrandPool;
import java.security.MessageDigest;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

class UtsTest {

    @Test
    void handInlinedSha1MatchesMessageDigest() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-1");
        Random rnd = new Random(1);
        for (int k = 0; k < 200; k++) {
            byte[] state = new byte[20];
            rnd.nextBytes(state);
            int suffix = rnd.nextInt();
            md.update(state);
            md.update(new byte[] {(byte) (suffix >>> 24), (byte) (suffix >>> 16), (byte) (suffix >>> 8),
                (byte) suffix});
            assertThat(Sha1Rng.childOf(state, suffix).digest()).isEqualTo(md.digest());
        }
        for (int seed : new int[] {0, 19, 42, -1}) {
            byte[] msg = new byte[20];
            msg[16] = (byte) (seed >>> 24);
            msg[17] = (byte) (seed >>> 16);
            msg[18] = (byte) (seed >>> 8);
            msg[19] = (byte) seed;
            assertThat(Sha1Rng.root(seed).digest()).isEqualTo(md.digest(msg));
        }
    }

    @Test
    void t1HasThePublishedNodeCount() {
        assertThat(Uts.serial(UtsParams.parse("-t 1 -a 3 -d 10 -b 4 -r 19"))).isEqualTo(4_130_071L);
    }

    @Test
    void t3HasThePublishedNodeCount() {
        assertThat(Uts.serial(UtsParams.parse("-t 0 -b 2000 -q 0.124875 -m 8 -r 42"))).isEqualTo(4_112_897L);
    }

    @Test
    void t5LinearShapeHasThePublishedNodeCount() {
        assertThat(Uts.serial(UtsParams.parse("T5"))).isEqualTo(4_147_582L);
    }

    @Test
    void parallelVersionsCountLikeSerial() {
        for (String spec : new String[] {"-t 1 -a 3 -d 7 -b 4 -r 19", "-t 0 -b 2000 -q 0.1 -m 8 -r 42",
            "-t 1 -a 0 -d 10 -b 4 -r 19",
            // 2,745,281 nodes, 1572 levels deep: the parallel versions nest that many joins
            "-t 0 -b 200 -q 0.124875 -m 8 -r 42"}) {
            UtsParams t = UtsParams.parse(spec);
            long want = Uts.serial(t);
            assertThat(want).isGreaterThan(1000);
            try (StrandPool sp = new StrandPool(2); ForkJoinPool fp = new ForkJoinPool(2)) {
                assertThat(sp.invoke(() -> Uts.strand(t))).as(spec).isEqualTo(want);
                Uts.FjpNode f = Uts.fjpTask(t);
                fp.invoke(f);
                assertThat(f.count).as(spec).isEqualTo(want);
            }
        }
    }

    @Test
    void parsesNamedTreesAndRejectsBadOptions() {
        assertThat(UtsParams.parse("T1")).isEqualTo(UtsParams.parse(UtsParams.T1));
        assertThat(UtsParams.parse("t3").publishedNodes()).isEqualTo(4_112_897L);
        assertThat(UtsParams.parse("T1").toString()).isEqualTo("-t 1 -a 3 -d 10 -b 4 -r 19");
        assertThat(UtsParams.parse("T3").toString()).isEqualTo("-t 0 -b 2000 -q 0.124875 -m 8 -r 42");
        assertThatThrownBy(() -> UtsParams.parse("-x 3")).hasMessageContaining("unknown UTS option '-x'");
        assertThatThrownBy(() -> UtsParams.parse("-d")).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> UtsParams.parse("-a 2")).hasMessageContaining("-a must be");
        assertThatThrownBy(() -> UtsParams.parse("-t 0 -q 1.5")).hasMessageContaining("-q must be in [0, 1]");
    }
}
