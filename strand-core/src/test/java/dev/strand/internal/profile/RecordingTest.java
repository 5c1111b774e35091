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
        r.addWork(5);
        r.addWork(7);
        assertThat(r.size()).isEqualTo(1);
        assertThat(r.opAt(0)).isEqualTo(Recording.WORK);
        assertThat(r.workAt(0)).isEqualTo(12);
    }

    @Test
    void blobsComposeInSeriesWithWorkBeforeThem() {
        Recording r = new Recording();
        r.addWork(10);
        r.addBlob(100, 30);
        r.addBlob(50, 20);
        assertThat(r.size()).isEqualTo(1);
        assertThat(r.opAt(0)).isEqualTo(Recording.BLOB);
        assertThat(r.workAt(0)).isEqualTo(160);
        assertThat(r.spanAt(0)).isEqualTo(60);
    }

    @Test
    void aSpawnFollowedOnlyByWorkRollsBackToOneBlob() {
        Recording r = new Recording();
        r.addWork(10);
        int pos = r.addSpawn(kid());
        r.addWork(5);
        assertThat(r.tailIsSerialAfter(pos)).isTrue();
        r.rollBack(pos, 40, 25);
        assertThat(r.size()).isEqualTo(1);
        assertThat(r.opAt(0)).isEqualTo(Recording.BLOB);
        assertThat(r.workAt(0)).isEqualTo(50);
        assertThat(r.spanAt(0)).isEqualTo(35);
        assertThat(r.kidAt(0)).isNull();
    }

    @Test
    void aLaterSpawnOrSyncBlocksTheRollBack() {
        Recording r = new Recording();
        int first = r.addSpawn(kid());
        int second = r.addSpawn(kid());
        assertThat(r.tailIsSerialAfter(first)).isFalse();
        assertThat(r.tailIsSerialAfter(second)).isTrue();
        r.addSync();
        r.addSync();
        assertThat(r.size()).isEqualTo(3);            // two syncs in a row are one
        assertThat(r.tailIsSerialAfter(second)).isFalse();
        assertThat(r.tailIsSerialAfter(-1)).isFalse();
        assertThat(r.tailIsSerialAfter(2)).isFalse();  // not a spawn
    }

    @Test
    void growsPastItsInitialCapacity() {
        Recording r = new Recording();
        for (int i = 0; i < 100; i++) {
            r.addSpawn(kid());
        }
        assertThat(r.size()).isEqualTo(100);
        assertThat(r.kidAt(99)).isNotNull();
    }
}
