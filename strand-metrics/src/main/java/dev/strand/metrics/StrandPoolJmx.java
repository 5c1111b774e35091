package dev.strand.metrics;

import dev.strand.PoolStats;
import dev.strand.StrandPool;
import java.lang.management.ManagementFactory;
import java.util.Objects;
import javax.management.InstanceAlreadyExistsException;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * Registers a {@link StrandPool} as a {@link StrandPoolMXBean} with an {@link MBeanServer} (the
 * platform's by default), where {@code jconsole}, VisualVM, {@code jcmd} and JMX exporters find it.
 *
 * <p>The name is {@code dev.strand:type=StrandPool,name=<the pool's name>}; a name holding one of
 * {@code , = : " * ?} or a line break is quoted ({@link ObjectName#quote}). Pool names are not
 * unique, so registering a second pool of the same name fails; give pools distinct names
 * ({@code StrandPool.builder().name(...)}).
 */
public final class StrandPoolJmx {
    /** The JMX domain of Strand's MBeans. */
    public static final String DOMAIN = "dev.strand";

    private StrandPoolJmx() { }

    /**
     * @param pool a pool
     * @return the name its MXBean is registered under
     */
    public static ObjectName objectName(StrandPool pool) {
        String name = pool.name();
        boolean plain = name.chars().noneMatch(c -> ",=:\"*?\n\r".indexOf(c) >= 0);
        try {
            return new ObjectName(DOMAIN + ":type=StrandPool,name=" + (plain ? name : ObjectName.quote(name)));
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException("pool name '" + name + "' makes no JMX name", e);
        }
    }

    /**
     * Registers {@code pool} with the platform MBean server.
     *
     * @param pool the pool
     * @return the name it was registered under
     * @throws IllegalStateException if an MBean of that name is registered already
     */
    public static ObjectName register(StrandPool pool) {
        return register(pool, ManagementFactory.getPlatformMBeanServer());
    }

    /**
     * Registers {@code pool} with {@code server}.
     *
     * @param pool the pool
     * @param server the MBean server
     * @return the name it was registered under
     * @throws IllegalStateException if an MBean of that name is registered already
     */
    public static ObjectName register(StrandPool pool, MBeanServer server) {
        ObjectName on = objectName(pool);
        try {
            return server.registerMBean(new Bean(pool), on).getObjectName();
        } catch (InstanceAlreadyExistsException e) {
            throw new IllegalStateException("an MBean named " + on + " is registered already: give the"
                    + " pools distinct names", e);
        } catch (JMException e) {
            throw new IllegalStateException("could not register " + on, e);
        }
    }

    /**
     * Unregisters {@code pool} from the platform MBean server.
     *
     * @param pool the pool
     * @return whether it was registered
     */
    public static boolean unregister(StrandPool pool) {
        return unregister(pool, ManagementFactory.getPlatformMBeanServer());
    }

    /**
     * Unregisters {@code pool} from {@code server}.
     *
     * @param pool the pool
     * @param server the MBean server
     * @return whether it was registered
     */
    public static boolean unregister(StrandPool pool, MBeanServer server) {
        try {
            server.unregisterMBean(objectName(pool));
            return true;
        } catch (InstanceNotFoundException e) {
            return false;
        } catch (JMException e) {
            throw new IllegalStateException("could not unregister " + objectName(pool), e);
        }
    }

    /** The MXBean: each getter reads one fresh snapshot. */
    private static final class Bean implements StrandPoolMXBean {
        private final StrandPool pool;

        Bean(StrandPool pool) {
            this.pool = Objects.requireNonNull(pool, "pool");
        }

        private PoolStats s() {
            return pool.stats();
        }

        @Override public String getName() { return pool.name(); }
        @Override public int getParallelism() { return pool.parallelism(); }
        @Override public int getPoolSize() { return s().workers().size(); }
        @Override public long getTasksCompleted() { return s().tasksRun(); }
        @Override public long getSpawns() { return s().spawns(); }
        @Override public long getInlinedSpawns() { return s().inlinedSpawns(); }
        @Override public long getSteals() { return s().steals(); }
        @Override public long getStealAttempts() { return s().stealAttempts(); }
        @Override public long getFailedSteals() { return s().failedSteals(); }
        @Override public long getParks() { return s().parks(); }
        @Override public long getUnparks() { return s().unparks(); }
        @Override public long getIdleTimeMillis() { return s().idleNanos() / 1_000_000; }
        @Override public long getQueuedTasks() { return Figures.queued(s()); }
        @Override public int getQueuedSubmissions() { return s().queuedExternal(); }
        @Override public int getSleepingWorkers() { return Figures.sleeping(s()); }
        @Override public long getBlocks() { return s().blocking().blocks(); }
        @Override public long getSpareStarts() { return s().blocking().spareStarts(); }
        @Override public long getUncompensatedBlocks() { return s().blocking().uncompensated(); }
        @Override public int getSparesRunning() { return s().blocking().sparesRunning(); }
        @Override public int getBlockedWorkers() { return s().blocking().blockedNow(); }
        @Override public boolean isShutdown() { return pool.isShutdown(); }
        @Override public boolean isTerminated() { return pool.isTerminated(); }
        @Override public String getStatsTable() { return s().toTable(); }
    }
}
