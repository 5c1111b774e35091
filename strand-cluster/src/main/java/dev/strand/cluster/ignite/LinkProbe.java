package dev.strand.cluster.ignite;

import dev.strand.cluster.cost.Link;
import java.io.Serial;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.ignite.Ignite;
import org.apache.ignite.IgniteCompute;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.lang.IgniteCallable;

/**
 * Measures the link the cost rule assumes, the way a stolen job crosses it: Ignite round trips
 * of a job carrying nothing (the latency) and of one carrying {@value #PAYLOAD} bytes (the
 * bandwidth, from the extra time), to each server node, the median of several rounds after a
 * warm-up. On loopback this measures serialization and the local TCP stack, not a network.
 */
final class LinkProbe {

    private static final int PAYLOAD = 1 << 20;
    private static final int ROUNDS = 7;

    private LinkProbe() {}

    static Link measure(Ignite ignite, List<ClusterNode> servers) {
        byte[] big = new byte[PAYLOAD];
        List<Long> empty = new ArrayList<>();
        List<Long> full = new ArrayList<>();
        for (ClusterNode n : servers) {
            IgniteCompute c = ignite.compute(ignite.cluster().forNode(n));
            for (int r = 0; r < ROUNDS + 2; r++) {
                long e = roundTrip(c, new byte[0]);
                long f = roundTrip(c, big);
                if (r >= 2) {                  // the first rounds load classes and warm the JIT
                    empty.add(e);
                    full.add(f);
                }
            }
        }
        long latency = median(empty);
        long extra = Math.max(1, median(full) - latency);
        return new Link(PAYLOAD * 1e9 / extra, latency);
    }

    private static long roundTrip(IgniteCompute c, byte[] payload) {
        long t0 = System.nanoTime();
        int n = c.call(new Echo(payload));
        long t = System.nanoTime() - t0;
        if (n != payload.length) {
            throw new IllegalStateException("link probe: sent " + payload.length + " bytes, node saw " + n);
        }
        return t;
    }

    private static long median(List<Long> xs) {
        List<Long> s = new ArrayList<>(xs);
        Collections.sort(s);
        return s.get(s.size() / 2);
    }

    /** Carries bytes to a node and returns their count. */
    private static final class Echo implements IgniteCallable<Integer> {
        @Serial
        private static final long serialVersionUID = 1L;

        private final byte[] payload;

        Echo(byte[] payload) {
            this.payload = payload;
        }

        @Override
        public Integer call() {
            return payload.length;
        }
    }
}
