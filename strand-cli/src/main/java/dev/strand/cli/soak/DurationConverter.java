package dev.strand.cli.soak;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A duration such as {@code 500ms}, {@code 30s}, {@code 10m}, {@code 2h} or {@code 1h30m}. */
final class DurationConverter implements ITypeConverter<Duration> {
    private static final Pattern PART = Pattern.compile("(\\d{1,9})(ms|s|m|h|d)");

    @Override
    public Duration convert(String value) {
        Duration d = parse(value);
        if (d == null) {
            throw new TypeConversionException("'" + value + "' is not a duration (use a number "
                    + "and a unit: ms, s, m, h or d, e.g. 30s, 10m, 1h30m)");
        }
        return d;
    }

    /** @return the duration, or null if {@code s} is not one */
    static Duration parse(String s) {
        String v = s.strip().toLowerCase(Locale.ROOT);
        if (v.isEmpty()) {
            return null;
        }
        Matcher m = PART.matcher(v);
        Duration d = Duration.ZERO;
        int at = 0;
        while (at < v.length()) {
            if (!m.find(at) || m.start() != at) {
                return null;
            }
            long n = Long.parseLong(m.group(1));
            d = d.plus(switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            });
            at = m.end();
        }
        return d;
    }

    /** @return e.g. {@code 10m}, {@code 1m30s}, {@code 750ms} */
    static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 1000 != 0) {
            return ms + "ms";
        }
        long s = ms / 1000;
        StringBuilder b = new StringBuilder();
        if (s >= 3600) {
            b.append(s / 3600).append('h');
            s %= 3600;
        }
        if (s >= 60) {
            b.append(s / 60).append('m');
            s %= 60;
        }
        if (s > 0 || b.isEmpty()) {
            b.append(s).append('s');
        }
        return b.toString();
    }
}
