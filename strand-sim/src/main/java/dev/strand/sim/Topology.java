package dev.strand.sim;

/**
 * Where processors sit: consecutive processors form sockets of {@code socketSize}, consecutive
 * sockets form nodes of {@code nodeSize} processors. The distance between two processors is 0 in
 * the same socket, 1 in the same node, 2 across nodes; a steal attempt at distance d costs
 * {@code remoteLatency * d} extra steps (see {@link Machine}).
 *
 * @param socketSize processors per socket (at least 1)
 * @param nodeSize   processors per node (a multiple of socketSize)
 */
public record Topology(int socketSize, int nodeSize) {
    /** Every processor at distance 0 from every other. */
    public static final Topology FLAT = new Topology(Integer.MAX_VALUE, Integer.MAX_VALUE);

    public Topology {
        if (socketSize < 1 || nodeSize < socketSize || nodeSize % socketSize != 0) {
            throw new IllegalArgumentException("need socketSize >= 1 and nodeSize a multiple of "
                    + "socketSize, got socketSize=" + socketSize + " nodeSize=" + nodeSize);
        }
    }

    /** @return 0 (same socket), 1 (same node) or 2 */
    public int distance(int a, int b) {
        if (a / socketSize == b / socketSize) {
            return 0;
        }
        return a / nodeSize == b / nodeSize ? 1 : 2;
    }

    /** @return the first processor of {@code p}'s group at {@code level} (0 socket, 1 node, 2 all) */
    public int groupStart(int p, int level) {
        return switch (level) {
            case 0 -> p / socketSize * socketSize;
            case 1 -> p / nodeSize * nodeSize;
            default -> 0;
        };
    }

    /** @return the size of the group at {@code level}, capped at {@code processors} */
    public int groupSize(int level, int processors) {
        return switch (level) {
            case 0 -> Math.min(socketSize, processors);
            case 1 -> Math.min(nodeSize, processors);
            default -> processors;
        };
    }

    @Override
    public String toString() {
        return this.equals(FLAT) ? "flat" : "socket=" + socketSize + ",node=" + nodeSize;
    }
}
