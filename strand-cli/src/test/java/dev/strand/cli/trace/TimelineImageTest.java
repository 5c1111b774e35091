package dev.strand.cli.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.profile.Timeline;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The timeline picture: its window, and what a dense trace draws. */
class TimelineImageTest {
    private static final long MS = 1_000_000L;

    @Test
    void theAxisCoversTheComputationNotTheParkedTimeBeforeOrAfterIt() {
        Timeline t = new Timeline("p", 2,
                List.of(new Timeline.Slice(0, "task", 40 * MS, 52 * MS), new Timeline.Slice(1, "task", 41 * MS, 55 * MS)),
                List.of(new Timeline.Steal(0, 1, 40 * MS + 10, 41 * MS)),
                List.of(new Timeline.Park(1, 0, 41 * MS), new Timeline.Park(0, 52 * MS, 70 * MS)), false);
        assertThat(TimelineImage.window(t)).containsExactly(40 * MS, 55 * MS);
    }

    @Test
    void aRecordingWithoutTasksKeepsItsWholeLength() {
        Timeline t = new Timeline("p", 1, List.of(), List.of(), List.of(new Timeline.Park(0, 5, 9 * MS)), false);
        assertThat(TimelineImage.window(t)).containsExactly(0L, 9 * MS);
    }

    /**
     * Thousands of steals become ticks on the thieves' tracks (no line crosses between tracks), and
     * a stolen task shorter than a pixel is still marked in red on its thief's track.
     */
    @Test
    void denseStealsAreTicksAndShortStolenTasksAreMarked(@TempDir Path dir) throws Exception {
        List<Timeline.Slice> slices = new ArrayList<>();
        List<Timeline.Steal> steals = new ArrayList<>();
        slices.add(new Timeline.Slice(0, "task", 0, 100 * MS));
        for (int i = 0; i < 2_000; i++) {
            long at = (long) i * 50_000;          // a 1 µs task every 50 µs on worker 1, each stolen
            slices.add(new Timeline.Slice(1, "task", at, at + 1_000));
            steals.add(new Timeline.Steal(0, 1, Math.max(0, at - 500), at));
        }
        Timeline t = new Timeline("p", 2, slices, steals, List.of(), false);
        Path png = dir.resolve("t.png");
        TimelineImage.write(t, "dense", png);
        BufferedImage img = ImageIO.read(png.toFile());
        int red = 0xD62728;
        int betweenTracks = 0;
        int onThief = 0;
        for (int x = 0; x < img.getWidth(); x++) {
            for (int y = 0; y < img.getHeight(); y++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) == red) {
                    if (y > 50 + 24 + 46 / 2 + 4 && y < 50 + 24 + 46 - 4) {
                        betweenTracks++;          // the lower half of worker 0's track: lines would cross it
                    } else if (y >= 50 + 24 + 46) {
                        onThief++;
                    }
                }
            }
        }
        assertThat(betweenTracks).as("red pixels in worker 0's lower half").isZero();
        assertThat(onThief).as("red ticks and marks on the thief's track").isGreaterThan(500);
    }
}
