package dev.strand.internal.profile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RecordingTest {
    private static Frame kid() {
        return new Frame(null, false, 0L, 0L, 0L, 0, 0L, true);
    }

    @Test
    void adjacentWorkMerges() {
        Recording r = new Recording();
        r.work(5);
        r.work(7);
        assertThat(r.size()).isEqualTo(1);
        assertThat(r.op(0)).isEqualTo(Recording.WORK);
        assertThat(r.work(0)).isEqualTo(12);
    }

    @Test
    void blobsComposeInSeriesWithWorkBeforeThem() {
        Recording r = new Recording();
        r.work(10);
        r.blob(100, 30);
        r.blob(50, 20);
        assertThat(r.size()).isEqualTo(1);
        assertThat(r.op(0)).isEqualTo(Recording.BLOB);
        assertThat(r.work(0)).isEqualTo(160);
        assertThat(r.span(0)).isEqualTo(60);
    }

    @Test
    void aSpawnFollowedOnlyByWorkRollsBackToOneBlob() {
        Recording r = new Recording();
        r.work(10);
        int pos = r.spawn(kid());
        r.work(5);
        assertThat(r.tailIsSerialAfter(pos)).isTrue();
        r.rollBack(pos, 40, 25);
        assertThat(r.size()).isEqualTo(1);
        assertThat(r.op(0)).isEqualTo(Recording.BLOB);
        assertThat(r.work(0)).isEqualTo(50);
        assertThat(r.span(0)).isEqualTo(35);
        assertThat(r.kid(0)).isNull();
    }

    @Test
    void aLaterSpawnOrSyncBlocksTheRollBack() {
        Recording r = new Recording();
        int first = r.spawn(kid());
        int second = r.spawn(kid());
        assertThat(r.tailIsSerialAfter(first)).isFalse();
        assertThat(r.tailIsSerialAfter(second)).isTrue();
        r.sync();
        r.sync();
        assertThat(r.size()).isEqualTo(3);            // two syncs in a row are one
        assertThat(r.tailIsSerialAfter(second)).isFalse();
        assertThat(r.tailIsSerialAfter(-1)).isFalse();
        assertThat(r.tailIsSerialAfter(2)).isFalse();  // not a spawn
    }

    @Test
    void growsPastItsInitialCapacity() {
        Recording r = new Recording();
        for (int i = 0; i < 100; i++) {
            r.spawn(kid());
        }
        assertThat(r.size()).isEqualTo(100);
        assertThat(r.kid(99)).isNotNull();
    }
}
