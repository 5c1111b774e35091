package dev.strand.internal.deque;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link DequeStress} on {@link BwosDeque}: every element obtained exactly once. Small deques (4
 * blocks of 4 slots, or 2 of 1) make the owner cross block boundaries, take blocks back from the
 * thieves and reuse every block many thousands of times (round wrap-around); a push refused
 * because the deque is full is run inline by the owner, as a scheduler does.
 */
class BwosDequeStressTest {

    @ParameterizedTest(name = "blocks={0} size={1} shareOnRequest={2}")
    @CsvSource({"4, 4, false", "4, 4, true", "2, 1, false", "2, 1, true"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyElementObtainedExactlyOnce(int blocks, int blockSize, boolean share) throws Exception {
        DequeStress<BwosDeque<Integer>> stress =
                new DequeStress<>(BwosDeque::steal, () -> new BwosDeque<>(2, 8), true);
        // Shallow: the owner pops about as often as it pushes (block boundary thrashing).
        // Deep: bursts fill the deque to its capacity. About a second each, at least one run.
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(700);
        long stolen = 0;
        do {
            stolen += run(stress, new BwosDeque<>(blocks, blockSize, share, null), 300_000, 0.55, 1);
            stolen += run(stress, new BwosDeque<>(blocks, blockSize, share, null), 200_000, 0.45, 12);
        } while (System.nanoTime() < deadline);
        assertThat(stolen).as("thieves took something (the test exercised races)").isPositive();
    }

    private static long run(DequeStress<BwosDeque<Integer>> stress, BwosDeque<Integer> deque, int n,
            double popChance, int burst) throws InterruptedException {
        long stolen = stress.run(deque, n, popChance, burst);
        assertThat(deque.ownerBlockCounter()).as("blocks were reused (wrap-around)")
                .isGreaterThan(4L * deque.blockCount());
        return stolen;
    }
}
