package dev.strand.cli.profile;

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

    /** The program's {@code main} threw: its exception is the cause. */
    static final class ProgramFailed extends Exception {
        ProgramFailed(Throwable cause) {
            super(cause.toString(), cause);
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
     * Runs the program's {@code main} on this thread with {@code strand.profile} set to
     * {@code reportDir}, then restores the property.
     *
     * @return the reports of the profiling pools created while it ran, in creation order
     * @throws BadProgram    if the class or its main method is missing
     * @throws ProgramFailed if main threw
     */
    static List<ProfileReport> run(Target t, Path reportDir) throws BadProgram, ProgramFailed {
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
            Method main = mainMethod(loader, t.mainClass());
            int before = Profiler.reports().size();
            Thread me = Thread.currentThread();
            ClassLoader context = me.getContextClassLoader();
            String property = System.getProperty("strand.profile");
            System.setProperty("strand.profile", reportDir.toString());
            me.setContextClassLoader(loader);
            try {
                main.invoke(null, (Object) t.args().toArray(new String[0]));
            } catch (InvocationTargetException e) {
                throw new ProgramFailed(e.getCause());
            } catch (ExceptionInInitializerError e) {
                throw new ProgramFailed(e.getCause() == null ? e : e.getCause());
            } catch (IllegalAccessException e) {
                throw new BadProgram("cannot call " + t.mainClass() + ".main: " + e.getMessage());
            } finally {
                me.setContextClassLoader(context);
                if (property == null) {
                    System.clearProperty("strand.profile");
                } else {
                    System.setProperty("strand.profile", property);
                }
            }
            List<ProfileReport> all = Profiler.reports();
            return List.copyOf(all.subList(Math.min(before, all.size()), all.size()));
        } finally {
            try {
                loader.close();                    // the program's jar files; its classes stay usable
            } catch (IOException e) {
                // nothing was written through it: nothing to undo
            }
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
