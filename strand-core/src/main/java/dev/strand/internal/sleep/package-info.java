/**
 * The idle protocol: how workers go to sleep without losing a wake-up, and how publishers wake them
 * sparingly. Not exported.
 *
 * <h2>State</h2>
 * One packed control word ({@link dev.strand.internal.sleep.ControlWord}) counts <em>searching</em>
 * workers (awake, looking for work) and <em>sleepers</em> (registered to park). Each worker also has
 * a state, {@code AWAKE} or {@code SLEEPING}; whoever moves a worker's state from {@code SLEEPING}
 * to {@code AWAKE} with a CAS (a waker, or the worker itself cancelling) moves it from sleepers to
 * searching in the control word, so each transition is accounted exactly once.
 *
 * <h2>Protocol</h2>
 * <pre>
 * Worker going idle                         Publisher (push onto an empty deque, or submit)
 *  S0  start searching if fewer than          P1  make the task visible (deque push with a
 *      maxSearchers search; spin a few            release store, or a queue CAS)
 *      sweeps                                   P2  full fence (skipped after a queue CAS:
 *                                                   volatile accesses are totally ordered)
 *  S1  found work: stop searching; if it     P3  read the control word: if searching == 0 and
 *      was the last searcher, someone sleeps       sleepers > 0, wake one (take the search
 *      and a scan still sees work, wake one        token searching 0 -> 1, claim a SLEEPING
 *      (hand over the search)                      worker by CAS, unpark it; it is a searcher)
 *  S2  state := SLEEPING; atomically
 *      sleepers += 1 (and searching -= 1)
 *  S3  re-scan every queue:
 *      a) found work (or lost a race for it): cancel the sleep (CAS own state back), search
 *      b) nothing: park until the state is AWAKE again
 * </pre>
 *
 * <h2>No lost wake-up (proof sketch)</h2>
 * Suppose a task X is published (P1) while worker W goes to sleep. S2's read-modify-write of the
 * control word and P2's fence are both sequentially consistent, so in their single total order:
 * <ul>
 *   <li>Case A: W's S2 comes after P2. Then W's re-scan (S3, after S2) sees X and W does not park.</li>
 *   <li>Case B: S2 comes before P3's read. The publisher sees sleepers > 0. If searching == 0 it
 *       wakes a sleeper, which re-scans after being claimed and finds X (or another task, then it
 *       hands over by S1). If searching > 0, some searcher S was counted at P3. S later either goes
 *       to sleep, and its own S2 comes after P3, so Case A applies to S and its re-scan sees X; or S
 *       finds work and runs S1 after P3: if it was the last searcher and sleepers remain, its scan
 *       (after its read-modify-write, hence after P3) sees X and it wakes one; if sleepers remain
 *       none, every worker is awake and X is taken by the first to look.</li>
 * </ul>
 * <ul>
 *   <li>Case C: a push onto a deque that was non-empty when its owner looked (such pushes do not
 *       fence: the work-first principle) while thieves drain it concurrently. The thief that took
 *       the last older element may re-scan before the new element is visible and go to sleep. The
 *       owner is awake and reaches the element at its next join, but if it blocks on something
 *       else (a barrier, I/O) the element would wait. Hence the watch: a sleeper that registers
 *       while some worker is awake (sleepers &lt; P) parks with a timeout (50 µs, doubling to
 *       16 ms) and re-scans; the sleeper in case C is exactly such a sleeper, so the element is
 *       found within 16 ms. The first timeout is short because case C also costs parallelism
 *       while the owner keeps working: the owner goes on forking onto its non-empty deque (no
 *       wake-up), and the thief idles until its watch ends; a re-scan costs a few microseconds,
 *       ten of them until the watch reaches 16 ms. When every worker sleeps, nobody can push, and sleepers park without a
 *       timeout: an idle pool uses no CPU. {@code LivenessTest.forksFromOneWorkerWakeTheOthers}
 *       is the test that catches case C (a task forks children, then blocks on a barrier).</li>
 *   <li>Case D, split deques ({@code PoolConfig.splitDeques}): private elements are invisible to
 *       thieves, so they are not "published" until the owner shares them. The owner shares, and
 *       runs P1-P3 through the deque's {@code onShare}, whenever the shared part ran dry at a push
 *       or a thief's request is pending at a push or pop; a thief that sees only private work sets
 *       the request before its own S2. The owner of private elements is awake and must pop each of
 *       them itself eventually, and every pop checks the request, so a request is served unless
 *       the owner blocks outside Strand's joins with private children queued, which is why split
 *       deques are opt-in (Lace and Cilk make the same assumption: tasks do not block).</li>
 * </ul>
 * <h2>Termination after shutdown</h2>
 * The re-scan after S2 only looks (a worker counted as a sleeper never holds a task), and every
 * claim of a sleeper, by {@code wakeOne} or {@code wakeAll}, takes a search token before it moves
 * the worker's state to {@code AWAKE}. <b>Invariant:</b> a worker counted only as a sleeper
 * (no token covers it) holds no task. A worker whose S2 returns a word with every worker a sleeper
 * and none searching, whose re-scan finds nothing, and which then reads the same word again,
 * concludes after shutdown that no task is running: no worker was awake in between to take one.
 *
 * <p>A waker that takes the search token but finds no SLEEPING worker to claim (all were cancelling)
 * returns the token and retries if the word still shows sleepers and no searcher, so a sleeper
 * that registered after its scan is not stranded. Hence a published task is never left while
 * every worker that could run it is parked. Termination is decided as described above.
 *
 * <h2>Keep-alive: dormant workers</h2>
 * A third state, {@code DORMANT}, is a sleeper whose thread has exited. A sleeper that finds the
 * whole pool asleep (no watch runs) parks with a timeout; once every worker has been asleep for the
 * keep-alive of this sleep, it re-scans, and if nothing is visible it moves its own state
 * {@code SLEEPING -> DORMANT} by CAS and its thread exits without writing anything more. The
 * control word does not change: a dormant worker is still counted as a sleeper, so every argument
 * above holds with "parked" read as "parked or dormant".
 * <ul>
 *   <li>A waker claims a dormant worker exactly as a sleeping one (CAS to {@code AWAKE}, the
 *       search token becomes its search), then, instead of unparking a thread, starts a new one
 *       for the slot, which begins as a searcher. The retiring CAS and the claiming CAS are on the
 *       same word, so exactly one wins: a claim never unparks a thread that is leaving, and a
 *       thread never leaves after it was claimed.</li>
 *   <li>If the new thread cannot be started (no memory for a thread, a stack overflow in the
 *       publisher), the waker puts the state back to {@code DORMANT} and the token back to a
 *       sleeper, then rethrows: the accounting is as if it never claimed. The published work stays
 *       queued for the next worker that looks.</li>
 *   <li><b>Invariant:</b> a dormant worker holds no task, no frame and an empty deque: it went
 *       idle with nothing, and nobody but its owner pushes onto a deque.</li>
 *   <li>Only a wholly idle pool retires workers, so the watch of case C, which exists only while a
 *       worker is awake, is never cut short.</li>
 *   <li>A shutdown claims dormant workers too, so that some thread sees the pool quiescent; once
 *       the pool stops, dormant workers stay dormant (they hold nothing and are not counted live).</li>
 * </ul>
 *
 * <h2>Spares: the reserve</h2>
 * A pool has {@code maxSpares} slots beyond its P core workers, which start in a fourth state,
 * {@code RESERVE}: no thread, an empty deque, counted in the control word's third field and
 * neither a sleeper nor a searcher. A spare that returns to the reserve keeps its thread parked
 * for the keep-alive in a fifth state, {@code SPARE_IDLE}, counted in the reserve too, so that
 * the next block unparks it instead of starting a thread (a thread start costs about as much as
 * the 1 ms waits compensation is for). The pool keeps as many spares out of the reserve as
 * workers blocked ({@code Strand.blocking}; the workers count themselves, outside this
 * protocol), with one exception, the minimum-runnable rule below: a worker about to block takes
 * one out only if fewer are out, and a spare that leaves checks the same after it joined the
 * reserve count, so that a block racing a leave is covered by one of the two. Wakers never
 * claim a slot in the reserve, so publishing work alone
 * never runs more than P threads; and an unused reserve costs nothing, because loops over slots
 * stop at {@code inUse}, the highest slot ever started (a slot below it whose first start is
 * still under way has no deque yet: the loops pass it by).
 * <ul>
 *   <li><b>Activation:</b> one atomic step moves a count from the reserve to searching; then a
 *       CAS claims a slot in state {@code SPARE_IDLE} (its parked thread is unparked) or else
 *       {@code RESERVE} (a thread starts for it, as for a revived dormant worker); either way it
 *       is a searcher. <b>Invariant:</b> slots in state {@code RESERVE} or {@code SPARE_IDLE}
 *       are at least the reserve count plus the activations that took a count and have not
 *       claimed a slot yet: a spare leaving stores its state before it adds itself to the
 *       count.</li>
 *   <li><b>Leaving, awake:</b> a spare that finds no work while more spares are out than workers
 *       are blocked (a surplus) stores {@code SPARE_IDLE}, then in one step stops searching and joins
 *       the reserve count (the full fence S2 has), then scans: if work is visible it runs P3 for
 *       it before its thread exits. This is S2-S3 with "park" read as "leave": a publisher that
 *       counted the spare as a searcher and woke nobody is covered exactly as in case B, because
 *       the scan comes after the spare's read-modify-write. <b>Invariant:</b> a leaving spare
 *       holds no task, no frame, and an empty deque.</li>
 *   <li><b>Waiting for reuse:</b> the thread parks until an activation claims it
 *       ({@code SPARE_IDLE -> AWAKE}) or, at the keep-alive or the pool's stop, moves its own
 *       state {@code SPARE_IDLE -> RESERVE} and exits: two CASes on one word, one wins. A stop
 *       unparks such threads without claiming them.</li>
 *   <li><b>Leaving, asleep:</b> a sleeping spare that finds itself surplus after a wake-up moves
 *       its own state {@code SLEEPING -> SPARE_IDLE} by CAS (a waker's claim is the other CAS on
 *       the same word: exactly one wins), then moves itself from the sleepers to the reserve
 *       count, and its thread waits for reuse as an awake leaver's does. An activation may claim
 *       the slot ({@code SPARE_IDLE -> AWAKE}) as soon as its state is stored, before the thread
 *       has returned from its park: the thread must not take that state for a dormant core
 *       worker's and exit, or the slot stays out of the reserve, counted as searching with no
 *       thread, and the block it was activated for waits for ever. So a spare whose park ends in
 *       a leave always goes on to the reserve wait, which sees the claim and runs as the
 *       activated spare. A surplus spare asleep with nobody awake stays a sleeper until it is claimed or
 *       its keep-alive ends: harmless, it holds nothing. <b>Invariant:</b> a spare slot is never
 *       {@code DORMANT}: at the end of its keep-alive a sleeping spare leaves for the reserve as
 *       above, whatever its last surplus check said (that check may predate the end of the block
 *       it covered, and a dormant slot out of the reserve would stay out in an idle pool), and
 *       then compensates as a leaving spare does, so a block still under way gets a spare back.</li>
 *   <li><b>Quiescence:</b> "every worker a sleeper" becomes "sleepers + reserve = all slots, no
 *       searcher": a slot in the reserve holds no task, so the termination argument above holds
 *       unchanged. A spare that leaves after shutdown runs the same check a last sleeper runs.</li>
 *   <li><b>The watch</b> (case C) runs while any slot is awake, spares included.</li>
 *   <li><b>Minimum runnable</b> (ForkJoinPool's {@code minimumRunnable} of 1): a block finds no
 *       spare needed if no work is visible and, after it, at least one slot is still not blocked
 *       ({@code P + spares out - blocked >= 1}); the block is then covered by that slot, as
 *       ForkJoinPool lets its active count drop without a new thread. Otherwise the block is
 *       compensated as above. <b>Invariant</b> (asserted where a block is left uncovered): at
 *       least one slot out of the reserve is not blocked, unless the spare cap was reached.
 *       Why no work is lost: a slot that is not blocked is awake or a sleeper (or dormant), and
 *       to this protocol a blocked worker is simply an awake one that publishes nothing, so a
 *       task published later is covered by cases A-D exactly as before, with the unblocked slot
 *       as the worker that runs it. Blockers race as before: each counts itself (a volatile
 *       store) before it reads the others' counts, so of two blockers at least one sees both,
 *       and the one that would leave no slot unblocked takes a spare out. A block that saw no
 *       work costs parallelism only until the next block or spare leave (both run the rule
 *       again, now seeing the work): the price ForkJoinPool pays too, for one thread fewer per
 *       blocked pool.</li>
 * </ul>
 *
 * <h2>Stack overflow</h2>
 * A publisher runs P3 at whatever depth its task recursed to. Taking the token, claiming a sleeper
 * and unparking it are three steps; an overflow after the first would leave a searcher that does
 * not exist, and since wakers only wake when nobody searches, no wake-up would happen again. So
 * {@code wakeOne} and {@code wakeAll} reserve stack first ({@code internal.stack}): they overflow
 * before the first step or not at all.
 *
 * <h2>Wake sparingly</h2>
 * Pushes signal (through the deque's {@code onShare}) only when the deque was empty (a non-empty deque already had its signal); a wake
 * happens only when nobody searches; searchers are capped; a searcher that finds work wakes the
 * next one only if it was the last, and a scan still sees work. An idle pool has every worker parked
 * without a timeout: it uses no CPU.
 *
 * <p>Compare rayon-core's {@code sleep/README.md} (jobs event counter) and Go's
 * {@code proc.go} ({@code wakep}, {@code resetspinning}, the spinning-M protocol).
 */
package dev.strand.internal.sleep;
