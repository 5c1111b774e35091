package dev.strand.cluster.engine;

import dev.strand.cluster.ClusterException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/** Java serialization of job functions, subproblems and results, with errors that say what failed. */
public final class Serialization {

    private Serialization() {}

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
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        } catch (ClassNotFoundException e) {
            throw new ClusterException(what + " could not be read: class " + e.getMessage()
                    + " is not on this JVM's class path", e);
        } catch (IOException e) {
            throw new ClusterException(what + " could not be read: " + e, e);
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
