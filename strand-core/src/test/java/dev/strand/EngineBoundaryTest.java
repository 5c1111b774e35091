package dev.strand;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dependency rule between the API ({@code dev.strand} and its API subpackages) and the engine
 * ({@code dev.strand.internal.*}), read from the compiled classes' constant pools (every class a
 * class names: its references, and the types in its descriptors and signatures):
 * <ul>
 *   <li>The engine names, of the API, only the value types it is configured and reports with
 *       ({@link #ENGINE_MAY_USE}): never {@code Task}, {@code StrandPool}, {@code Strand} or any
 *       other class with behaviour. It reaches the API's behaviour through the two seams the API
 *       implements, {@code TaskAccess} and {@code PoolAccess}.</li>
 *   <li>Those value types name no engine class, so no chain of references leads from the engine
 *       through them back into it.</li>
 *   <li>Hence no class of the API and class of the engine depend on each other through any chain:
 *       no strongly connected component of the class graph holds both.</li>
 * </ul>
 * The classes read are those of this build, or of the directory named by the system property
 * {@code strand.boundary.classes} (to check another build's classes).
 */
class EngineBoundaryTest {
    /**
     * The API types the engine may name: the configuration's enums (the engine takes its settings
     * in a value of its own, {@code EngineSettings}, never the configuration, whose builder makes
     * pools), the statistics record it fills, the propagator and listener interfaces it
     * calls and the events it hands them, and the profile's report types. Each is a value or an
     * interface with no behaviour of the runtime's behind it.
     */
    static final Set<String> ENGINE_MAY_USE = Set.of(
            "dev.strand.DequeKind", "dev.strand.JoinPolicy", "dev.strand.StealPolicy", "dev.strand.Multiprogramming",
            "dev.strand.WorkerStats", "dev.strand.ContextPropagator",
            "dev.strand.trace.SchedulerListener", "dev.strand.trace.SpawnEvent", "dev.strand.trace.StealEvent",
            "dev.strand.trace.SyncEvent", "dev.strand.trace.ParkEvent", "dev.strand.trace.WakeEvent",
            "dev.strand.profile.DagRecording", "dev.strand.profile.ProfileReport", "dev.strand.profile.WorkSpan",
            "dev.strand.profile.Timeline");

    static Map<String, Set<String>> graph;

    @BeforeAll
    static void readClasses() throws IOException {
        String dir = System.getProperty("strand.boundary.classes");
        Path root;
        if (dir != null) {
            root = Path.of(dir);
        } else {
            try {
                root = Path.of(Task.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            } catch (java.net.URISyntaxException e) {
                throw new IOException(e);
            }
        }
        graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                String name = root.relativize(p).toString().replace('\\', '/');
                name = name.substring(0, name.length() - ".class".length()).replace('/', '.');
                if (!name.startsWith("dev.strand.") || name.endsWith("module-info") || name.endsWith("package-info")) {
                    continue;
                }
                try (InputStream in = Files.newInputStream(p)) {
                    graph.put(name, referencedClasses(in));
                }
            }
        }
        assertThat(graph).as("classes read from " + root).containsKeys("dev.strand.Task",
                "dev.strand.internal.worker.Worker");
    }

    static boolean engine(String c) {
        return c.startsWith("dev.strand.internal.");
    }

    /** The top-level class of {@code c} (a nested class counts as part of it). */
    static String outer(String c) {
        int d = c.indexOf('$');
        return d < 0 ? c : c.substring(0, d);
    }

    @Test
    void theEngineNamesOnlyTheApisValueTypes() {
        Map<String, Set<String>> wrong = new TreeMap<>();
        graph.forEach((from, tos) -> {
            if (engine(from)) {
                for (String to : tos) {
                    if (!engine(to) && graph.containsKey(to) && !ENGINE_MAY_USE.contains(to)
                            && !ENGINE_MAY_USE.contains(outer(to))) {
                        wrong.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
                    }
                }
            }
        });
        assertThat(wrong).as("engine classes naming API classes that are not value types").isEmpty();
    }

    @Test
    void theValueTypesTheEngineUsesNameNoEngineClass() {
        Map<String, Set<String>> wrong = new TreeMap<>();
        graph.forEach((from, tos) -> {
            if (ENGINE_MAY_USE.contains(outer(from))) {
                for (String to : tos) {
                    if (engine(to)) {
                        wrong.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
                    }
                }
            }
        });
        assertThat(wrong).as("value types naming engine classes").isEmpty();
    }

    @Test
    void noChainOfReferencesLeadsFromTheEngineBackToItThroughTheApi() {
        List<Set<String>> mixed = new ArrayList<>();
        for (Set<String> scc : stronglyConnected()) {
            if (scc.stream().anyMatch(EngineBoundaryTest::engine) && !scc.stream().allMatch(EngineBoundaryTest::engine)) {
                mixed.add(scc);
            }
        }
        assertThat(mixed).as("cycles spanning the API and the engine").isEmpty();
    }

    /** Tarjan's algorithm, iterative (the graph has a few hundred classes). */
    static List<Set<String>> stronglyConnected() {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new java.util.HashSet<>();
        List<Set<String>> out = new ArrayList<>();
        int[] next = {0};
        for (String start : graph.keySet()) {
            if (index.containsKey(start)) {
                continue;
            }
            Deque<Object[]> work = new ArrayDeque<>();       // {node, iterator over its edges}
            work.push(new Object[] {start, graph.get(start).iterator()});
            index.put(start, next[0]);
            low.put(start, next[0]++);
            stack.push(start);
            onStack.add(start);
            while (!work.isEmpty()) {
                Object[] top = work.peek();
                String v = (String) top[0];
                @SuppressWarnings("unchecked")
                java.util.Iterator<String> it = (java.util.Iterator<String>) top[1];
                boolean descended = false;
                while (it.hasNext()) {
                    String w = it.next();
                    if (!graph.containsKey(w)) {
                        continue;
                    }
                    if (!index.containsKey(w)) {
                        index.put(w, next[0]);
                        low.put(w, next[0]++);
                        stack.push(w);
                        onStack.add(w);
                        work.push(new Object[] {w, graph.get(w).iterator()});
                        descended = true;
                        break;
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                }
                if (descended) {
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    String parent = (String) work.peek()[0];
                    low.put(parent, Math.min(low.get(parent), low.get(v)));
                }
                if (low.get(v).equals(index.get(v))) {
                    Set<String> scc = new TreeSet<>();
                    String w;
                    do {
                        w = stack.pop();
                        onStack.remove(w);
                        scc.add(w);
                    } while (!w.equals(v));
                    if (scc.size() > 1) {
                        out.add(scc);
                    }
                }
            }
        }
        return out;
    }

    private static final Pattern TYPE = Pattern.compile("L(dev/strand/[\\w/$]+)[;<]");

    /** The classes named in a class file's constant pool: class entries, descriptors, signatures. */
    static Set<String> referencedClasses(InputStream raw) throws IOException {
        DataInputStream in = new DataInputStream(raw);
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        int n = in.readUnsignedShort();
        String[] utf8 = new String[n];
        List<Integer> classEntries = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classEntries.add(in.readUnsignedShort());
                case 8, 16, 19, 20 -> in.readUnsignedShort();
                case 3, 4 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++;                                     // takes two slots
                }
                case 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                default -> throw new IOException("constant pool tag " + tag);
            }
        }
        Set<String> names = new TreeSet<>();
        for (int ci : classEntries) {
            String s = utf8[ci];
            if (s.startsWith("[")) {
                addTypes(s, names);
            } else if (s.startsWith("dev/strand/")) {
                names.add(s.replace('/', '.'));
            }
        }
        for (String s : utf8) {
            if (s != null && (s.indexOf('(') >= 0 || s.startsWith("L") || s.startsWith("<"))) {
                addTypes(s, names);
            }
        }
        return names;
    }

    private static void addTypes(String descriptor, Set<String> names) {
        Matcher m = TYPE.matcher(descriptor);
        while (m.find()) {
            names.add(m.group(1).replace('/', '.'));
        }
    }
}
