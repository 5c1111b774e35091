package dev.strand.sim.engine;

/**
 * A processor's deque: the owner pushes and pops at the bottom, thieves take from the top.
 * Sequential (the simulator is single-threaded); a growable ring that starts small so that
 * thousands of processors cost little memory.
 */
final class FrameDeque {
    private Frame[] ring = new Frame[4];
    private int top;          // index of the oldest frame
    private int size;

    int size() {
        return size;
    }

    void pushBottom(Frame f) {
        if (size == ring.length) {
            Frame[] bigger = new Frame[ring.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = ring[(top + i) & (ring.length - 1)];
            }
            ring = bigger;
            top = 0;
        }
        ring[(top + size++) & (ring.length - 1)] = f;
    }

    /** @return the newest frame, or null if empty */
    Frame popBottom() {
        if (size == 0) {
            return null;
        }
        int i = (top + --size) & (ring.length - 1);
        Frame f = ring[i];
        ring[i] = null;
        return f;
    }

    /** @return the oldest frame, or null if empty */
    Frame popTop() {
        if (size == 0) {
            return null;
        }
        Frame f = ring[top];
        ring[top] = null;
        top = (top + 1) & (ring.length - 1);
        size--;
        return f;
    }
}
