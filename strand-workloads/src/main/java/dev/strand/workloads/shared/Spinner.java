package dev.strand.workloads.shared;

import java.io.IOException;
import java.util.List;

/**
 * A CPU-bound process that competes with the benchmark for the cores: it spins until its parent
 * ends or closes its standard input.
 */
public final class Spinner {
    private Spinner() { }

    /**
     * Starts one spinner process on the same JVM and class path.
     *
     * @return the process (destroy it when done)
     * @throws IllegalStateException if it cannot be started
     */
    static Process start() {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = List.of(java, "-Xmx32m", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), Spinner.class.getName());
        try {
            return new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a competing process: " + e.getMessage(), e);
        }
    }

    /**
     * Spins until standard input ends (the parent closed it or died).
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        Thread watch = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // drain
                }
            } catch (IOException e) {
                // the parent is gone either way
            }
            System.exit(0);
        });
        watch.setDaemon(true);
        watch.start();
        long x = 1;
        while (true) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            if (x == 42) {
                System.out.println(x);            // never: keeps the loop from being removed
            }
        }
    }
}
