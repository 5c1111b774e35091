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
 * thinner), parked time in grey, the rest of a worker's time (awake, looking for work) in amber,
 * steals as red lines from the victim's track at the fork to the thief's at the start, or, when
 * there are too many to tell apart, as red ticks on the thief's track where each stolen task
 * started; a stolen task too short to show as a bar (or to be recorded as a slice: under 10 µs)
 * gets a red mark under its thief's track. The time axis
 * covers the computation only (from the first task's start to the last task's end: the time
 * workers spent parked before the first task or after the last is left out), and a legend names
 * each colour.
 */
public final class TimelineImage {
    private static final int WIDTH = 1600;
    private static final int LEFT = 110;
    private static final int RIGHT = 30;
    private static final int TOP = 50;
    private static final int TRACK = 46;
    private static final int BOTTOM = 50;
    private static final int LEGEND = 24;
    private static final Color[] DEPTH = {
        new Color(0x4C78A8), new Color(0x3A5F8A), new Color(0x2B476A), new Color(0x1E324B)};
    private static final Color PARKED = new Color(0xC8C8C8);
    private static final Color SEARCHING = new Color(0xF6D68B);
    private static final Color STEAL = new Color(0xD62728);
    /** More steals than this are drawn as ticks on the thief's track, not as lines. */
    static final int MAX_STEAL_LINES = 150;

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
        int height = TOP + LEGEND + TRACK * Math.max(1, t.workers()) + BOTTOM;
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

    /**
     * @return {@code {from, to}}: the computation's window, from the earliest task start (or steal)
     *     to the latest task end; the whole recording if it holds no task
     */
    static long[] window(Timeline t) {
        long from = Long.MAX_VALUE;
        long to = Long.MIN_VALUE;
        for (Timeline.Slice s : t.slices()) {
            from = Math.min(from, s.start());
            to = Math.max(to, s.end());
        }
        for (Timeline.Steal s : t.steals()) {
            from = Math.min(from, s.forkedAt());
            to = Math.max(to, s.startedAt());
        }
        if (from > to) {
            return new long[] {0, Math.max(1L, t.end())};
        }
        return new long[] {from, Math.max(to, from + 1)};
    }

    private static void draw(Graphics2D g, Timeline t, String title, int height) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, height);
        long[] win = window(t);
        Frame f = new Frame(win[0], win[1], (WIDTH - LEFT - RIGHT) / (double) (win[1] - win[0]));
        int top = TOP + LEGEND;
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(title, LEFT, 28);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        drawLegend(g, TOP + 4);
        for (int w = 0; w < t.workers(); w++) {
            int y = top + w * TRACK;
            g.setColor(SEARCHING);                // awake without a task, unless a park or task covers it
            g.fillRect(LEFT, y + TRACK / 2 - 3, WIDTH - LEFT - RIGHT, 6);
            g.setColor(Color.BLACK);
            g.drawString("worker " + w, 12, y + TRACK / 2 + 4);
        }
        g.setColor(PARKED);
        for (Timeline.Park p : t.parks()) {
            f.fill(g, p.start(), p.end(), top + p.worker() * TRACK + TRACK / 2 - 3, 6);
        }
        for (int w = 0; w < t.workers(); w++) {
            drawSlices(g, t, w, f, top);
        }
        drawSteals(g, t, f, top);
        drawAxis(g, f, top + t.workers() * TRACK);
        g.setColor(Color.DARK_GRAY);
        g.drawString(String.format(Locale.ROOT, "%d tasks drawn, %d steals%s; time from the first task's start%s",
                t.slices().size(), t.steals().size(),
                t.steals().size() > MAX_STEAL_LINES ? " (ticks where each stolen task started)" : "",
                t.truncated() ? "; recording truncated" : ""),
                LEFT, height - 10);
    }

    private static void drawLegend(Graphics2D g, int y) {
        Object[][] items = {{DEPTH[0], "task"}, {DEPTH[2], "task run inside a join"}, {SEARCHING, "awake, looking for work"},
            {PARKED, "parked"}, {STEAL, "steal"}};
        int x = LEFT;
        for (Object[] it : items) {
            g.setColor((Color) it[0]);
            g.fillRect(x, y, 14, 10);
            g.setColor(Color.BLACK);
            g.drawString((String) it[1], x + 19, y + 10);
            x += 19 + g.getFontMetrics().stringWidth((String) it[1]) + 24;
        }
    }

    /**
     * Steals as lines from victim to thief while they can be told apart, else as ticks on the
     * thief's track; a stolen task that ran too briefly to show as a bar is marked either way.
     */
    private static void drawSteals(Graphics2D g, Timeline t, Frame f, int top) {
        boolean lines = t.steals().size() <= MAX_STEAL_LINES;
        g.setColor(STEAL);
        g.setStroke(new BasicStroke(1f));
        for (Timeline.Steal s : t.steals()) {
            int x2 = f.x(s.startedAt());
            int y2 = top + s.thief() * TRACK;
            if (lines) {
                g.drawLine(f.x(s.forkedAt()), top + s.victim() * TRACK + TRACK / 2, x2, y2 + TRACK / 2);
            } else {
                g.drawLine(x2, y2 + 3, x2, y2 + 9);
            }
        }
        java.util.Set<Long> wide = new java.util.HashSet<>();   // slices wide enough to see
        for (Timeline.Slice s : t.slices()) {
            if (f.x(s.end()) - f.x(s.start()) >= 2) {
                wide.add(key(s.worker(), s.start()));
            }
        }
        for (Timeline.Steal s : t.steals()) {
            if (!wide.contains(key(s.thief(), s.startedAt()))) {
                int x = f.x(s.startedAt());       // a stolen task under 10 µs (no slice) or under a pixel
                g.fillRect(x - 1, top + s.thief() * TRACK + TRACK - 12, 3, 6);
            }
        }
    }

    /** @return a key for "worker {@code w} started a task at {@code at}" (a steal's start matches its slice's) */
    private static long key(int w, long at) {
        return at * 31 + w;
    }

    /** The window drawn: pixels from nanoseconds. */
    private record Frame(long from, long to, double scale) {
        int x(long at) {
            long c = Math.max(from, Math.min(to, at));
            return LEFT + (int) Math.round((c - from) * scale);
        }

        /** Fills {@code [start, end)} clipped to the window, at least a pixel wide if it is inside. */
        void fill(Graphics2D g, long start, long end, int y, int h) {
            if (end < from || start > to) {
                return;
            }
            int x0 = x(start);
            g.fillRect(x0, y, Math.max(1, x(end) - x0), h);
        }
    }

    /** Slices of one worker, drawn outermost first; nesting depth from a stack of open ends. */
    private static void drawSlices(Graphics2D g, Timeline t, int worker, Frame f, int top) {
        List<Timeline.Slice> mine = new ArrayList<>();
        for (Timeline.Slice s : t.slices()) {
            if (s.worker() == worker) {
                mine.add(s);
            }
        }
        mine.sort(Comparator.comparingLong(Timeline.Slice::start)
                .thenComparing(Comparator.comparingLong(Timeline.Slice::end).reversed()));
        List<Long> open = new ArrayList<>();
        int y = top + worker * TRACK;
        for (Timeline.Slice s : mine) {
            while (!open.isEmpty() && open.get(open.size() - 1) <= s.start()) {
                open.remove(open.size() - 1);
            }
            int depth = open.size();
            open.add(s.end());
            int inset = Math.min(depth, 3) * 4;
            g.setColor(DEPTH[Math.min(depth, DEPTH.length - 1)]);
            f.fill(g, s.start(), s.end(), y + 6 + inset, TRACK - 12 - 2 * inset);
        }
    }

    /** Milliseconds from the window's start. */
    private static void drawAxis(Graphics2D g, Frame f, int y) {
        g.setColor(Color.BLACK);
        g.drawLine(LEFT, y + 4, WIDTH - RIGHT, y + 4);
        double ms = (f.to() - f.from()) / 1e6;
        double step = niceStep(ms / 10);
        for (double v = 0; v <= ms + 1e-9; v += step) {
            int x = LEFT + (int) Math.round(v * 1e6 * f.scale());
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
