package dev.strand.cluster.ignite;

import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import org.apache.ignite.compute.ComputeJob;
import org.apache.ignite.compute.ComputeJobContext;
import org.apache.ignite.compute.ComputeTaskSession;
import org.apache.ignite.lang.IgniteUuid;
import org.apache.ignite.spi.collision.CollisionJobContext;

/**
 * A job waiting in a node's queue as the collision SPI sees it, for tests: its batch's session (only
 * its id answers), a job context holding attributes, and the job. Subclasses say what activating
 * and cancelling it do.
 */
abstract class WaitingJob implements CollisionJobContext {

    private final ComputeJob job;
    private final ComputeTaskSession session;
    private final ComputeJobContext jobContext;

    WaitingJob(ComputeJob job, IgniteUuid sessionId) {
        this.job = job;
        this.session = (ComputeTaskSession) Proxy.newProxyInstance(WaitingJob.class.getClassLoader(),
                new Class<?>[] {ComputeTaskSession.class}, (p, m, a) -> switch (m.getName()) {
                    case "getId" -> sessionId;
                    case "toString" -> "session " + sessionId;
                    case "hashCode" -> System.identityHashCode(p);
                    case "equals" -> p == a[0];
                    default -> throw new UnsupportedOperationException("the test session has only an id: "
                            + m.getName());
                });
        Map<Object, Object> attrs = new HashMap<>();
        this.jobContext = (ComputeJobContext) Proxy.newProxyInstance(WaitingJob.class.getClassLoader(),
                new Class<?>[] {ComputeJobContext.class}, (p, m, a) -> switch (m.getName()) {
                    case "getAttribute" -> attrs.get(a[0]);
                    case "setAttribute" -> attrs.put(a[0], a[1]);
                    case "toString" -> "job context " + attrs;
                    case "hashCode" -> System.identityHashCode(p);
                    case "equals" -> p == a[0];
                    default -> throw new UnsupportedOperationException("the test job context holds attributes: "
                            + m.getName());
                });
    }

    @Override
    public final ComputeTaskSession getTaskSession() {
        return session;
    }

    @Override
    public final ComputeJobContext getJobContext() {
        return jobContext;
    }

    @Override
    public final ComputeJob getJob() {
        return job;
    }
}
