package dev.strand.cli.profile;

import dev.strand.PoolConfig;
import dev.strand.profile.ProfileReport;
import dev.strand.profile.Profiler;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

/**
 * Runs a user's program in this JVM with every Strand pool profiling, as {@code -Dstrand.profile=DIR}
 * would: the property is set while the program's {@code main} runs (pools it builds then profile,
 * and write their reports into DIR when they close), and the reports of the pools it created are
 * collected afterwards with {@link Profiler#reports()}.
 *
 * <p>The program's classes load in a fresh class loader over its class path; Strand's own classes
 * ({@code dev.strand}) come from this command, so that the profiler the program's pools use is the
 * one read here (a copy of Strand inside the program's jar is not used).
 */
final class ProgramRun {
    private ProgramRun() { }

    /** Input that names no runnable program: the message says why, in one line. */
    static final class BadProgram extends Exception {
        BadProgram(String message) {
            super(message);
        }
    }

    /**
     * @param classPath the program's class path
     * @param mainClass the class whose {@code main} runs
     * @param args      its arguments
     */
    record Target(List<Path> classPath, String mainClass, List<String> args) { }

    /** @return the program of a jar: {@code mainClass}, or the manifest's Main-Class if null */
    static Target ofJar(Path jar, String mainClass, List<String> args) throws BadProgram {
        if (!Files.isRegularFile(jar)) {
            throw new BadProgram("jar not found: " + jar);
        }
        String main = mainClass;
        if (main == null) {
            try (JarFile j = new JarFile(jar.toFile())) {
                var mf = j.getManifest();
                main = mf == null ? null : mf.getMainAttributes().getValue("Main-Class");
            } catch (IOException e) {
                throw new BadProgram("cannot read jar " + jar + ": " + e.getMessage());
            }
            if (main == null || main.isBlank()) {
                throw new BadProgram("jar " + jar + " names no Main-Class in its manifest: give one with --main");
            }
        }
        return new Target(List.of(jar), main.strip(), args);
    }

    /** @return the program on a class path ({@link File#pathSeparator}-separated) */
    static Target ofClassPath(String classPath, String mainClass, List<String> args) throws BadProgram {
        if (mainClass == null) {
            throw new BadProgram("--class-path needs --main CLASS, the class whose main method to run");
        }
        List<Path> cp = new ArrayList<>();
        for (String e : classPath.split(File.pathSeparator, -1)) {
            if (e.isBlank()) {
                continue;
            }
            Path p = Path.of(e);
            if (!Files.exists(p)) {
                throw new BadProgram("class path entry not found: " + e);
            }
            cp.add(p);
        }
        if (cp.isEmpty()) {
            throw new BadProgram("--class-path is empty");
        }
        return new Target(cp, mainClass, args);
    }

    /**
     * One run of the program's {@code main}: the reports of the profiling pools it created (in
     * creation order; none for an unprofiled run), its wall time, and what it threw, if it did.
     *
     * @param reports   the profiles of its pools
     * @param wallNanos the wall time of {@code main}
     * @param failure   what {@code main} threw, or null
     */
    record Result(List<ProfileReport> reports, long wallNanos, Throwable failure) { }

    /**
     * The program, loaded once: every run calls its {@code main} again in the same class loader
     * (its classes are initialized once, and the JIT's work carries over from run to run, as in a
     * benchmark harness's repeated iterations).
     */
    static final class Program implements AutoCloseable {
        private final Target target;
        private final URLClassLoader loader;
        private final Method main;

        private Program(Target target, URLClassLoader loader, Method main) {
            this.target = target;
            this.loader = loader;
            this.main = main;
        }

        /**
         * Runs {@code main} on this thread. Profiled: with {@code strand.profile} set to
         * {@code reportDir} (every pool profiles, as {@code -Dstrand.profile=DIR} makes it), and
         * {@code strand.profile.write=false} (a pool that closes writes no report: a program
         * that calls {@code System.exit} leaves none).
         * Unprofiled: with {@code strand.profile} cleared, and, if {@code workers > 0}, with every
         * pool built at that parallelism. Both properties are restored afterwards.
         *
         * @param reportDir where profiling pools write their reports, or null for an unprofiled run
         * @param workers   the parallelism every pool gets, or 0 for the program's own
         * @param clock     {@code strand.profile.clock} for the run ("wall" or "cpu")
         * @throws BadProgram if {@code main} cannot be called
         */
        Result run(Path reportDir, int workers, String clock) throws BadProgram {
            int before = Profiler.reports().size();
            Thread me = Thread.currentThread();
            ClassLoader context = me.getContextClassLoader();
            String profile = System.getProperty("strand.profile");
            String parallelism = System.getProperty(PoolConfig.PARALLELISM_OVERRIDE_PROPERTY);
            String clockBefore = System.getProperty(CLOCK);
            String write = System.getProperty(WRITE);
            set("strand.profile", reportDir == null ? null : reportDir.toString());
            set(WRITE, reportDir == null ? null : "false");   // the command writes the reports it shows
            set(PoolConfig.PARALLELISM_OVERRIDE_PROPERTY, workers > 0 ? Integer.toString(workers) : null);
            set(CLOCK, clock);
            me.setContextClassLoader(loader);
            Throwable failure = null;
            long t0 = System.nanoTime();
            try {
                main.invoke(null, (Object) target.args().toArray(new String[0]));
            } catch (InvocationTargetException e) {
                failure = e.getCause();
            } catch (ExceptionInInitializerError e) {
                failure = e.getCause() == null ? e : e.getCause();
            } catch (IllegalAccessException e) {
                throw new BadProgram("cannot call " + target.mainClass() + ".main: " + e.getMessage());
            } finally {
                me.setContextClassLoader(context);
                set("strand.profile", profile);
                set(PoolConfig.PARALLELISM_OVERRIDE_PROPERTY, parallelism);
                set(CLOCK, clockBefore);
                set(WRITE, write);
            }
            long wall = System.nanoTime() - t0;
            List<ProfileReport> all = Profiler.reports();
            return new Result(List.copyOf(all.subList(Math.min(before, all.size()), all.size())), wall, failure);
        }

        @Override
        public void close() throws IOException {
            loader.close();                        // the program's jar files; its classes stay usable
        }
    }

    /**
     * Pools profiled here write no report when they close: the command writes the reports of the
     * run it shows, and the writing is then not timed as part of the program.
     */
    static final String WRITE = "strand.profile.write";

    /** The profiler's clock property (read by each profiling pool as it is built). */
    static final String CLOCK = "strand.profile.clock";

    private static void set(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    /**
     * Loads the program's main class in a class loader of its own.
     *
     * @throws BadProgram if the class or its main method is missing
     */
    static Program load(Target t) throws BadProgram {
        URL[] urls = new URL[t.classPath().size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = t.classPath().get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new BadProgram("bad class path entry " + t.classPath().get(i) + ": " + e.getMessage());
            }
        }
        ClassLoader cli = ProgramRun.class.getClassLoader();
        URLClassLoader loader = new URLClassLoader("strand-profile-program", urls, new StrandOnly(cli));
        try {
            return new Program(t, loader, mainMethod(loader, t.mainClass()));
        } catch (BadProgram e) {
            try {
                loader.close();
            } catch (IOException ce) {
                e.addSuppressed(ce);
            }
            throw e;
        }
    }

    private static Method mainMethod(ClassLoader loader, String name) throws BadProgram {
        Class<?> c;
        try {
            c = Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new BadProgram("class " + name + " not found on the program's class path");
        } catch (LinkageError e) {
            throw new BadProgram("cannot load class " + name + ": " + e);
        }
        try {
            Method m = c.getMethod("main", String[].class);
            if (Modifier.isStatic(m.getModifiers())) {
                return m;
            }
        } catch (NoSuchMethodException e) {
            // reported below
        } catch (LinkageError e) {
            throw new BadProgram("cannot load class " + name + ": " + e);
        }
        throw new BadProgram("class " + name + " has no public static void main(String[]) method");
    }

    /**
     * The program's parent loader: the platform's classes, and Strand's from this command; nothing
     * else of the command (its picocli, Jackson...) shows through to the program.
     */
    private static final class StrandOnly extends ClassLoader {
        private final ClassLoader cli;

        StrandOnly(ClassLoader cli) {
            super("strand-api", ClassLoader.getPlatformClassLoader());
            this.cli = cli;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (name.startsWith("dev.strand.") && !name.startsWith("dev.strand.cli.")) {
                return cli.loadClass(name);
            }
            throw new ClassNotFoundException(name);
        }
    }
}
