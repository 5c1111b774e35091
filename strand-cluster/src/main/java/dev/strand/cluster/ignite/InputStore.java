package dev.strand.cluster.ignite;

import dev.strand.cluster.plan.Chunk;
import dev.strand.cluster.plan.PlannedJob;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import javax.cache.expiry.CreatedExpiryPolicy;
import org.apache.ignite.Ignite;
import org.apache.ignite.IgniteCache;
import org.apache.ignite.cache.CacheAtomicityMode;
import org.apache.ignite.cache.CacheMode;
import org.apache.ignite.cache.CacheWriteSynchronizationMode;
import org.apache.ignite.cache.affinity.Affinity;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.compute.ComputeExecutionRejectedException;
import org.apache.ignite.configuration.CacheConfiguration;

/**
 * Large inputs off the driver's path: a partitioned Ignite cache, {@value #CACHE}, that holds the
 * inputs of more than {@code ClusterConfig.largeInputBytes()} bytes while their batch runs.
 *
 * <p>The driver puts each such input once, before the batch's jobs are sent, under a key whose
 * primary node is the input's chunk's home (a key is the batch, the job id and a salt, the first
 * salt that Ignite's affinity maps to that node: Ignite places an entry by the key's hash, so a
 * key is chosen, not a partition forced). The job carries the key, not the bytes. Its home reads
 * the input locally; a thief that is granted the chunk reads it from the home node, over the
 * link between the two; the driver's link carries the input once. Keys and values are a
 * {@code String} and a {@code byte[]}: no binary type to register across the cluster.
 *
 * <p>No backups: a copy would cross a link once more for every input, for the rare batch whose
 * home node dies. An input whose primary left is gone ({@link #read} finds no entry), and its
 * chunk ends with {@link Lost}; the driver then sends a copy that carries the inputs themselves.
 *
 * <p>Invariant: the driver removes every entry it put when the batch ends, however it ends
 * ({@code IgniteEngine.run}'s {@code finally}). If the driver dies first, the entries expire
 * {@link #expiry} after they were put: twice the batch's timeout, past which the batch cannot
 * be running.
 */
final class InputStore {

    /** The cache's name. */
    static final String CACHE = "strand-inputs";

    /** How many salts are tried for a key of one node before the input travels inside its job. */
    private static final int MAX_SALTS = 4096;

    private InputStore() {}

    /** A chunk whose input entry is gone (its primary node left): the driver resends it with inputs. */
    static final class Lost extends ComputeExecutionRejectedException {
        @java.io.Serial
        private static final long serialVersionUID = 1L;

        Lost(String msg, Throwable cause) {
            super(msg, cause);
        }
    }

    /** Partitioned, no backups, atomic, a write returns when the primary has it. */
    static CacheConfiguration<String, byte[]> configuration() {
        return new CacheConfiguration<String, byte[]>(CACHE).setCacheMode(CacheMode.PARTITIONED).setBackups(0)
                .setAtomicityMode(CacheAtomicityMode.ATOMIC)
                .setWriteSynchronizationMode(CacheWriteSynchronizationMode.PRIMARY_SYNC).setEagerTtl(true)
                .setStatisticsEnabled(false);
    }

    /** @return how long an entry lives if its driver never removes it */
    static Duration expiry(Duration taskTimeout) {
        return taskTimeout.multipliedBy(2);
    }

    /**
     * Puts the inputs of more than {@code threshold} bytes of {@code chunks}, each on its chunk's
     * home node, and returns the key of each by job id. Chunks whose home is not in
     * {@code nodesByName} (it left) keep their inputs inline.
     */
    static Map<Long, String> put(Ignite ignite, String batch, List<Chunk> chunks, Map<String, ClusterNode> nodesByName,
            long threshold, Duration taskTimeout) {
        Map<Long, String> keys = new HashMap<>();
        TreeMap<String, byte[]> entries = new TreeMap<>();
        IgniteCache<String, byte[]> cache = null;
        Affinity<String> aff = null;
        for (Chunk c : chunks) {
            ClusterNode home = nodesByName.get(c.home());
            for (PlannedJob p : c.jobs()) {
                if (home == null || p.job().input().length <= threshold) {
                    continue;
                }
                if (cache == null) {
                    cache = ignite.getOrCreateCache(configuration());
                    aff = ignite.affinity(CACHE);
                }
                String key = keyOn(aff, home, batch + "/" + p.job().id() + "/");
                if (key != null) {
                    keys.put(p.job().id(), key);
                    entries.put(key, p.job().input());
                }
            }
        }
        if (!entries.isEmpty()) {
            long ttl = expiry(taskTimeout).toMillis();
            try {
                cache.withExpiryPolicy(new CreatedExpiryPolicy(new javax.cache.expiry.Duration(
                        TimeUnit.MILLISECONDS, ttl))).putAll(entries);
            } catch (RuntimeException e) {
                // Part of the entries may be in: none is left behind (what cannot be removed expires).
                try {
                    cache.removeAll(entries.keySet());
                } catch (RuntimeException r) {
                    e.addSuppressed(r);
                }
                throw e;
            }
        }
        return keys;
    }

    /** @return the first {@code prefix + salt} that {@code aff} maps to {@code node}, or null */
    private static String keyOn(Affinity<String> aff, ClusterNode node, String prefix) {
        for (int salt = 0; salt < MAX_SALTS; salt++) {
            String k = prefix + salt;
            ClusterNode primary = aff.mapKeyToNode(k);
            if (primary != null && primary.id().equals(node.id())) {
                return k;
            }
        }
        return null;
    }

    /** Removes {@code keys}, if any were put. */
    static void remove(Ignite ignite, Collection<String> keys) {
        if (keys.isEmpty()) {
            return;
        }
        IgniteCache<String, byte[]> cache = ignite.cache(CACHE);
        if (cache != null) {
            cache.removeAll(new TreeSet<>(keys));
        }
    }

    /** @return the entries in the cache, cluster-wide (0 if it was never created) */
    static int size(Ignite ignite) {
        IgniteCache<String, byte[]> cache = ignite.cache(CACHE);
        return cache == null ? 0 : cache.size();
    }

    /**
     * Reads {@code keys} on a node, from their primaries (this node for its own chunks).
     *
     * @throws Lost if an entry is gone or cannot be read
     */
    static Map<String, byte[]> read(Ignite ignite, java.util.Set<String> keys, int chunk) {
        Map<String, byte[]> got;
        try {
            IgniteCache<String, byte[]> cache = ignite.cache(CACHE);
            if (cache == null) {
                throw new Lost("the input cache is not on this node (chunk " + chunk + ")", null);
            }
            got = cache.getAll(new TreeSet<>(keys));
        } catch (RuntimeException e) {
            if (e instanceof Lost l) {
                throw l;
            }
            throw new Lost("the inputs of chunk " + chunk + " could not be read: " + e, e);
        }
        for (String k : keys) {
            if (got.get(k) == null) {
                throw new Lost("the input " + k + " of chunk " + chunk + " is gone (its node left)", null);
            }
        }
        return got;
    }
}
