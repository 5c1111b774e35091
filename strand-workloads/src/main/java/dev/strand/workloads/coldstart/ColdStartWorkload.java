package dev.strand.workloads.coldstart;

import dev.strand.StrandPool;
import dev.strand.workloads.Kernel;
import dev.strand.workloads.Metric;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;

/**
 * {@code coldstart}: what a command-line tool, a test or a serverless function sees. Every run
 * launches a fresh JVM running {@link ColdMain} and measures the time from the launch to the line
 * carrying its result. The child's class path is what a user's would be: the core library's
 * classes and the program, not this harness's (extracted into a small jar at set-up when the
 * harness runs from one large jar; the library's entries stored, not deflated, as strand-core's
 * own jar ships them).
 *
 * <p>{@code job=first}: a pool of P and one small fork-join task. {@code job=second}: a job of
 * about a second (fib(36) forking down to fib(18), ten times). Set-up runs every variant once more
 * with {@code -Xlog:class+load} and reports the classes each loaded ({@code classes}); each run
 * also reports the time its {@code main} took ({@code main-ms}). With {@code cds=1} set-up also
 * records an application class-data archive per variant ({@code -XX:ArchiveClassesAtExit}) and
 * every run starts from it: what a deployment that ships such an archive sees. With {@code cds=2}
 * set-up trains an ahead-of-time cache per variant instead ({@code -XX:AOTCacheOutput}, JDK 25's
 * one-step form of JEP 483): the classes loaded and linked, and the program's lambdas, come from
 * the cache ({@code -XX:AOTCache}).
 */
public final class ColdStartWorkload extends Workload {
    private final String job;
    /** 0: the JVM's defaults; 1: an application class-data archive; 2: an ahead-of-time cache. */
    private final int cds;
    /** Strand's program: {@code join} (lambdas) or {@code task} (a Task subclass). */
    private final String form;
    private Path dir;
    private String classPath;
    private final Map<Variant, Double> classes = new LinkedHashMap<>();

    ColdStartWorkload(String job, int cds, String form) {
        this.job = job;
        this.cds = cds;
        this.form = form;
    }

    /** @return the kernel */
    public static Kernel kernel() {
        return new Kernel("coldstart", "a fresh JVM per run: launch to first result (ms), a pool of P and one "
                + "small task (job=first) or a one-second job (job=second)",
                List.of(new Kernel.Param("job", "first: one small fork-join task; second: fib(36) cutoff 18, ten times",
                        "first", "first", "second"),
                        new Kernel.Param("cds", "1: each variant runs with an application class-data archive "
                                + "(-XX:SharedArchiveFile) that set-up records for it; 2: with an ahead-of-time "
                                + "cache (-XX:AOTCache, JDK 25+) that set-up trains for it; 0: the JVM's defaults",
                                "0", "0", "0"),
                        new Kernel.Param("form", "Strand's program: join (Strand.join of two lambdas) or task "
                                + "(a Task subclass, written as ForkJoinPool's RecursiveTask, no lambdas)",
                                "join", "join", "join")),
                p -> {
                    String job = p.get("job");
                    if (!job.equals("first") && !job.equals("second")) {
                        throw new IllegalArgumentException("coldstart.job must be first or second, got '" + job + "'");
                    }
                    String form = p.get("form");
                    if (!form.equals("join") && !form.equals("task")) {
                        throw new IllegalArgumentException("coldstart.form must be join or task, got '" + form + "'");
                    }
                    return new ColdStartWorkload(job, p.getInt("cds", 0, 2), form);
                });
    }

    @Override
    public String name() {
        return "coldstart";
    }

    @Override
    public String params() {
        return "job=" + job + (cds != 0 ? " cds=" + cds : "") + (form.equals("join") ? "" : " form=" + form);
    }

    @Override
    public List<Variant> variants() {
        return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
    }

    @Override
    public Metric metric() {
        return Metric.FIRST_RESULT;
    }

    @Override
    public void setUp(dev.strand.workloads.Pools pools) {
        super.setUp(pools);
        try {
            dir = Files.createTempDirectory("strand-coldstart");
            classPath = childClassPath(dir, cds != 0);
            for (Variant v : variants()) {
                Path log = dir.resolve(v.label() + "-classes.log");
                launch(v, List.of("-Xlog:class+load=info:file=" + log));
                try (var lines = Files.lines(log)) {
                    classes.put(v, (double) lines.count());
                }
                if (cds != 0) {
                    Path cache = cds == 1 ? archive(v) : aotCache(v);
                    launch(v, List.of((cds == 1 ? "-XX:ArchiveClassesAtExit=" : "-XX:AOTCacheOutput=") + cache));
                    if (!Files.isRegularFile(cache)) {
                        // The JVM reports a failed dump and still exits 0; runs would then silently
                        // start without the archive or cache.
                        throw new IOException("coldstart " + v.label() + ": the JVM wrote no "
                                + (cds == 1 ? "class-data archive" : "ahead-of-time cache") + " at " + cache);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("coldstart: could not prepare the child JVMs", e);
        }
    }

    @Override
    public Object run(Variant v) throws Exception {
        return launch(v, switch (cds) {
            case 1 -> List.of("-XX:SharedArchiveFile=" + archive(v));
            case 2 -> List.of("-XX:AOTCache=" + aotCache(v));
            default -> List.of();
        });
    }

    private Path archive(Variant v) {
        return dir.resolve(v.label() + ".jsa");
    }

    private Path aotCache(Variant v) {
        return dir.resolve(v.label() + ".aot");
    }

    @Override
    public double value(Object result) {
        return ((Child) result).launchToResultNanos() / 1e6;
    }

    @Override
    public void check(Variant v, Object result) {
        long want = job.equals("second") ? ColdMain.fib(36) : ColdMain.fib(20);
        Child c = (Child) result;
        if (c.result() != want) {
            throw new WrongResultException("coldstart " + v.label() + ": got " + c.result() + ", want " + want);
        }
    }

    @Override
    public Map<String, Double> extras(Variant v, Object result) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("main-ms", ((Child) result).mainNanos() / 1e6);
        Double n = classes.get(v);
        if (n != null) {
            m.put("classes", n);
        }
        return m;
    }

    @Override
    public void close() {
        if (dir == null) {
            return;
        }
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("coldstart: could not remove " + dir, e);
        }
    }

    /** One child JVM's answer. */
    record Child(long result, long mainNanos, long launchToResultNanos) { }

    private Child launch(Variant v, List<String> jvmOptions) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(ColdMain.class.getName());
        cmd.add(v.label());
        cmd.add(job);
        cmd.add(Integer.toString(pools.parallelism()));
        cmd.add(form);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        long start = System.nanoTime();
        Process proc = pb.start();
        List<String> output = new ArrayList<>();
        Child child = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(proc.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (child == null && line.startsWith("result ")) {
                    long at = System.nanoTime() - start;
                    String[] f = line.split(" ", -1);
                    child = new Child(Long.parseLong(f[1]), Long.parseLong(f[2]), at);
                } else {
                    output.add(line);
                }
            }
        }
        try {
            if (!proc.waitFor(60, TimeUnit.SECONDS)) {
                proc.destroyForcibly();
                throw new IOException("coldstart " + v.label() + ": the child JVM did not exit within 60 s");
            }
        } catch (InterruptedException e) {
            proc.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("coldstart: interrupted while waiting for the child JVM", e);
        }
        if (proc.exitValue() != 0 || child == null) {
            throw new IOException("coldstart " + v.label() + ": the child JVM exited with " + proc.exitValue()
                    + (child == null ? " without a result" : "") + "; it printed: " + String.join("\n", output));
        }
        return child;
    }

    /**
     * The child's class path: the directories or jars holding the core library and this package,
     * or, when they are one large jar (the command line's), a small jar of just those classes.
     * Directories are packed into jars too when {@code jarsOnly}: the JVM's class-data archives
     * and ahead-of-time caches accept no directory on the class path.
     */
    private static String childClassPath(Path dir, boolean jarsOnly) throws IOException {
        Set<Path> sources = new LinkedHashSet<>();
        sources.add(codeSource(StrandPool.class));
        sources.add(codeSource(ColdMain.class));
        List<String> entries = new ArrayList<>();
        for (Path s : sources) {
            if (Files.isDirectory(s) && !jarsOnly) {
                entries.add(s.toString());
            } else if (Files.isDirectory(s)) {
                Path jar = dir.resolve("child-" + entries.size() + ".jar");
                pack(s, jar);
                entries.add(jar.toString());
            } else {
                Path jar = dir.resolve("child-" + entries.size() + ".jar");
                extract(s, jar);
                entries.add(jar.toString());
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    private static Path codeSource(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("coldstart: cannot locate the classes of " + c.getName(), e);
        }
    }

    /** The program's package: the rest of what the child needs is the library. */
    private static final String PROGRAM = "dev/strand/workloads/coldstart/";

    /** Packages of the command line's jar that a Strand user's program does not have. */
    private static final List<String> NOT_THE_LIBRARY = List.of("dev/strand/cli/", "dev/strand/cluster/",
            "dev/strand/sim/", "dev/strand/workloads/", "dev/strand/bench/");

    static boolean childNeeds(String entry) {
        if (!entry.endsWith(".class")) {
            return false;
        }
        if (entry.startsWith(PROGRAM)) {
            return true;
        }
        if (!entry.startsWith("dev/strand/")) {
            return false;
        }
        for (String p : NOT_THE_LIBRARY) {
            if (entry.startsWith(p)) {
                return false;
            }
        }
        return true;
    }

    private static void extract(Path from, Path to) throws IOException {
        try (JarFile in = new JarFile(from.toFile());
             JarOutputStream out = new JarOutputStream(Files.newOutputStream(to))) {
            for (Enumeration<JarEntry> e = in.entries(); e.hasMoreElements(); ) {
                JarEntry entry = e.nextElement();
                if (!childNeeds(entry.getName())) {
                    continue;
                }
                byte[] bytes;
                try (InputStream is = in.getInputStream(entry)) {
                    bytes = is.readAllBytes();
                }
                put(out, entry.getName(), bytes);
            }
        }
    }

    /** As {@link #extract}, from a directory of classes (a build's output). */
    private static void pack(Path from, Path to) throws IOException {
        List<Path> files;
        try (var walk = Files.walk(from)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(to))) {
            for (Path f : files) {
                String name = from.relativize(f).toString().replace(java.io.File.separatorChar, '/');
                if (childNeeds(name)) {
                    put(out, name, Files.readAllBytes(f));
                }
            }
        }
    }

    private static void put(JarOutputStream out, String name, byte[] bytes) throws IOException {
        JarEntry copy = new JarEntry(name);
        if (!name.startsWith(PROGRAM)) {
            // The library as strand-core's jar ships it: stored, not deflated.
            CRC32 crc = new CRC32();
            crc.update(bytes);
            copy.setMethod(ZipEntry.STORED);
            copy.setSize(bytes.length);
            copy.setCompressedSize(bytes.length);
            copy.setCrc(crc.getValue());
        }
        out.putNextEntry(copy);
        out.write(bytes);
        out.closeEntry();
    }

}
