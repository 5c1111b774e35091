package dev.strand.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strand trace}, run in-process on a small UTS tree. */
class TraceCliTest {

    @Test
    void traceWritesAValidTraceAndAPictureOfBothWorkers(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("trace", "uts-t3", "-p", "2", "--warmup", "1", "--out", dir.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("uts-t3 at P = 2", "steals", "ui.perfetto.dev");

        JsonNode trace = new ObjectMapper().readTree(dir.resolve("uts-t3-trace.json").toFile());
        int[] slicesPerWorker = new int[2];
        for (JsonNode e : trace.get("traceEvents")) {
            if (e.get("ph").asText().equals("X") && e.get("cat").asText().equals("task")) {
                slicesPerWorker[e.get("tid").asInt()]++;
            }
        }
        assertThat(slicesPerWorker[0]).as("slices of worker 0").isPositive();
        assertThat(slicesPerWorker[1]).as("slices of worker 1").isPositive();

        BufferedImage png = ImageIO.read(dir.resolve("uts-t3-trace.png").toFile());
        assertThat(png.getWidth()).isEqualTo(1600);
        // Both worker tracks hold task bars: some strongly blue pixel in each track's band.
        assertThat(bluePixels(png, 50, 96)).as("worker 0's track").isPositive();
        assertThat(bluePixels(png, 96, 142)).as("worker 1's track").isPositive();
    }

    private static int bluePixels(BufferedImage img, int y0, int y1) {
        int n = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = 110; x < img.getWidth() - 30; x++) {
                int rgb = img.getRGB(x, y);
                int red = (rgb >> 16) & 0xFF;
                int blue = rgb & 0xFF;
                if (blue > 100 && blue > red + 40) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void anUnknownKernelIsOneLineAndExitTwo(@TempDir Path dir) {
        CliTest.Run r = CliTest.run("trace", "no-such-kernel", "--out", dir.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("unknown kernel 'no-such-kernel'", "uts-t3");
        assertThat(r.err()).doesNotContain("Exception");
    }

    @Test
    void anUnwritableOutputIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        CliTest.Run r = CliTest.run("trace", "fib", "--out", file.resolve("sub").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("Invalid value for option '--out': cannot create the folder");
    }

    @Test
    void jsonNamesTheFilesAndSetTakesKernelDotParam(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("trace", "fib", "-p", "2", "--warmup", "0", "--set", "fib.n=15",
                "--no-charts", "--json", "--out", dir.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.code()).isZero();
        Map<String, Object> json = CliTest.parseJsonDocument(r.out());
        assertThat(json).containsEntry("kernel", "fib").containsEntry("parallelism", 2L)
                .containsEntry("image", null);
        assertThat((String) json.get("params")).contains("n=15");
        assertThat((Long) json.get("slices")).isPositive();
        assertThat(Path.of((String) json.get("trace"))).exists();
        assertThat(dir.resolve("fib-trace.png")).doesNotExist();
        assertThat(CliTest.run("trace", "fib", "--set", "n=15").err())
                .contains("Invalid value for option '--set': expected KERNEL.PARAM=VALUE, got 'n=15'");
        assertThat(CliTest.run("trace", "fib", "--set", "sort.n=15").err())
                .contains("kernel sort is not selected (selected: fib)");
    }
}
