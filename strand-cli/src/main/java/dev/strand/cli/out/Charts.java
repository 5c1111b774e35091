package dev.strand.cli.out;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * PNG charts with XChart, drawn headless (no display needed). One place for size and style so
 * every chart the CLI writes looks alike.
 */
public final class Charts {
    /** Width and height of every chart, in pixels. */
    public static final int WIDTH = 900;
    public static final int HEIGHT = 560;

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() { }

    /** @return an empty line chart (add series with {@code chart.addSeries(name, xs, ys)}) */
    public static XYChart line(String title, String xTitle, String yTitle) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        c.getStyler().setMarkerSize(6);
        return c;
    }

    /** @return an empty bar chart (add series with {@code chart.addSeries(name, labels, values)}) */
    public static CategoryChart bars(String title, String xTitle, String yTitle) {
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        c.getStyler().setXAxisLabelRotation(30);
        return c;
    }

    /**
     * Writes {@code chart} as a PNG file, creating parent folders.
     *
     * @return the file written ({@code .png} appended if missing)
     */
    public static Path savePng(Chart<?, ?> chart, Path file) {
        try {
            Path f = file.toString().endsWith(".png") ? file : Path.of(file + ".png");
            Path parent = f.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            // What the deprecated BitmapEncoder.saveBitmap(chart, file, PNG) did.
            ImageIO.write(BitmapEncoder.getBufferedImage(chart), "png", f.toFile());
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write chart " + file + ": " + e.getMessage(), e);
        }
    }
}
