package dev.strand.internal.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How many cores this process may use: the processors the JVM reports (CPU affinity, and on
 * most JVMs the container quota), bounded again by the cgroup CPU quota read here, because a
 * JVM started with {@code -XX:-UseContainerSupport} or {@code -XX:ActiveProcessorCount} may report
 * more than the quota lets it run.
 *
 * <p>cgroup v2 keeps the quota in {@code cpu.max} ("{@code max 100000}", or "{@code 150000 100000}"
 * for 1.5 cores); v1 in {@code cpu.cfs_quota_us} ({@code -1} for none) and
 * {@code cpu.cfs_period_us}. Files that are missing or unreadable mean no quota.
 */
public final class CpuBudget {
    private CpuBudget() { }

    /** The budget once read, 0 before: read at first use, not at class initialization. */
    private static volatile int cores;

    /**
     * Reads the cgroup files (the JDK's file and charset classes, a double parsed) at the first
     * call: {@code Oversubscription} asks from the feedback sampler's thread, after the workers'
     * first quantum, so that a pool's start does not pay for it (docs/design.md, "Start-up").
     *
     * @return the whole cores this process may use, at least 1
     */
    public static int cores() {
        int c = cores;
        if (c == 0) {
            c = read();                           // racing first callers read the same files
            cores = c;
        }
        assert c >= 1 : "a budget of at least one core";
        return c;
    }

    private static int read() {
        int processors = Runtime.getRuntime().availableProcessors();
        double quota = quota(Path.of("/sys/fs/cgroup"));
        return bound(processors, quota);
    }

    /**
     * @param processors what the JVM reports
     * @param quota      the cgroup quota in cores, or a negative number for none
     * @return the cores the process may use: the quota rounded up, at most {@code processors},
     *     at least 1
     */
    public static int bound(int processors, double quota) {
        int p = Math.max(1, processors);
        if (quota <= 0) {
            return p;
        }
        return Math.max(1, Math.min(p, (int) Math.ceil(quota - 1e-9)));
    }

    /**
     * @param root the cgroup file system's mount point
     * @return the quota in cores of this process's cgroup (v2 first, then v1), or -1 for none
     */
    static double quota(Path root) {
        double v2 = parseV2(firstLine(root.resolve("cpu.max")));
        if (v2 > 0) {
            return v2;
        }
        for (String dir : List.of("cpu", "cpu,cpuacct", "cpuacct,cpu")) {
            double v1 = parseV1(firstLine(root.resolve(dir).resolve("cpu.cfs_quota_us")),
                    firstLine(root.resolve(dir).resolve("cpu.cfs_period_us")));
            if (v1 > 0) {
                return v1;
            }
        }
        return -1;
    }

    /**
     * @param cpuMax the content of cgroup v2's {@code cpu.max}, or null
     * @return quota / period in cores, or -1 if unlimited or unreadable
     */
    public static double parseV2(String cpuMax) {
        if (cpuMax == null) {
            return -1;
        }
        // Split by hand: a regular expression here would load java.util.regex on every pool's start.
        String t = cpuMax.trim();
        int gap = 0;
        while (gap < t.length() && !Character.isWhitespace(t.charAt(gap))) {
            gap++;
        }
        String first = t.substring(0, gap);
        String rest = t.substring(gap).trim();
        int end = 0;
        while (end < rest.length() && !Character.isWhitespace(rest.charAt(end))) {
            end++;
        }
        String second = rest.substring(0, end);
        if (first.isEmpty() || first.equals("max")) {
            return -1;
        }
        try {
            double quota = Double.parseDouble(first);
            double period = second.isEmpty() ? 100_000 : Double.parseDouble(second);
            return quota > 0 && period > 0 ? quota / period : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * @param quotaUs  the content of cgroup v1's {@code cpu.cfs_quota_us}, or null
     * @param periodUs the content of {@code cpu.cfs_period_us}, or null
     * @return quota / period in cores, or -1 if unlimited ({@code -1}) or unreadable
     */
    public static double parseV1(String quotaUs, String periodUs) {
        if (quotaUs == null || periodUs == null) {
            return -1;
        }
        try {
            double q = Double.parseDouble(quotaUs.trim());
            double p = Double.parseDouble(periodUs.trim());
            return q > 0 && p > 0 ? q / p : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String firstLine(Path p) {
        try {
            List<String> lines = Files.readAllLines(p);
            return lines.isEmpty() ? null : lines.get(0);
        } catch (IOException | SecurityException e) {
            return null;                          // no such controller here: no quota from it
        }
    }
}
