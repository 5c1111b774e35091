package dev.strand.internal.steal;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One worker's steal pacing (see the package essay): after a stolen task that ran for less than
 * the current pace, wait out the rest before looking for work again; each such tiny steal doubles
 * the pace, a longer one resets it. Owner only: the pace is its worker's.
 */
public final class StealPace {
    /** A pace backs off to at most this many times the configured one. */
    public static final int PACE_BACKOFF_LIMIT = 16;
    /**
     * The largest pace, configured or backed off to: the configuration's largest
     * ({@code PoolConfig.Tuning.MAX_STEAL_PACE_NANOS}, equal by test).
     */
    public static final long MAX_PACE_NANOS = 1_000_000;
    /** The configured pace; 0 turns pacing off. */
    private final long base;
    /** The pace now: {@link #base}, doubled after each tiny steal up to the cap. */
    private long pace;

    /**
     * @param base      the configured pace in nanoseconds
     *                  ({@code PoolConfig.Tuning.stealPaceNanos()}); 0: none
     * @param board     the pool's board, where this worker counts itself while backed off; null:
     *                  not counted
     * @param askOwners asks every other owner to offer at its next split point, and answers
     *                  whether work is visible now (the sleep protocol's re-scan does both)
     */
    public StealPace(long base, StealBoard board, BooleanSupplier askOwners) {
        assert 0 <= base && base <= MAX_PACE_NANOS : "pace out of range: " + base;
        this.base = base;
        this.pace = base;
        this.board = board;
        this.askOwners = askOwners;
    }

    private final StealBoard board;
    private final BooleanSupplier askOwners;
    /** Whether this worker is counted on the board as backed off. */
    private boolean counted;

    /**
     * The test an owner makes at a pop-back, whether to offer again. The board counts this worker
     * too while it is backed off, and a backed-off thief that then runs a task of its own (a
     * submission, or the next {@code invoke}) stays counted until a look ends its back-off: it
     * must not count itself among the others, or it would never offer again.
     *
     * @param others how many other workers could take an offer
     * @return whether all of them are backed off after tiny steals (a hint)
     */
    public boolean othersBackedOff(int others) {
        return board != null && board.othersBackedOff(others + (counted ? 1 : 0));
    }

    /** The worker retires (its thread exits): it leaves the board's count. */
    public void retire() {
        count(false);
    }

    private void count(boolean backedOff) {
        if (backedOff != counted && board != null) {
            counted = backedOff;
            board.backOff(backedOff ? 1 : -1);
        }
    }

    /** @return whether pacing is on (then the caller times its stolen tasks) */
    public boolean enabled() {
        return base > 0;
    }

    /**
     * How long joins waited since {@link #stealStarts}: the owners of the join frames this worker
     * ran, from each owner's arrival at its join to the frame's completion, and this worker's own
     * joins inside the stolen task.
     */
    private long waited;

    /**
     * A steal begins: forget waits reported since the last (a joiner helping a thief runs the
     * thief's frames too).
     *
     * @return now, in {@code System.nanoTime()}'s terms
     */
    public long stealStarts() {
        waited = 0L;
        return System.nanoTime();
    }

    /**
     * A join waited {@code nanos}: the owner of a join frame this worker ran (stolen, or a
     * descendant of one) waited at its join for the frame to complete, or this worker waited at
     * a join of its own. A steal is worth what it saved: the time it ran less these waits. A
     * piece stolen from a computation of a few microseconds runs about as long as its owner takes
     * to reach the join and then wait for it, which saves nothing however long the piece ran; and
     * a thief whose piece waits for what its owner took back ran no faster for it.
     */
    public void waited(long nanos) {
        waited += nanos;
    }

    /**
     * A stolen task (with what it forked) that started at {@code stolenAt} has returned: adjust the
     * pace by what the steal saved ({@link #waited}), then spin until the pace the
     * steal was made under has passed since {@code stolenAt}.
     */
    public long afterSteal(long stolenAt) {
        long until = stolenAt + pace;
        long now = System.nanoTime();
        long ran = now - stolenAt;
        long saved = ran - Math.min(Math.max(waited, 0L), ran);
        waited = 0L;
        assert 0L <= saved && saved <= Math.max(ran, 0L) : "saved " + saved + " of " + ran;
        long next = nextPace(pace, saved, base);
        long before = nap;
        nap = napAfter(nap, pace, next, saved);
        boolean probe = false;
        if (nap != 0L && (before == 0L || now - backedOffAt > PROBE_NANOS)) {
            probe = before != 0L;
            backedOffAt = now;
        }
        idleNap = nap;
        idleSince = 0L;
        count(nap != 0L && !probe);
        pace = next;
        while (now - until < 0) {
            Thread.onSpinWait();
            now = System.nanoTime();
        }
        if (nap == 0L || (probe && probeFindsWork())) {
            return 0L;
        }
        LockSupport.parkNanos(nap);               // out of the search: asks no owner to split
        return System.nanoTime() - now;
    }

    /**
     * A probe begins: the thief, just out of the board's count, asks every owner again. The owner
     * that answers the thief's last look usually did so before the thief left the count, and then
     * its pop-back did not ask again; this request is answered by an owner that sees the thief
     * uncounted, so it offers after every pop-back while the thief naps.
     * Invariant: called after the count is left.
     *
     * @return whether work is visible already (then look again without the nap)
     */
    private boolean probeFindsWork() {
        assert !counted : "a probe asks after leaving the count";
        return askOwners.getAsBoolean();
    }

    /** Whether this worker is looking because an offer was seen or signalled (see {@link #sent}). */
    private boolean sent;

    /**
     * The worker looks again because an offer was there: its re-scan before sleeping saw one, or
     * an offer's push woke it.
     */
    public void sent() {
        sent = true;
    }

    /**
     * The look after {@link #sent} ended. If it found nothing, the offer was taken back before the
     * thief got to it: the pieces on offer are shorter than a thief's way to them, which counts as
     * a tiny steal (the pace doubles, and at its cap the thief naps). Without this, a thief that
     * yields before each steal attempt (the multiprogrammed mode) or is woken for each offer never
     * steals, never backs off, and keeps the owner offering after every pop-back. The thief naps
     * here, still a searcher if it was woken as one: unlike the naps of {@link #idleNap}, this
     * one delays the wake-up of other sleepers (by at most {@link #MAX_NAP_NANOS}), which kept
     * more thieves stealing at P = 4 and 8 than napping out of the search did.
     *
     * @param found whether the look found a task
     * @return nanoseconds spent pacing or napping
     */
    public long looked(boolean found) {
        if (!sent) {
            return 0L;
        }
        sent = false;
        return found || base == 0L ? 0L : afterSteal(System.nanoTime());
    }

    /** The first nap after tiny steals at the pace's cap. */
    static final long MIN_NAP_NANOS = 8_000;
    /** The longest nap after a steal: the delay a thief so backed off adds before it looks again. */
    static final long MAX_NAP_NANOS = 256_000;
    /** The longest nap while idle. */
    static final long MAX_IDLE_NAP_NANOS = 2_000_000;
    /** Idle this long, a backed-off thief ends its back-off and sleeps the sleep protocol's way. */
    static final long IDLE_BACKOFF_NANOS = 50_000_000;
    /** When the thief last began to find nothing, or 0 since its last steal. */
    private long idleSince;
    /**
     * How often a backed-off thief probes: it asks every owner again and naps once uncounted, so
     * that owners offer after every pop-back meanwhile, and its next look finds lazy splitting's
     * frame. A thief answered where an owner happened to be gets a piece near the leaves of a
     * large computation; the frame lazy splitting keeps on offer is, over time, as often near the
     * root as near the leaves.
     */
    static final long PROBE_NANOS = 5_000_000;
    /** When the back-off began. */
    private long backedOffAt;
    /** A stolen task that ran this long ends the back-off. */
    static final long WORTH_NANOS = 50_000;
    /** The nap after the next tiny steal at the cap: 0 while steals are worth their cost. */
    private long nap;
    /** The next nap while idle: from {@link #nap}, doubled at each, 0 when the thief should sleep. */
    private long idleNap;

    /**
     * A backed-off thief found nothing: how long to nap before it looks again (0: sleep; -1: look
     * again now, a probe found work), instead of going to sleep (where its last look would ask
     * every owner to split and its wake-up would cost the owner an unpark). Each idle nap doubles
     * the next, up to {@link #MAX_IDLE_NAP_NANOS}; after {@link #IDLE_BACKOFF_NANOS} of finding
     * nothing the back-off ends. Every {@link #PROBE_NANOS} one nap is a probe, uncounted, which
     * first asks every owner again.
     *
     * @return the nap in nanoseconds; 0: sleep as usual; -1: a probe sees work, look again now
     */
    public long idleNap() {
        long n = idleNap;
        if (n == 0L) {
            return 0L;
        }
        long now = System.nanoTime();
        if (idleSince == 0L) {
            idleSince = now;
        } else if (now - idleSince > IDLE_BACKOFF_NANOS) {
            nap = 0L;                             // idle this long: the back-off is over; sleep as
            idleNap = 0L;                         // usual, and an offer's push wakes it
            count(false);
            return 0L;
        }
        boolean probe = now - backedOffAt > PROBE_NANOS;
        if (probe) {
            backedOffAt = now;
        }
        count(!probe);                            // a thief that finds nothing probes too
        idleNap = Math.min(n * 2, MAX_IDLE_NAP_NANOS);
        return probe && probeFindsWork() ? -1L : n;
    }

    /**
     * @param nap  the nap so far (0: not backed off)
     * @param pace the pace the steal was made under
     * @param next the pace after it ({@link #nextPace})
     * @param ran  how long the stolen task ran
     * @return the nap after it: doubled if it was tiny with the pace already at its cap, 0 if it
     *     was clearly worth it ({@link #WORTH_NANOS}), else unchanged
     */
    static long napAfter(long nap, long pace, long next, long ran) {
        if (next == pace && ran < pace) {
            return nextNap(nap);
        }
        return ran >= WORTH_NANOS ? 0L : nap;
    }

    /** @return the nap after {@code current}: the first, or doubled up to {@link #MAX_NAP_NANOS} */
    static long nextNap(long current) {
        return current == 0L ? MIN_NAP_NANOS : Math.min(current * 2, MAX_NAP_NANOS);
    }

    /**
     * The pace to keep after a stolen task (with what it forked) ran for {@code ranNanos}: back to
     * {@code base} if it ran at least the current pace (the steal was worth it), else doubled, up to
     * {@code base * PACE_BACKOFF_LIMIT} but never past {@link #MAX_PACE_NANOS}
     * (nor below {@code base}).
     *
     * @param current  the pace the steal was made under, {@code >= base}
     * @param ranNanos how long the stolen task and its children ran
     * @param base     the configured pace, {@code > 0}
     * @return the next pace
     */
    static long nextPace(long current, long ranNanos, long base) {
        if (ranNanos >= current) {
            return base;
        }
        long cap = Math.max(base, Math.min(base * PACE_BACKOFF_LIMIT, MAX_PACE_NANOS));
        return Math.min(current * 2, cap);
    }
}
