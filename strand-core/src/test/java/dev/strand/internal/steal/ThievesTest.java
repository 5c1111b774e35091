package dev.strand.internal.steal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.internal.victim.Locality;
import org.junit.jupiter.api.Test;

class ThievesTest {

    @Test
    void keepsTheLastTwoDistinctThieves() {
        int w = Thieves.NONE;
        assertThat(Thieves.last(w)).isEqualTo(-1);
        assertThat(Thieves.previous(w)).isEqualTo(-1);
        w = Thieves.push(w, 0);
        assertThat(Thieves.last(w)).isZero();
        assertThat(Thieves.previous(w)).isEqualTo(-1);
        w = Thieves.push(w, 5);
        assertThat(Thieves.last(w)).isEqualTo(5);
        assertThat(Thieves.previous(w)).isZero();
        assertThat(Thieves.push(w, 5)).isEqualTo(w);          // the same thief again: unchanged
        w = Thieves.push(w, Thieves.MAX_SLOT);
        assertThat(Thieves.last(w)).isEqualTo(Thieves.MAX_SLOT);
        assertThat(Thieves.previous(w)).isEqualTo(5);
    }

    @Test
    void theBoardRecordsThievesOnTheVictimsWord() {
        StealBoard board = new StealBoard(4, Locality.of(null, false, true, 4));
        board.noteThief(2, 1);
        board.noteThief(2, 3);
        board.noteThief(2, 3);
        assertThat(Thieves.last(board.thieves(2))).isEqualTo(3);
        assertThat(Thieves.previous(board.thieves(2))).isEqualTo(1);
        assertThat(board.thieves(0)).isEqualTo(Thieves.NONE);
    }
}
