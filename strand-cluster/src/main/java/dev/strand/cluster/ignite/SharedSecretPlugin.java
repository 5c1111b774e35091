package dev.strand.cluster.ignite;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.ignite.IgniteException;
import org.apache.ignite.cluster.ClusterNode;
import org.apache.ignite.plugin.CachePluginContext;
import org.apache.ignite.plugin.CachePluginProvider;
import org.apache.ignite.plugin.ExtensionRegistry;
import org.apache.ignite.plugin.IgnitePlugin;
import org.apache.ignite.plugin.PluginConfiguration;
import org.apache.ignite.plugin.PluginContext;
import org.apache.ignite.plugin.PluginProvider;
import org.apache.ignite.plugin.PluginValidationException;

/**
 * Membership by a shared secret, both ways, through Ignite's plugin discovery data (a public
 * extension point of Ignite 2.x community edition, which has no node authentication of its own:
 * its built-in authentication covers thin clients and needs persistence).
 *
 * <p>A joining member sends, with its join request, HMAC-SHA256(secret, "strand-join" + its node
 * id); the coordinator checks it ({@link #validateNewNode(ClusterNode, Serializable)}) and refuses
 * the join with a message that says why. Each member of the cluster sends back the same proof for
 * the joining node's id, which the joining node checks ({@link #receiveDiscoveryData}), so a node
 * does not join, unawares, a cluster that does not know the secret. The proof binds the node id
 * (a fresh random UUID per start), so one seen on the wire does not admit another node; with TLS
 * it is not seen at all. The secret itself never leaves the member.
 */
final class SharedSecretPlugin implements PluginProvider<PluginConfiguration>, IgnitePlugin {

    static final String NAME = "strand-shared-secret";

    private final byte[] key;
    private volatile boolean clusterProved;
    private volatile String clusterRefusal;

    SharedSecretPlugin(char[] secret) {
        this.key = new String(secret).getBytes(StandardCharsets.UTF_8);
        Arrays.fill(secret, '\0');
    }

    /** @return the proof of the secret for node {@code id} */
    byte[] proof(UUID id) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update("strand-join".getBytes(StandardCharsets.US_ASCII));
            return mac.doFinal(ByteBuffer.allocate(16).putLong(id.getMostSignificantBits())
                    .putLong(id.getLeastSignificantBits()).array());
        } catch (GeneralSecurityException e) {
            throw new IgniteException("HmacSHA256 is not available: " + e, e);
        }
    }

    private boolean proves(UUID id, Serializable data) {
        return data instanceof byte[] b && MessageDigest.isEqual(b, proof(id));
    }

    /** @return whether a member of the cluster proved the secret to this node as it joined */
    boolean clusterProved() {
        return clusterProved;
    }

    /** @return why the cluster's proof was refused, or null */
    String clusterRefusal() {
        return clusterRefusal;
    }

    @Override
    public Serializable provideDiscoveryData(UUID nodeId) {
        return proof(nodeId);
    }

    @Override
    public void receiveDiscoveryData(UUID nodeId, Serializable data) {
        if (proves(nodeId, data)) {
            clusterProved = true;
        } else {
            clusterRefusal = data == null ? "a member of the cluster sent no proof of the shared secret"
                    : "a member of the cluster does not know this node's shared secret";
        }
    }

    @Deprecated
    @Override
    public void validateNewNode(ClusterNode node) {
        // The check needs the joining node's data: validateNewNode(node, data).
    }

    @Override
    public void validateNewNode(ClusterNode node, Serializable data) {
        if (!proves(node.id(), data)) {
            String why = data == null ? "it has no shared secret (auth.secret)" : "its shared secret is wrong";
            throw new PluginValidationException("refused node " + node.consistentId() + " at " + node.addresses()
                    + ": " + why, "the cluster refused this node: " + why
                    + "; every member needs the same auth.secret", node.id());
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String version() {
        return "1";
    }

    @Override
    public String copyright() {
        return "";
    }

    @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"})   // Ignite's signature
    @Override
    public <T extends IgnitePlugin> T plugin() {
        return (T) this;
    }

    @Override
    public void initExtensions(PluginContext ctx, ExtensionRegistry registry) {
        // No extensions.
    }

    @Override
    public <T> T createComponent(PluginContext ctx, Class<T> cls) {
        return null;
    }

    @SuppressWarnings("rawtypes")
    @Override
    public CachePluginProvider createCacheProvider(CachePluginContext ctx) {
        return null;
    }

    @Override
    public void start(PluginContext ctx) {
        // Nothing to start.
    }

    @Override
    public void stop(boolean cancel) {
        // Nothing to stop.
    }

    @Override
    public void onIgniteStart() {
        // Nothing to do.
    }

    @Override
    public void onIgniteStop(boolean cancel) {
        // Nothing to do.
    }
}
