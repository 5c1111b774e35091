package dev.strand;

/** How many tasks a thief takes from a victim in one steal. */
public enum StealPolicy {
    /** Take the oldest task (classic Chase-Lev steal; the Blumofe-Leiserson model). */
    ONE,
    /**
     * Take up to half of the victim's tasks (capped by {@link ExperimentalSettings#stealHalfLimit()}), run the
     * oldest and queue the rest locally: fewer steals on bursty or irregular work (Go's runqsteal).
     */
    HALF
}
