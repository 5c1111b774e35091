package dev.strand.internal.profile;

import dev.strand.profile.DagRecording;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The recorded frames seen as a {@link DagRecording}: a root that spawns every outside thread's
 * frame (and every frame-less root) and syncs; below it, each frame's {@link Recording}, or a
 * single blob for a light frame whose recording was dropped. A region entered outside the pool has
 * its own view: a root that spawns what each thread submitted inside the region and syncs.
 */
final class FrameDag implements DagRecording {
    private final Node root;
    private final Map<String, List<Recording>> regions;
    private final long grain;
    private final boolean truncated;

    FrameDag(List<Frame> roots, Map<String, List<Recording>> regions, long grain, boolean truncated) {
        this(new SpawnAll(roots.stream().<Node>map(FrameNode::new).toList()), regions, grain,
                truncated);
    }

    private FrameDag(Node root, Map<String, List<Recording>> regions, long grain, boolean truncated) {
        this.root = root;
        this.regions = Map.copyOf(regions);
        this.grain = grain;
        this.truncated = truncated;
    }

    @Override
    public Optional<DagRecording> region(String name) {
        List<Recording> rs = regions.get(name);
        if (rs == null) {
            return Optional.empty();
        }
        List<Node> kids = rs.stream().<Node>map(RecordingNode::new).toList();
        return Optional.of(new FrameDag(new SpawnAll(kids), Map.of(), grain, false));
    }

    /** A root: spawns each of its children, then syncs. */
    private record SpawnAll(List<Node> kids) implements Node {
        @Override
        public int size() {
            return kids.size() + 1;
        }

        @Override
        public Kind kind(int i) {
            return i < kids.size() ? Kind.SPAWN : Kind.SYNC;
        }

        @Override
        public long work(int i) {
            return 0L;
        }

        @Override
        public long span(int i) {
            return 0L;
        }

        @Override
        public Node child(int i) {
            return i < kids.size() ? kids.get(i) : null;
        }
    }

    /** A recording with no frame of its own: what a thread submitted inside a region. */
    private record RecordingNode(Recording r) implements Node {
        @Override
        public int size() {
            return r.size();
        }

        @Override
        public Kind kind(int i) {
            return FrameNode.kindOf(r.opAt(i));
        }

        @Override
        public long work(int i) {
            return r.workAt(i);
        }

        @Override
        public long span(int i) {
            return r.opAt(i) == Recording.WORK ? r.workAt(i) : r.spanAt(i);
        }

        @Override
        public Node child(int i) {
            return r.kidAt(i) == null ? null : new FrameNode(r.kidAt(i));
        }
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public long grainNanos() {
        return grain;
    }

    @Override
    public boolean truncated() {
        return truncated;
    }

    /** A frame as a node: its recording, or one blob. */
    private record FrameNode(Frame f) implements Node {
        @Override
        public int size() {
            Recording r = f.recording;
            return r == null ? 1 : r.size();
        }

        @Override
        public Kind kind(int i) {
            Recording r = f.recording;
            if (r == null) {
                return Kind.BLOB;
            }
            return kindOf(r.opAt(i));
        }

        static Kind kindOf(byte op) {
            return switch (op) {
                case Recording.WORK -> Kind.WORK;
                case Recording.BLOB -> Kind.BLOB;
                case Recording.SPAWN -> Kind.SPAWN;
                case Recording.CALL -> Kind.CALL;
                default -> Kind.SYNC;
            };
        }

        @Override
        public long work(int i) {
            Recording r = f.recording;
            return r == null ? f.work : r.workAt(i);
        }

        @Override
        public long span(int i) {
            Recording r = f.recording;
            if (r == null) {
                return f.ownSpan();
            }
            return r.opAt(i) == Recording.WORK ? r.workAt(i) : r.spanAt(i);
        }

        @Override
        public Node child(int i) {
            Recording r = f.recording;
            return r == null || r.kidAt(i) == null ? null : new FrameNode(r.kidAt(i));
        }
    }
}
