package dev.strand.cluster.launch;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Finds free blocks of ports on the loopback interface for a cluster this process starts, so that
 * two clusters on one machine (two demos, a test beside a demo) do not find each other: Ignite's
 * discovery joins whatever node answers in its port range.
 */
final class Ports {

    private Ports() {}

    /**
     * @return the first port {@code p >= from}, stepping by {@code step}, such that
     *     {@code p .. p+count-1} are all free on {@code host}
     */
    static int freeBlock(String host, int from, int count, int step) {
        for (int p = from; p + count < 65_000; p += step) {
            if (allFree(host, p, count)) {
                return p;
            }
        }
        throw new IllegalStateException("no block of " + count + " free ports on " + host + " from " + from);
    }

    private static boolean allFree(String host, int first, int count) {
        for (int p = first; p < first + count; p++) {
            try (ServerSocket s = new ServerSocket(p, 1, InetAddress.getByName(host))) {
                s.setReuseAddress(false);
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }
}
