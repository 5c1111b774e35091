package dev.strand.cluster.engine;

import dev.strand.cluster.ClusterException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;

/**
 * Java serialization of job functions, subproblems and results, with errors that say what failed.
 *
 * <p>Reading goes through {@link #FILTER}, a {@link ObjectInputFilter}: bounded depth, references,
 * array lengths and bytes, and the classes of the well-known deserialization gadget chains
 * refused (Apache Commons Collections' functors, Xalan's {@code TemplatesImpl}, Groovy's and
 * Spring's invocation handlers, and the like). What a cluster deserializes comes from its own
 * members; the filter is a second line behind keeping the cluster's ports on a trusted network
 * (docs/cluster.md, "Security"), not a replacement for it. A JVM-wide filter
 * ({@code jdk.serialFilter}) decides what this one leaves undecided.
 */
public final class Serialization {

    /**
     * The filter of every read: limits, then the refused packages; anything else is left to the
     * JVM-wide filter if there is one, else allowed (job functions and subproblems are the
     * user's classes, which no allow-list here can name).
     */
    public static final ObjectInputFilter FILTER = ObjectInputFilter.Config.createFilter(
            "maxdepth=200;maxrefs=10000000;maxarray=1000000000;maxbytes=2000000000;"
            + "!org.apache.commons.collections.functors.*;!org.apache.commons.collections4.functors.*;"
            + "!com.sun.org.apache.xalan.internal.xsltc.trax.*;!org.apache.xalan.xsltc.trax.*;"
            + "!org.codehaus.groovy.runtime.*;!org.springframework.beans.factory.*;"
            + "!org.springframework.aop.*;!com.mchange.v2.c3p0.*;!org.hibernate.engine.spi.*;"
            + "!com.sun.rowset.*;!java.rmi.server.*;!javax.management.*;!sun.rmi.*");

    private static volatile ClassLoader loader;

    private Serialization() {}

    /**
     * Makes reads resolve classes with {@code l} (a node's loader of the user's jars); null: the
     * default resolution.
     */
    public static void useClassLoader(ClassLoader l) {
        loader = l;
    }

    /** @return {@code value} serialized */
    public static byte[] toBytes(Object value, String what) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (NotSerializableException e) {
            throw new ClusterException(what + " is not serializable: " + e.getMessage()
                    + " (it, and everything it refers to, must implement java.io.Serializable)", e);
        } catch (IOException e) {
            throw new ClusterException(what + " could not be serialized: " + e, e);
        }
        return bytes.toByteArray();
    }

    /** @return the object serialized in {@code bytes} */
    public static Object fromBytes(byte[] bytes, String what) {
        try (ObjectInputStream in = new Input(bytes)) {
            ObjectInputFilter jvmWide = ObjectInputFilter.Config.getSerialFilter();
            in.setObjectInputFilter(jvmWide == null ? FILTER : ObjectInputFilter.merge(FILTER, jvmWide));
            return in.readObject();
        } catch (ClassNotFoundException e) {
            throw new ClusterException(what + " could not be read: class " + e.getMessage()
                    + " is not on this JVM's class path", e);
        } catch (InvalidClassException e) {
            throw new ClusterException(what + " could not be read: " + e.getMessage()
                    + " (refused by the deserialization filter, or a class version mismatch)", e);
        } catch (IOException e) {
            throw new ClusterException(what + " could not be read: " + e, e);
        }
    }

    /** Resolves classes with {@link #useClassLoader}'s loader when one is set. */
    private static final class Input extends ObjectInputStream {
        Input(byte[] bytes) throws IOException {
            super(new ByteArrayInputStream(bytes));
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            ClassLoader l = loader;
            if (l == null) {
                return super.resolveClass(desc);
            }
            try {
                return Class.forName(desc.getName(), false, l);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);    // primitives and arrays of them
            }
        }
    }

    /**
     * Checks that {@code fn} serializes, so that a function that cannot travel fails at once, on
     * every engine (the local one too: code that runs locally must run on a cluster).
     */
    public static void requireSerializable(Serializable fn) {
        toBytes(fn, "the job function " + fn.getClass().getName());
    }
}
