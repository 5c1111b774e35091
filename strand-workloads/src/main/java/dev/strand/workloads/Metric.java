package dev.strand.workloads;

/** What one run of a kernel measures. Lower is better for every metric. */
public enum Metric {
    /** Wall-clock time of the run, in milliseconds. */
    TIME("ms"),
    /** Submit-to-start latency on an idle pool, in microseconds (median of the run's samples). */
    LATENCY("us"),
    /** CPU used by the pool's threads while idle, in % of one core. */
    IDLE_CPU("%"),
    /** Time from a fresh JVM's launch to the line carrying its result, in milliseconds. */
    FIRST_RESULT("ms");

    private final String unit;

    Metric(String unit) {
        this.unit = unit;
    }

    /** @return the unit of the value: ms, us or % */
    public String unit() {
        return unit;
    }
}
