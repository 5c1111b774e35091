package dev.strand.internal.deque;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link DequeStress} on {@link ChaseLevDeque}: every element obtained exactly once. The deque
 * starts at capacity 1, so it grows (while thieves read it) many times; the owner's pops keep it
 * hovering near empty, where pop and steal race for the last element.
 */
class ChaseLevDequeStressTest {

    @ParameterizedTest(name = "split={0}")
    @ValueSource(booleans = {false, true})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyElementObtainedExactlyOnce(boolean split) throws Exception {
        DequeStress<ChaseLevDeque<Integer>> stress = new DequeStress<>(ChaseLevDeque::steal,
                () -> new ChaseLevDeque<>(1, split, null), false);
        // Shallow: the deque stays near empty (last-element races). Deep: bursts grow it far.
        // Repeat for about three seconds (at least once each); a run takes well under a second.
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
        long stolen = 0;
        do {
            stolen += stress.run(new ChaseLevDeque<>(1, split, null), 1_000_000, 0.55, 1);
            stolen += stress.run(new ChaseLevDeque<>(1, split, null), 500_000, 0.50, 200);
        } while (System.nanoTime() < deadline);
        assertThat(stolen).as("thieves took something (the test exercised races)").isPositive();
    }
}
