package dev.strand.cluster.engine;

import java.util.List;

/** A {@link dev.strand.cluster.Shed} in serialized form, as the node that runs a job offers it. */
public interface ShedPort {

    /** @see dev.strand.cluster.Shed#claim() */
    boolean claim();

    /** @see dev.strand.cluster.Shed#offer(List) */
    void offer(List<byte[]> parts);

    /** A port never claimed. */
    ShedPort NEVER = new ShedPort() {
        @Override
        public boolean claim() {
            return false;
        }

        @Override
        public void offer(List<byte[]> parts) {
            throw new IllegalStateException("offer without a claim");
        }
    };
}
