package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The configuration is made only by its builder, validated, and groups the scheduler's knobs. */
class PoolConfigTest {

    @Test
    void onlyTheBuilderMakesAConfiguration() {
        assertThat(Arrays.stream(PoolConfig.class.getDeclaredConstructors())
                .noneMatch(c -> Modifier.isPublic(c.getModifiers()))).isTrue();
        assertThat(Arrays.stream(PoolConfig.Tuning.class.getDeclaredConstructors())
                .noneMatch(c -> Modifier.isPublic(c.getModifiers()))).isTrue();
        assertThat(PoolConfig.class.isRecord()).isFalse();
    }

    @Test
    void defaults() {
        PoolConfig c = StrandPool.builder().parallelism(6).config();
        assertThat(c.daemon()).isTrue();
        assertThat(c.stackSize()).isZero();
        assertThat(c.keepAliveNanos()).isEqualTo(PoolConfig.DEFAULT_KEEP_ALIVE_NANOS);
        assertThat(c.listener()).isNull();
        assertThat(c.maxSpares()).isEqualTo(PoolConfig.DEFAULT_MAX_SPARES);
        assertThat(c.multiprogramming()).isEqualTo(Multiprogramming.AUTO);
        PoolConfig.Tuning t = c.tuning();
        assertThat(t.stealPolicy()).isEqualTo(StealPolicy.ONE);
        assertThat(t.joinPolicy()).isEqualTo(JoinPolicy.GREEDY);
        assertThat(t.lazySplitting()).isTrue();
        assertThat(t.splitDeques()).isFalse();
        assertThat(t.stealPaceNanos()).isEqualTo(PoolConfig.Tuning.DEFAULT_STEAL_PACE_NANOS);
        assertThat(t.maxSearchers()).isEqualTo(3);   // half the workers
        assertThat(t.deque()).isEqualTo(DequeKind.CHASE_LEV);
        assertThat(t.bwosBlocks()).isEqualTo(PoolConfig.Tuning.DEFAULT_BWOS_BLOCKS);
        assertThat(t.bwosBlockSize()).isEqualTo(PoolConfig.Tuning.DEFAULT_BWOS_BLOCK_SIZE);
    }

    @Test
    void bwosDequeSettings() {
        PoolConfig a = StrandPool.builder().name("x").parallelism(2)
                .tuning(t -> t.deque(DequeKind.BWOS).bwosBlocks(4).bwosBlockSize(8)).config();
        assertThat(a.tuning().deque()).isEqualTo(DequeKind.BWOS);
        assertThat(a.tuning().bwosBlocks()).isEqualTo(4);
        assertThat(a.tuning().bwosBlockSize()).isEqualTo(8);
        PoolConfig b = StrandPool.builder().name("x").parallelism(2)
                .tuning(t -> t.deque(DequeKind.BWOS).bwosBlocks(4).bwosBlockSize(8)).config();
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(StrandPool.builder().name("x").parallelism(2).config());
        assertThat(a).isNotEqualTo(StrandPool.builder().name("x").parallelism(2)
                .tuning(t -> t.deque(DequeKind.BWOS).bwosBlocks(4).bwosBlockSize(16)).config());
        assertThat(a.toString()).contains("deque=BWOS").contains("bwosBlocks=4").contains("bwosBlockSize=8");
        // A BWoS ring keeps the owner's block private already: split deques on top are refused.
        assertThatThrownBy(() -> StrandPool.builder()
                .tuning(t -> t.deque(DequeKind.BWOS).splitDeques(true)).config())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BWOS").hasMessageContaining("splitDeques");
        assertThatThrownBy(() -> StrandPool.builder().tuning(t -> t.deque(null)).config())
                .isInstanceOf(NullPointerException.class).hasMessageContaining("deque");
        // Split deques stay available with Chase-Lev, and the ring's shape is ignored there.
        assertThat(StrandPool.builder().tuning(t -> t.splitDeques(true).bwosBlockSize(1)).config()
                .tuning().splitDeques()).isTrue();
    }

    @Test
    void tuningCallsAddUpAndConfigsCompareByValue() {
        PoolConfig a = StrandPool.builder().name("x").parallelism(2)
                .tuning(t -> t.stealPolicy(StealPolicy.HALF))
                .tuning(t -> t.spinRounds(3).maxSearchers(2))
                .config();
        assertThat(a.tuning().stealPolicy()).isEqualTo(StealPolicy.HALF);
        assertThat(a.tuning().spinRounds()).isEqualTo(3);
        assertThat(a.tuning().maxSearchers()).isEqualTo(2);
        PoolConfig b = StrandPool.builder().name("x").parallelism(2)
                .tuning(t -> t.stealPolicy(StealPolicy.HALF).spinRounds(3).maxSearchers(2)).config();
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(StrandPool.builder().name("y").parallelism(2).config());
        assertThat(a.toString()).contains("name=x").contains("stealPolicy=HALF").contains("spinRounds=3");
    }

    @Test
    void badSettingsAreNamed() {
        String[][] cases = {
            {"parallelism", "0"}, {"stackSize", "-1"}, {"keepAlive", "0"}, {"stealHalfLimit", "0"},
            {"spawnBound", "0"}, {"spinRounds", "-1"}, {"stealPaceNanos", "-1"}, {"maxSearchers", "0"},
            {"maxSpares", "-1"}, {"maxSpares", "40000"}, {"bwosBlocks", "1"}, {"bwosBlocks", "65537"},
            {"bwosBlockSize", "0"}, {"bwosBlockSize", "65537"},
        };
        for (String[] c : cases) {
            int v = Integer.parseInt(c[1]);
            PoolConfig.Builder b = StrandPool.builder();
            switch (c[0]) {
                case "parallelism" -> b.parallelism(v);
                case "stackSize" -> b.stackSize(v);
                case "keepAlive" -> b.keepAlive(Duration.ofNanos(v));
                case "stealHalfLimit" -> b.tuning(t -> t.stealHalfLimit(v));
                case "spawnBound" -> b.tuning(t -> t.spawnBound(v));
                case "spinRounds" -> b.tuning(t -> t.spinRounds(v));
                case "stealPaceNanos" -> b.tuning(t -> t.stealPaceNanos(v));
                case "maxSpares" -> b.maxSpares(v);
                case "bwosBlocks" -> b.tuning(t -> t.bwosBlocks(v));
                case "bwosBlockSize" -> b.tuning(t -> t.bwosBlockSize(v));
                default -> b.tuning(t -> t.maxSearchers(v));
            }
            assertThatThrownBy(b::config).as(c[0]).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(c[0]);
        }
        assertThatThrownBy(() -> StrandPool.builder().name(" ").config())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name");
        assertThatThrownBy(() -> StrandPool.builder().name(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> StrandPool.builder().tuning(t -> t.stealPolicy(null)).config())
                .isInstanceOf(NullPointerException.class).hasMessageContaining("stealPolicy");
        assertThatThrownBy(() -> StrandPool.builder().tuning(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> StrandPool.builder().multiprogramming(null).config())
                .isInstanceOf(NullPointerException.class).hasMessageContaining("multiprogramming");
    }
}
