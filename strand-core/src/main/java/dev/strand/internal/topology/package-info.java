/**
 * The machine's shape, for locality: which CPUs share an SMT core, a last-level cache, a NUMA node,
 * a socket. Not exported.
 *
 * <h2>What a topology is</h2>
 * A {@link dev.strand.internal.topology.Topology} is a list of places (CPUs) and nested levels of
 * groups, finest first: on a two-socket machine with SMT, cores of two threads, then one
 * last-level cache (and node) per socket; the whole machine is the implied last group. Places are
 * numbered in topology order, so that every group at every level is a contiguous range: a
 * worker's victims "in my group but not in my subgroup" are one range less another, with no
 * permutation array. The distance of two places is the lowest level at which they share a group;
 * a steal is <i>near</i> when thief and victim share a group at the coarsest level, <i>far</i>
 * when they share only the machine.
 *
 * <h2>Where it comes from</h2>
 * <ul>
 *   <li>{@code machine}: {@link dev.strand.internal.topology.SysfsTopology} reads Linux's
 *       {@code /sys/devices/system}: {@code cpu/cpuN/topology/thread_siblings_list} and
 *       {@code physical_package_id}, {@code cpu/cpuN/cache/index*} (the last-level cache is the
 *       highest level that is not an instruction cache; its {@code shared_cpu_list} groups the
 *       CPUs), {@code node/nodeN/cpulist}; only online CPUs in the process's affinity mask
 *       ({@code Cpus_allowed_list}) count. Read once per JVM, and only by a pool that asks for it.
 *       Levels that do not nest (a NUMA node that splits a cache: sub-NUMA clustering) are
 *       dropped, the finer kept; a level that repeats another (one cache per socket, one node per
 *       socket) is kept once. Elsewhere (no {@code /sys}), the machine is flat.</li>
 *   <li>Given in the configuration, for tests, simulations and machines the reader gets wrong:
 *       a shape ({@code 2x4}: two groups of four places; {@code 2x2x8}) or CPU groups
 *       ({@code 0-3;4-7}). The parsers are pure functions over strings
 *       ({@link dev.strand.internal.topology.CpuList} for the kernel's {@code 0-3,8-11} syntax)
 *       and directories, tested on fixtures.</li>
 * </ul>
 *
 * <h2>Workers are placed by intent, not pinned</h2>
 * The JVM has no portable way to pin a thread to a CPU (that takes {@code sched_setaffinity}
 * through native code or a library, and the kernel may still migrate a thread it has not been
 * told to keep). So a worker's place is a model of intent: core worker i of P sits at place
 * {@code floor(i * places / P)} in topology order ({@link
 * dev.strand.internal.topology.Topology#placeOf}), spread evenly over the groups as Linux's load
 * balancer spreads runnable threads over sockets and caches, and a spare slot sits where a core
 * worker does. Victim choice and the near/far counts follow that model; where the kernel really
 * runs a thread is its own affair. A process that pins its threads itself (with {@code taskset}
 * or {@code numactl} around the JVM, one CPU set per pool) can make the model true by giving the
 * same groups in the configuration.
 */
package dev.strand.internal.topology;
