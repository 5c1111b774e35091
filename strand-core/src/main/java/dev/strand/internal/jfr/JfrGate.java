package dev.strand.internal.jfr;

import java.util.Optional;

/**
 * Whether Flight Recorder can see an event now: the {@code jdk.jfr} module is readable and the
 * recorder has been initialized (a recording was started, at launch or later). Callers test this
 * before touching {@link StrandEvents}, so that a JVM that never records never loads an event
 * class: the first load of an event class initializes Flight Recorder's metadata, hundreds of
 * classes and most of a cold start (see the package essay).
 */
public final class JfrGate {
    private JfrGate() { }

    private static final boolean READABLE = readable();

    /**
     * @return whether a recording may be running: one volatile read once the module was found
     *     readable. Flips to true, and stays so, when the recorder initializes.
     */
    public static boolean recorderUp() {
        return READABLE && jdk.jfr.FlightRecorder.isInitialized();
    }

    /** @return whether this module reads {@code jdk.jfr} (absent from a jlinked runtime without it) */
    private static boolean readable() {
        Optional<Module> jfr = ModuleLayer.boot().findModule("jdk.jfr");
        return jfr.isPresent() && JfrGate.class.getModule().canRead(jfr.get());
    }
}
