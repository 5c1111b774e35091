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
        assertThat(Arrays.stream(ExperimentalSettings.class.getDeclaredConstructors())
                .noneMatch(c -> Modifier.isPublic(c.getModifiers()))).isTrue();
        assertThat(PoolConfig.class.isRecord()).isFalse();
    }

    /**
     * {@code new StrandPool(n)} makes its configuration without the builder (a fresh JVM's start
     * path): the same settings, the same name sequence, the same range checks.
     */
    @Test
    void theConstructorsDefaultsAreTheBuilders() {
        PoolConfig direct = PoolConfig.defaults(3);
        PoolConfig built = StrandPool.builder().name(direct.name()).parallelism(3).config();
        assertThat(direct).isEqualTo(built).hasSameHashCodeAs(built);
        assertThat(direct.toString()).isEqualTo(built.toString());
        // the settings it holds as null (their classes unloaded) read as the defaults
        assertThat(direct.multiprogramming()).isEqualTo(Multiprogramming.AUTO);
        assertThat(direct.tuning().deque()).isEqualTo(DequeKind.CHASE_LEV);
        assertThat(direct.tuning().stealPolicy()).isEqualTo(StealPolicy.ONE);
        assertThat(direct.tuning().joinPolicy()).isEqualTo(JoinPolicy.GREEDY);
        assertThat(direct.tuning()).hasSameHashCodeAs(built.tuning()).hasToString(built.tuning().toString());
        assertThat(direct.tuning()).isEqualTo(built.tuning());
        assertThat(direct.experimental()).isEqualTo(built.experimental());
        assertThat(direct.name()).matches("pool-[1-9]\\d*");
        assertThat(PoolConfig.defaults(3).name()).matches("pool-[1-9]\\d*").isNotEqualTo(direct.name());
        for (int bad : new int[] {0, -1, 32768}) {
            assertThatThrownBy(() -> new StrandPool(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("parallelism must be in [1, 32767], got " + bad);
        }
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
        assertThat(t.stealPaceNanos()).isEqualTo(PoolConfig.Tuning.DEFAULT_STEAL_PACE_NANOS);
        assertThat(dev.strand.internal.steal.StealPace.MAX_PACE_NANOS)     // the engine's own copy
                .isEqualTo(PoolConfig.Tuning.MAX_STEAL_PACE_NANOS);
        assertThat(t.spawnBound()).isEqualTo(PoolConfig.Tuning.DEFAULT_SPAWN_BOUND);
        assertThat(t.topology()).isNull();
        // the defaults a builder that set no tuning gets are the builder's own
        assertThat(StrandPool.builder().tuning(u -> { }).config().tuning()).isEqualTo(t).hasSameHashCodeAs(t)
                .hasToString(t.toString());
        assertThat(t.deque()).isEqualTo(DequeKind.CHASE_LEV);
        assertThat(t.bwosBlocks()).isEqualTo(PoolConfig.Tuning.DEFAULT_BWOS_BLOCKS);
        assertThat(t.bwosBlockSize()).isEqualTo(PoolConfig.Tuning.DEFAULT_BWOS_BLOCK_SIZE);
        ExperimentalSettings x = c.experimental();
        assertThat(x.splitDeques()).isFalse();
        assertThat(x.maxSearchers()).isEqualTo(3);   // half the workers
        assertThat(x.spinRounds()).isEqualTo(ExperimentalSettings.DEFAULT_SPIN_ROUNDS);
        assertThat(x.stealHalfLimit()).isEqualTo(ExperimentalSettings.DEFAULT_STEAL_HALF_LIMIT);
        // the defaults, whether or not the builder was asked for them
        assertThat(StrandPool.builder().parallelism(6).experimental(e -> { }).config().experimental()).isEqualTo(x);
        assertThat(c.toString()).doesNotContain("Experimental");
    }

    @Test
    void experimentalSettingsAreBehindTheirOwnDoor() {
        PoolConfig a = StrandPool.builder().name("x").parallelism(4)
                .experimental(e -> e.spinRounds(3).maxSearchers(1))
                .experimental(e -> e.stealHalfLimit(8).splitDeques(true)).config();
        ExperimentalSettings x = a.experimental();
        assertThat(x.spinRounds()).isEqualTo(3);
        assertThat(x.maxSearchers()).isEqualTo(1);
        assertThat(x.stealHalfLimit()).isEqualTo(8);
        assertThat(x.splitDeques()).isTrue();
        PoolConfig b = StrandPool.builder().name("x").parallelism(4)
                .experimental(e -> e.spinRounds(3).maxSearchers(1).stealHalfLimit(8).splitDeques(true)).config();
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(StrandPool.builder().name("x").parallelism(4).config());
        assertThat(a.toString()).contains("spinRounds=3").contains("splitDeques=true");
        assertThat(a.tuning()).isEqualTo(StrandPool.builder().config().tuning());
        assertThatThrownBy(() -> StrandPool.builder().experimental(null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("experimental");
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
        assertThatThrownBy(() -> StrandPool.builder().tuning(t -> t.deque(DequeKind.BWOS))
                .experimental(x -> x.splitDeques(true)).config())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BWOS").hasMessageContaining("splitDeques");
        assertThatThrownBy(() -> StrandPool.builder().tuning(t -> t.deque(null)).config())
                .isInstanceOf(NullPointerException.class).hasMessageContaining("deque");
        // Split deques stay available with Chase-Lev, and the ring's shape is ignored there.
        assertThat(StrandPool.builder().tuning(t -> t.bwosBlockSize(1)).experimental(x -> x.splitDeques(true))
                .config().experimental().splitDeques()).isTrue();
    }

    @Test
    void tuningCallsAddUpAndConfigsCompareByValue() {
        PoolConfig a = StrandPool.builder().name("x").parallelism(2)
                .tuning(t -> t.stealPolicy(StealPolicy.HALF))
                .tuning(t -> t.spawnBound(1000).runNext(true))
                .config();
        assertThat(a.tuning().stealPolicy()).isEqualTo(StealPolicy.HALF);
        assertThat(a.tuning().spawnBound()).isEqualTo(1000);
        assertThat(a.tuning().runNext()).isTrue();
        PoolConfig b = StrandPool.builder().name("x").parallelism(2)
                .tuning(t -> t.stealPolicy(StealPolicy.HALF).spawnBound(1000).runNext(true)).config();
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(StrandPool.builder().name("y").parallelism(2).config());
        assertThat(a.toString()).contains("name=x").contains("stealPolicy=HALF").contains("spawnBound=1000");
    }

    @Test
    void badSettingsAreNamed() {
        String[][] cases = {
            {"parallelism", "0"}, {"stackSize", "-1"}, {"keepAlive", "0"}, {"stealHalfLimit", "0"},
            {"spawnBound", "0"}, {"spawnBound", "1073741825"}, {"spinRounds", "-1"}, {"stealPaceNanos", "-1"},
            {"stealPaceNanos", "1000001"}, {"maxSearchers", "0"}, {"maxSearchers", "-2"},
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
                case "stealHalfLimit" -> b.experimental(x -> x.stealHalfLimit(v));
                case "spawnBound" -> b.tuning(t -> t.spawnBound(v));
                case "spinRounds" -> b.experimental(x -> x.spinRounds(v));
                case "stealPaceNanos" -> b.tuning(t -> t.stealPaceNanos(v));
                case "maxSpares" -> b.maxSpares(v);
                case "bwosBlocks" -> b.tuning(t -> t.bwosBlocks(v));
                case "bwosBlockSize" -> b.tuning(t -> t.bwosBlockSize(v));
                default -> b.experimental(x -> x.maxSearchers(v));
            }
            assertThatThrownBy(b::config).as(c[0]).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(c[0]).hasMessageContaining(c[1]);
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
