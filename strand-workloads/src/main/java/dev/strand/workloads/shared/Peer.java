package dev.strand.workloads.shared;

import dev.strand.Multiprogramming;
import dev.strand.workloads.Catalog;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Pools;
import dev.strand.workloads.Size;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Another JVM that runs the same jobs as the benchmark, on its own pools of the same parallelism,
 * at the same moments: two processes that each believe they have the machine. The parent drives it
 * over its standard streams, one line per command:
 * <pre>
 *   prepare VARIANT   prepare every job for VARIANT, collect garbage; answers "ok"
 *   run VARIANT       run every job at once (as the parent does), check the results; answers
 *                     "done NANOS" (the jobs' wall time) or "error MESSAGE"
 * </pre>
 * It exits when its standard input ends.
 */
public final class Peer implements AutoCloseable {
    private final Process process;
    private final Writer commands;
    private final BufferedReader answers;

    private Peer(Process process) {
        this.process = process;
        this.commands = process.outputWriter(StandardCharsets.UTF_8);
        this.answers = process.inputReader(StandardCharsets.UTF_8);
    }

    /**
     * Starts a peer JVM (same Java, same class path) and waits until its pools are up.
     *
     * @param parallelism each pool's workers
     * @param mode        the Strand pools' multiprogrammed mode
     * @param size        the jobs' size
     * @param jobs        the jobs' kernel names
     * @return the peer
     * @throws IllegalStateException if it cannot be started or fails to set up
     */
    static Peer start(int parallelism, Multiprogramming mode, Size size, List<String> jobs) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-Xms2g", "-Xmx2g", "-Xss64m", "-cp",
                System.getProperty("java.class.path"), Peer.class.getName(),
                Integer.toString(parallelism), mode.name(), size.label()));
        cmd.addAll(jobs);
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            Peer peer = new Peer(p);
            peer.expect("ready");
            return peer;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start a peer process: " + e.getMessage(), e);
        }
    }

    /** Asks the peer to prepare for {@code v} and waits until it has. */
    void prepare(Variant v) throws IOException {
        send("prepare " + v.label());
        expect("ok");
    }

    /** Starts a run of {@code v} in the peer: {@link #awaitRun} collects it. */
    void startRun(Variant v) throws IOException {
        send("run " + v.label());
    }

    /**
     * @return the peer's wall time for its run, in ns
     * @throws IllegalStateException if the peer failed or its result was wrong
     */
    long awaitRun() throws IOException {
        String a = answers.readLine();
        if (a == null || !a.startsWith("done ")) {
            throw new IllegalStateException("peer process: " + (a == null ? "exited" : a));
        }
        return Long.parseLong(a.substring(5).strip());
    }

    private void send(String line) throws IOException {
        commands.write(line + "\n");
        commands.flush();
    }

    private void expect(String want) throws IOException {
        String a = answers.readLine();
        if (!want.equals(a)) {
            throw new IllegalStateException("peer process: expected '" + want + "', got "
                    + (a == null ? "end of output" : "'" + a + "'"));
        }
    }

    @Override
    public void close() {
        try {
            commands.close();                     // the peer exits at the end of its input
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The peer's side.
     *
     * @param args parallelism, mode, size, then the jobs' kernel names
     * @throws Exception if set-up fails (the parent sees the process end)
     */
    public static void main(String[] args) throws Exception {
        int p = Integer.parseInt(args[0]);
        Multiprogramming mode = Multiprogramming.valueOf(args[1]);
        Size size = null;
        for (Size s : Size.values()) {
            if (s.label().equals(args[2])) {
                size = s;
            }
        }
        if (size == null) {
            throw new IllegalArgumentException("no size " + args[2]);
        }
        List<Workload> jobs = new ArrayList<>();
        List<Pools> pools = new ArrayList<>();
        List<Variant> variants = List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
        for (int i = 3; i < args.length; i++) {
            Kernel k = Catalog.find(args[i]).orElseThrow();
            Workload w = k.create(size, Map.of());
            Pools own = Pools.open(p, variants, t -> { }, mode);
            w.setUp(own);
            jobs.add(w);
            pools.add(own);
        }
        PrintStream out = System.out;
        out.println("ready");
        out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            String[] cmd = line.strip().split(" ", 2);
            Variant v = Variant.parse(cmd[1]);
            if (cmd[0].equals("prepare")) {
                for (Workload w : jobs) {
                    w.prepare(v);
                }
                System.gc();
                out.println("ok");
            } else {
                try {
                    long t0 = System.nanoTime();
                    Object[] results = SharedWorkload.runAll(jobs, v);
                    long t = System.nanoTime() - t0;
                    for (int i = 0; i < jobs.size(); i++) {
                        jobs.get(i).check(v, results[i]);
                    }
                    out.println("done " + t);
                } catch (Exception e) {
                    out.println("error " + e);
                }
            }
            out.flush();
        }
        for (Workload w : jobs) {
            w.close();
        }
        pools.forEach(Pools::close);
    }
}
