package dev.strand.cluster.ignite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Ignite's errors reach java.util.logging one level down, as one line; the trace only at DEBUG. */
class IgniteLogTest {

    private static final String NAME = "org.apache.ignite.IgniteLogTestCategory";
    private final Logger jul = Logger.getLogger(NAME);
    private final List<LogRecord> records = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            records.add(r);
        }

        @Override
        public void flush() { }

        @Override
        public void close() { }
    };

    @BeforeEach
    void attach() {
        jul.setUseParentHandlers(false);
        handler.setLevel(Level.ALL);
        jul.addHandler(handler);
    }

    @AfterEach
    void detach() {
        jul.removeHandler(handler);
        jul.setUseParentHandlers(true);
        jul.setLevel(null);
    }

    @Test
    void anErrorIsOneWarningLineWithoutItsStackTrace() {
        jul.setLevel(Level.INFO);
        new IgniteLog(NAME).error("Failed to send message to remote node", new java.io.IOException("Connection refused"));
        assertThat(records).singleElement().satisfies(r -> {
            assertThat(r.getLevel()).isEqualTo(Level.WARNING);
            assertThat(r.getThrown()).isNull();
            assertThat(r.getMessage()).contains("Failed to send message").contains("Connection refused");
        });
    }

    @Test
    void atDebugTheStackTraceFollows() {
        jul.setLevel(Level.FINE);
        new IgniteLog(NAME).error("boom", new IllegalStateException("x"));
        assertThat(records).hasSize(2);
        assertThat(records.get(1).getLevel()).isEqualTo(Level.FINE);
        assertThat(records.get(1).getThrown()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void nothingReachesSevere() {
        jul.setLevel(Level.ALL);
        IgniteLog log = new IgniteLog(NAME);
        log.error("e", new RuntimeException());
        log.warning("w", null);
        log.info("i");
        assertThat(records).isNotEmpty().allSatisfy(r -> assertThat(r.getLevel()).isNotEqualTo(Level.SEVERE));
    }
}
