package dev.strand.cli.trace;

import dev.strand.profile.Timeline;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Draws a {@link Timeline} as a PNG, for people who will not open Perfetto: one track per worker,
 * tasks as bars (deeper nesting, a task run while another waits in a join, drawn darker and
 * thinner), parked time in grey, steals as red lines from the victim's track at the fork to the
 * thief's at the start. Time runs left to right, with a millisecond axis.
 */
public final class TimelineImage {
    private static final int WIDTH = 1600;
    private static final int LEFT = 110;
    private static final int RIGHT = 30;
    private static final int TOP = 50;
    private static final int TRACK = 46;
    private static final int BOTTOM = 50;
    private static final Color[] DEPTH = {
        new Color(0x4C78A8), new Color(0x3A5F8A), new Color(0x2B476A), new Color(0x1E324B)};

    private TimelineImage() { }

    /**
     * Writes {@code t} as a PNG.
     *
     * @param t     the timeline
     * @param title the chart's title
     * @param file  the PNG to write
     * @throws IOException if the file cannot be written
     */
    public static void write(Timeline t, String title, Path file) throws IOException {
        int height = TOP + TRACK * Math.max(1, t.workers()) + BOTTOM;
        BufferedImage img = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            draw(g, t, title, height);
        } finally {
            g.dispose();
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (!ImageIO.write(img, "png", file.toFile())) {
            throw new IOException("no PNG writer in this JVM");
        }
    }

    private static void draw(Graphics2D g, Timeline t, String title, int height) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, height);
        long end = Math.max(1L, t.end());
        double scale = (WIDTH - LEFT - RIGHT) / (double) end;
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(title, LEFT, 28);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (int w = 0; w < t.workers(); w++) {
            int y = TOP + w * TRACK;
            g.setColor(new Color(0xF4F4F4));
            g.fillRect(LEFT, y + 4, WIDTH - LEFT - RIGHT, TRACK - 8);
            g.setColor(Color.BLACK);
            g.drawString("worker " + w, 12, y + TRACK / 2 + 4);
        }
        for (Timeline.Park p : t.parks()) {
            int y = TOP + p.worker() * TRACK;
            g.setColor(new Color(0xC8C8C8));
            fill(g, p.start(), p.end(), scale, y + TRACK / 2 - 3, 6);
        }
        for (int w = 0; w < t.workers(); w++) {
            drawSlices(g, t, w, scale);
        }
        g.setColor(new Color(0xD62728));
        g.setStroke(new BasicStroke(1f));
        for (Timeline.Steal s : t.steals()) {
            int x1 = LEFT + (int) Math.round(s.forkedAt() * scale);
            int x2 = LEFT + (int) Math.round(s.startedAt() * scale);
            int y1 = TOP + s.victim() * TRACK + TRACK / 2;
            int y2 = TOP + s.thief() * TRACK + TRACK / 2;
            g.drawLine(x1, y1, x2, y2);
        }
        drawAxis(g, end, scale, TOP + t.workers() * TRACK);
        g.setColor(Color.DARK_GRAY);
        g.drawString(String.format(Locale.ROOT, "%d tasks drawn, %d steals (red), parked time in grey%s",
                t.slices().size(), t.steals().size(), t.truncated() ? "; recording truncated" : ""),
                LEFT, height - 10);
    }

    /** Slices of one worker, drawn outermost first; nesting depth from a stack of open ends. */
    private static void drawSlices(Graphics2D g, Timeline t, int worker, double scale) {
        List<Timeline.Slice> mine = new ArrayList<>();
        for (Timeline.Slice s : t.slices()) {
            if (s.worker() == worker) {
                mine.add(s);
            }
        }
        mine.sort(Comparator.comparingLong(Timeline.Slice::start)
                .thenComparing(Comparator.comparingLong(Timeline.Slice::end).reversed()));
        List<Long> open = new ArrayList<>();
        int y = TOP + worker * TRACK;
        for (Timeline.Slice s : mine) {
            while (!open.isEmpty() && open.get(open.size() - 1) <= s.start()) {
                open.remove(open.size() - 1);
            }
            int depth = open.size();
            open.add(s.end());
            int inset = Math.min(depth, 3) * 4;
            g.setColor(DEPTH[Math.min(depth, DEPTH.length - 1)]);
            fill(g, s.start(), s.end(), scale, y + 6 + inset, TRACK - 12 - 2 * inset);
        }
    }

    private static void fill(Graphics2D g, long start, long end, double scale, int y, int h) {
        int x = LEFT + (int) Math.round(start * scale);
        int w = Math.max(1, (int) Math.round((end - start) * scale));
        g.fillRect(x, y, w, h);
    }

    private static void drawAxis(Graphics2D g, long end, double scale, int y) {
        g.setColor(Color.BLACK);
        g.drawLine(LEFT, y + 4, WIDTH - RIGHT, y + 4);
        double ms = end / 1e6;
        double step = niceStep(ms / 10);
        for (double v = 0; v <= ms + 1e-9; v += step) {
            int x = LEFT + (int) Math.round(v * 1e6 * scale);
            g.drawLine(x, y + 4, x, y + 9);
            g.drawString(String.format(Locale.ROOT, step < 1 ? "%.2f ms" : "%.0f ms", v), x - 14, y + 24);
        }
    }

    /** @return 1, 2 or 5 times a power of ten, at least {@code raw} */
    static double niceStep(double raw) {
        if (raw <= 0) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= raw) {
                return m * p;
            }
        }
        return 10 * p;
    }
}
