package dev.strand.cli.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TableTest {

    @Test
    void columnsAlignNumbersRightAndTextLeft() {
        StringWriter s = new StringWriter();
        new Table("name", "time", "ratio").row("fib", "12.5 ms", "0.91x").row("nqueens-long", 3, "1.2x")
                .print(new PrintWriter(s));
        assertThat(s.toString().lines()).containsExactly(
                "name             time  ratio",
                "------------  -------  -----",
                "fib           12.5 ms  0.91x",
                "nqueens-long        3   1.2x");
    }

    @Test
    void aRowWithTheWrongNumberOfCellsIsRejected() {
        assertThatThrownBy(() -> new Table("a", "b").row(1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 cells");
    }

    @Test
    void machineLoadIsAShareOrUnknown() {
        MachineLoad.Mark m = MachineLoad.mark();
        double x = 0;
        for (int i = 0; i < 20_000_000; i++) {
            x += Math.sqrt(i);
        }
        double others = MachineLoad.othersBusy(m);
        assertThat(x).isPositive();
        assertThat(Double.isNaN(others) || (others >= 0 && others <= 1)).isTrue();
    }
}
