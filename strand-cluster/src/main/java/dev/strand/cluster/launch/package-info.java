/**
 * Starting and stopping node JVMs on this machine, and the JVM flags Ignite needs.
 *
 * <p>A started node runs {@code NodeMain} with this process's class path and Ignite's flags, logs
 * to a file, prints a ready line once it has joined, and exits when its standard input ends.
 * Stopping is layered so that no node outlives its starter: {@code close()}, then a shutdown hook
 * (Ctrl-C), then the end of standard input (the starter was killed). Ports come from the first
 * free block, so clusters started side by side on one machine stay apart.
 *
 * <p>Rejected: embedding several Ignite server nodes in one JVM. It is cheaper, but a node cannot
 * then be killed as a crash would kill it, and the nodes share one heap and one JIT, so
 * measurements would say little about separate machines.
 */
package dev.strand.cluster.launch;
