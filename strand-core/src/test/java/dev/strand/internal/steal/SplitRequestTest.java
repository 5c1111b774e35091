package dev.strand.internal.steal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link SplitRequest}: set by an ask, cleared by the owner's offer only when nobody is idle. */
class SplitRequestTest {

    @Test
    void aNewWordHoldsNoRequestAndAnAskSetsIt() {
        SplitRequest r = new SplitRequest();
        assertThat(r.asked()).isFalse();
        r.ask();
        assertThat(r.asked()).isTrue();
        r.ask();                                  // asking again changes nothing
        assertThat(r.asked()).isTrue();
    }

    @Test
    void anOfferClearsTheRequestWhenNobodyIsIdle() {
        SplitRequest r = new SplitRequest();
        r.ask();
        r.clearUnlessIdle(() -> false);
        assertThat(r.asked()).isFalse();
    }

    @Test
    void anOfferKeepsTheRequestWhileAWorkerIsIdle() {
        SplitRequest r = new SplitRequest();
        r.ask();
        r.clearUnlessIdle(() -> true);
        assertThat(r.asked()).isTrue();
    }

    /** A worker counted idle between the clear and the re-read: the request is set again. */
    @Test
    void aWorkerThatBecameIdleDuringTheClearKeepsItsRequest() {
        SplitRequest r = new SplitRequest();
        r.ask();
        AtomicInteger reads = new AtomicInteger();
        r.clearUnlessIdle(() -> reads.incrementAndGet() > 1);   // idle from the second read on
        assertThat(reads).hasValue(2);
        assertThat(r.asked()).isTrue();
    }

    @Test
    void withoutARequestTheOfferReadsNothing() {
        SplitRequest r = new SplitRequest();
        AtomicInteger reads = new AtomicInteger();
        r.clearUnlessIdle(() -> reads.incrementAndGet() > 0);
        assertThat(reads).hasValue(0);
        assertThat(r.asked()).isFalse();
    }
}
