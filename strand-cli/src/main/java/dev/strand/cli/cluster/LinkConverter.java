package dev.strand.cli.cluster;

import dev.strand.cluster.cost.Link;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code measured} (null: measure on the cluster) or a network to assume, {@code NMbit} or
 * {@code NGbit} with an optional {@code /LATENCYus}: {@code 100mbit}, {@code 1gbit/500us}.
 */
final class LinkConverter implements ITypeConverter<Link> {

    @Override
    public Link convert(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        if (v.equals("measured")) {
            return null;
        }
        double latencyMicros = 200;
        int slash = v.indexOf('/');
        if (slash >= 0) {
            String lat = v.substring(slash + 1);
            if (!lat.endsWith("us")) {
                throw new TypeConversionException("latency must end in 'us', got '" + lat + "'");
            }
            latencyMicros = number(lat.substring(0, lat.length() - 2), value);
            v = v.substring(0, slash);
        }
        if (v.endsWith("gbit")) {
            return Link.ofMegabits(1000 * number(v.substring(0, v.length() - 4), value), latencyMicros);
        }
        if (v.endsWith("mbit")) {
            return Link.ofMegabits(number(v.substring(0, v.length() - 4), value), latencyMicros);
        }
        throw new TypeConversionException("'" + value + "' is not 'measured' or a bandwidth like 100mbit, "
                + "1gbit or 100mbit/500us");
    }

    private static double number(String s, String whole) {
        try {
            double d = Double.parseDouble(s);
            if (!(d > 0) || Double.isInfinite(d)) {
                throw new TypeConversionException("'" + whole + "': the number must be positive");
            }
            return d;
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + whole + "': '" + s + "' is not a number");
        }
    }
}
