package dev.strand.internal.profile;

import dev.strand.profile.DagRecording;
import java.util.List;

/**
 * The recorded frames seen as a {@link DagRecording}: a root that spawns every outside thread's
 * frame (and every frame-less root) and syncs; below it, each frame's {@link Recording}, or a
 * single blob for a light frame whose recording was dropped.
 */
final class FrameDag implements DagRecording {
    private final Node root;
    private final long grain;
    private final boolean truncated;

    FrameDag(List<Frame> roots, long grain, boolean truncated) {
        Frame[] rs = roots.toArray(new Frame[0]);
        this.root = new Node() {
            @Override
            public int size() {
                return rs.length + 1;
            }

            @Override
            public Kind kind(int i) {
                return i < rs.length ? Kind.SPAWN : Kind.SYNC;
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
                return i < rs.length ? new FrameNode(rs[i]) : null;
            }
        };
        this.grain = grain;
        this.truncated = truncated;
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
            return switch (r.opAt(i)) {
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
