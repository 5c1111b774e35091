package dev.strand.internal.profile;

/** A profiler constant in nanoseconds that a system property may set instead of a measurement. */
final class NanosProperty {
    private NanosProperty() { }

    /**
     * @param name the system property
     * @return its value, or -1 if it is not set
     * @throws IllegalArgumentException naming the property if it is set to anything but a whole
     *     number of nanoseconds {@code >= 0}
     */
    static long read(String name) {
        String p = System.getProperty(name);
        if (p == null) {
            return -1;
        }
        try {
            long v = Long.parseLong(p.trim());
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below, with the property's name
        }
        throw new IllegalArgumentException(name + " must be a number of nanoseconds >= 0, got '" + p + "'");
    }
}
