package dev.strand.cluster.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DurationEstimatorTest {

    @Test
    void noEstimateBeforeTheFirstJobOfAKind() {
        assertThat(new DurationEstimator().estimate("a", 1)).isNull();
    }

    @Test
    void exponentiallyWeightedPerUnitOfWork() {
        DurationEstimator e = new DurationEstimator(0.5);
        e.observe("a", 2, 200);           // 100 ns per unit
        assertThat(e.estimate("a", 3)).isEqualTo(300);
        e.observe("a", 1, 300);           // 300 per unit: mean 0.5*100 + 0.5*300 = 200
        assertThat(e.nanosPerWork("a")).isEqualTo(200.0);
        assertThat(e.estimate("a", 1)).isEqualTo(200);
        assertThat(e.estimate("b", 1)).isNull();
    }

    @Test
    void theFirstBatchStartsFromThePriorAndLearnsFromEachJob() {
        DurationEstimator e = new DurationEstimator(0.5, 1_000);
        assertThat(e.estimateOrPrior("a", 2)).isEqualTo(2_000.0);     // the prior, per unit of work
        e.observe("a", 1, 100);                                        // the first job replaces it
        assertThat(e.estimateOrPrior("a", 2)).isEqualTo(200.0);
        e.observe("a", 1, 300);                                        // and each next one moves it
        assertThat(e.estimateOrPrior("a", 2)).isEqualTo(400.0);
        assertThat(new DurationEstimator().estimateOrPrior("b", 1))
                .isEqualTo(DurationEstimator.DEFAULT_PRIOR_NANOS_PER_WORK);
        assertThatThrownBy(() -> new DurationEstimator(0.5, -1)).hasMessageContaining("prior");
    }

    @Test
    void rejectsBadObservations() {
        DurationEstimator e = new DurationEstimator();
        assertThatThrownBy(() -> e.observe("a", 0, 1)).hasMessageContaining("work");
        assertThatThrownBy(() -> e.observe("a", 1, -1)).hasMessageContaining("nanos");
        assertThatThrownBy(() -> new DurationEstimator(0)).hasMessageContaining("alpha");
    }
}
