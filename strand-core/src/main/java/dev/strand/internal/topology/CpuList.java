package dev.strand.internal.topology;

import java.util.Arrays;

/**
 * The kernel's CPU list syntax, as in {@code /sys/devices/system/node/node0/cpulist} or the
 * {@code Cpus_allowed_list} line of {@code /proc/self/status}: comma-separated numbers and
 * inclusive ranges, {@code "0-3,8-11"}; an empty list is an empty string. A range may carry a
 * stride, {@code "0-15:2"} (every second CPU), as the kernel's command line accepts.
 */
public final class CpuList {
    private CpuList() { }

    /** Largest CPU number accepted: the kernel's own limit is far below. */
    static final int MAX_CPU = 1 << 16;

    /**
     * @param s a CPU list; surrounding white space (a file's newline) is ignored
     * @return the CPUs, ascending, without duplicates
     * @throws IllegalArgumentException if {@code s} is not a CPU list
     */
    public static int[] parse(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return new int[0];
        }
        int[] out = new int[8];
        int n = 0;
        for (String part : t.split(",", -1)) {
            String p = part.strip();
            int stride = 1;
            int colon = p.indexOf(':');
            if (colon >= 0) {
                stride = number(p.substring(colon + 1), s);
                p = p.substring(0, colon);
                if (stride < 1) {
                    throw new IllegalArgumentException("not a CPU list (stride < 1): '" + s + "'");
                }
            }
            int dash = p.indexOf('-');
            int lo = number(dash < 0 ? p : p.substring(0, dash), s);
            int hi = dash < 0 ? lo : number(p.substring(dash + 1), s);
            if (hi < lo || (dash < 0 && colon >= 0)) {
                throw new IllegalArgumentException("not a CPU list: '" + s + "'");
            }
            for (int c = lo; c <= hi; c += stride) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = c;
            }
        }
        return Arrays.stream(out, 0, n).sorted().distinct().toArray();
    }

    private static int number(String p, String whole) {
        String d = p.strip();
        if (d.isEmpty() || d.length() > 6 || !d.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("not a CPU list: '" + whole + "'");
        }
        int v = Integer.parseInt(d);
        if (v > MAX_CPU) {
            throw new IllegalArgumentException("CPU number too large in '" + whole + "'");
        }
        return v;
    }

    /**
     * @param cpus CPU numbers, in any order
     * @return the shortest list of numbers and ranges, ascending, e.g. {@code "0-3,8"}
     */
    public static String format(int[] cpus) {
        int[] c = Arrays.stream(cpus).sorted().distinct().toArray();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < c.length; ) {
            int j = i;
            while (j + 1 < c.length && c[j + 1] == c[j] + 1) {
                j++;
            }
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(c[i]);
            if (j > i) {
                sb.append('-').append(c[j]);
            }
            i = j + 1;
        }
        return sb.toString();
    }
}
