package dev.strand.workloads.uts;

/**
 * The splittable random number generator of UTS: SHA-1 of the parent's state and the child's
 * index. A node's state is its 20-byte SHA-1 digest (five big-endian words {@code h0..h4}).
 *
 * <ul>
 *   <li>root = SHA1(16 zero bytes || seed as big-endian int32);</li>
 *   <li>child i = SHA1(parent digest || i as big-endian int32);</li>
 *   <li>the node's random number is its last four bytes with the sign bit cleared,
 *       {@code u = (h4 & 0x7fffffff) / 2^31}.</li>
 * </ul>
 *
 * <p>Both messages (20 and 24 bytes) fit one SHA-1 block, so hashing is one compression of a block
 * whose words are known: the message words, {@code 0x80} padding, zeros and the bit length. The
 * compression is unrolled by hand (checked against {@code MessageDigest} in the tests); it allocates
 * nothing but the node.
 */
public final class Sha1Rng {
    private Sha1Rng() { }

    /** A tree node: its depth and its RNG state (the SHA-1 digest as five words). */
    public static final class Node {
        /** Depth: 0 for the root. */
        public final int depth;
        final int h0;
        final int h1;
        final int h2;
        final int h3;
        final int h4;

        Node(int depth, int h0, int h1, int h2, int h3, int h4) {
            this.depth = depth;
            this.h0 = h0;
            this.h1 = h1;
            this.h2 = h2;
            this.h3 = h3;
            this.h4 = h4;
        }

        /** @return the node's random number, in [0, 2^31) */
        public int rand() {
            return h4 & 0x7fffffff;
        }

        /** @return {@link #rand()} / 2^31, in [0, 1) */
        public double prob() {
            return (h4 & 0x7fffffff) / 2147483648.0;
        }

        /** @return child {@code i}: SHA1(this digest || i), one deeper */
        public Node child(int i) {
            return block(depth + 1, h0, h1, h2, h3, h4, i, 0x80000000, 0, 0, 0, 0, 0, 0, 0, 0, 24 * 8);
        }

        /** @return the 20-byte digest (big-endian words) */
        public byte[] digest() {
            byte[] b = new byte[20];
            int[] h = {h0, h1, h2, h3, h4};
            for (int i = 0; i < 5; i++) {
                b[4 * i] = (byte) (h[i] >>> 24);
                b[4 * i + 1] = (byte) (h[i] >>> 16);
                b[4 * i + 2] = (byte) (h[i] >>> 8);
                b[4 * i + 3] = (byte) h[i];
            }
            return b;
        }
    }

    /** @return the root: SHA1(16 zero bytes || seed, big-endian), depth 0 */
    public static Node root(int seed) {
        return block(0, 0, 0, 0, 0, seed, 0x80000000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20 * 8);
    }

    /**
     * SHA-1 of a message of at most 55 bytes given as a digest-sized state plus a 4-byte suffix, for
     * tests: {@code SHA1(state || suffix)} with a 20-byte state.
     */
    static Node childOf(byte[] state20, int suffix) {
        int[] w = new int[5];
        for (int i = 0; i < 5; i++) {
            w[i] = ((state20[4 * i] & 0xff) << 24) | ((state20[4 * i + 1] & 0xff) << 16)
                    | ((state20[4 * i + 2] & 0xff) << 8) | (state20[4 * i + 3] & 0xff);
        }
        return block(1, w[0], w[1], w[2], w[3], w[4], suffix, 0x80000000, 0, 0, 0, 0, 0, 0, 0, 0, 192);
    }

    /**
     * SHA-1 of one 64-byte block (the message already padded): the 80 rounds unrolled, the
     * schedule kept in 16 locals. Returns the digest as a node at {@code depth}.
     */
    static Node block(int depth, int m0, int m1, int m2, int m3, int m4, int m5, int m6, int m7, int m8, int m9, int m10, int m11, int m12, int m13, int m14, int m15) {
        int a = 0x67452301, b = 0xEFCDAB89, c = 0x98BADCFE, d = 0x10325476, e = 0xC3D2E1F0;
        int w0 = m0, w1 = m1, w2 = m2, w3 = m3, w4 = m4, w5 = m5, w6 = m6, w7 = m7;
        int w8 = m8, w9 = m9, w10 = m10, w11 = m11, w12 = m12, w13 = m13, w14 = m14, w15 = m15;
        e += Integer.rotateLeft(a, 5) + ((b & c) | (~b & d)) + 0x5A827999 + w0;
        b = Integer.rotateLeft(b, 30);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (~a & c)) + 0x5A827999 + w1;
        a = Integer.rotateLeft(a, 30);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (~e & b)) + 0x5A827999 + w2;
        e = Integer.rotateLeft(e, 30);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (~d & a)) + 0x5A827999 + w3;
        d = Integer.rotateLeft(d, 30);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (~c & e)) + 0x5A827999 + w4;
        c = Integer.rotateLeft(c, 30);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (~b & d)) + 0x5A827999 + w5;
        b = Integer.rotateLeft(b, 30);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (~a & c)) + 0x5A827999 + w6;
        a = Integer.rotateLeft(a, 30);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (~e & b)) + 0x5A827999 + w7;
        e = Integer.rotateLeft(e, 30);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (~d & a)) + 0x5A827999 + w8;
        d = Integer.rotateLeft(d, 30);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (~c & e)) + 0x5A827999 + w9;
        c = Integer.rotateLeft(c, 30);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (~b & d)) + 0x5A827999 + w10;
        b = Integer.rotateLeft(b, 30);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (~a & c)) + 0x5A827999 + w11;
        a = Integer.rotateLeft(a, 30);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (~e & b)) + 0x5A827999 + w12;
        e = Integer.rotateLeft(e, 30);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (~d & a)) + 0x5A827999 + w13;
        d = Integer.rotateLeft(d, 30);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (~c & e)) + 0x5A827999 + w14;
        c = Integer.rotateLeft(c, 30);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (~b & d)) + 0x5A827999 + w15;
        b = Integer.rotateLeft(b, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (~a & c)) + 0x5A827999 + w0;
        a = Integer.rotateLeft(a, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (~e & b)) + 0x5A827999 + w1;
        e = Integer.rotateLeft(e, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (~d & a)) + 0x5A827999 + w2;
        d = Integer.rotateLeft(d, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (~c & e)) + 0x5A827999 + w3;
        c = Integer.rotateLeft(c, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w4;
        b = Integer.rotateLeft(b, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w5;
        a = Integer.rotateLeft(a, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w6;
        e = Integer.rotateLeft(e, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w7;
        d = Integer.rotateLeft(d, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w8;
        c = Integer.rotateLeft(c, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w9;
        b = Integer.rotateLeft(b, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w10;
        a = Integer.rotateLeft(a, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w11;
        e = Integer.rotateLeft(e, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w12;
        d = Integer.rotateLeft(d, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w13;
        c = Integer.rotateLeft(c, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w14;
        b = Integer.rotateLeft(b, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w15;
        a = Integer.rotateLeft(a, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w0;
        e = Integer.rotateLeft(e, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w1;
        d = Integer.rotateLeft(d, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w2;
        c = Integer.rotateLeft(c, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0x6ED9EBA1 + w3;
        b = Integer.rotateLeft(b, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0x6ED9EBA1 + w4;
        a = Integer.rotateLeft(a, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0x6ED9EBA1 + w5;
        e = Integer.rotateLeft(e, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0x6ED9EBA1 + w6;
        d = Integer.rotateLeft(d, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0x6ED9EBA1 + w7;
        c = Integer.rotateLeft(c, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (b & d) | (c & d)) + 0x8F1BBCDC + w8;
        b = Integer.rotateLeft(b, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (a & c) | (b & c)) + 0x8F1BBCDC + w9;
        a = Integer.rotateLeft(a, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (e & b) | (a & b)) + 0x8F1BBCDC + w10;
        e = Integer.rotateLeft(e, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (d & a) | (e & a)) + 0x8F1BBCDC + w11;
        d = Integer.rotateLeft(d, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (c & e) | (d & e)) + 0x8F1BBCDC + w12;
        c = Integer.rotateLeft(c, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (b & d) | (c & d)) + 0x8F1BBCDC + w13;
        b = Integer.rotateLeft(b, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (a & c) | (b & c)) + 0x8F1BBCDC + w14;
        a = Integer.rotateLeft(a, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (e & b) | (a & b)) + 0x8F1BBCDC + w15;
        e = Integer.rotateLeft(e, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (d & a) | (e & a)) + 0x8F1BBCDC + w0;
        d = Integer.rotateLeft(d, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (c & e) | (d & e)) + 0x8F1BBCDC + w1;
        c = Integer.rotateLeft(c, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (b & d) | (c & d)) + 0x8F1BBCDC + w2;
        b = Integer.rotateLeft(b, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (a & c) | (b & c)) + 0x8F1BBCDC + w3;
        a = Integer.rotateLeft(a, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (e & b) | (a & b)) + 0x8F1BBCDC + w4;
        e = Integer.rotateLeft(e, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (d & a) | (e & a)) + 0x8F1BBCDC + w5;
        d = Integer.rotateLeft(d, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (c & e) | (d & e)) + 0x8F1BBCDC + w6;
        c = Integer.rotateLeft(c, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        e += Integer.rotateLeft(a, 5) + ((b & c) | (b & d) | (c & d)) + 0x8F1BBCDC + w7;
        b = Integer.rotateLeft(b, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        d += Integer.rotateLeft(e, 5) + ((a & b) | (a & c) | (b & c)) + 0x8F1BBCDC + w8;
        a = Integer.rotateLeft(a, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        c += Integer.rotateLeft(d, 5) + ((e & a) | (e & b) | (a & b)) + 0x8F1BBCDC + w9;
        e = Integer.rotateLeft(e, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        b += Integer.rotateLeft(c, 5) + ((d & e) | (d & a) | (e & a)) + 0x8F1BBCDC + w10;
        d = Integer.rotateLeft(d, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        a += Integer.rotateLeft(b, 5) + ((c & d) | (c & e) | (d & e)) + 0x8F1BBCDC + w11;
        c = Integer.rotateLeft(c, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w12;
        b = Integer.rotateLeft(b, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w13;
        a = Integer.rotateLeft(a, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w14;
        e = Integer.rotateLeft(e, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w15;
        d = Integer.rotateLeft(d, 30);
        w0 = Integer.rotateLeft(w13 ^ w8 ^ w2 ^ w0, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w0;
        c = Integer.rotateLeft(c, 30);
        w1 = Integer.rotateLeft(w14 ^ w9 ^ w3 ^ w1, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w1;
        b = Integer.rotateLeft(b, 30);
        w2 = Integer.rotateLeft(w15 ^ w10 ^ w4 ^ w2, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w2;
        a = Integer.rotateLeft(a, 30);
        w3 = Integer.rotateLeft(w0 ^ w11 ^ w5 ^ w3, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w3;
        e = Integer.rotateLeft(e, 30);
        w4 = Integer.rotateLeft(w1 ^ w12 ^ w6 ^ w4, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w4;
        d = Integer.rotateLeft(d, 30);
        w5 = Integer.rotateLeft(w2 ^ w13 ^ w7 ^ w5, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w5;
        c = Integer.rotateLeft(c, 30);
        w6 = Integer.rotateLeft(w3 ^ w14 ^ w8 ^ w6, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w6;
        b = Integer.rotateLeft(b, 30);
        w7 = Integer.rotateLeft(w4 ^ w15 ^ w9 ^ w7, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w7;
        a = Integer.rotateLeft(a, 30);
        w8 = Integer.rotateLeft(w5 ^ w0 ^ w10 ^ w8, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w8;
        e = Integer.rotateLeft(e, 30);
        w9 = Integer.rotateLeft(w6 ^ w1 ^ w11 ^ w9, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w9;
        d = Integer.rotateLeft(d, 30);
        w10 = Integer.rotateLeft(w7 ^ w2 ^ w12 ^ w10, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w10;
        c = Integer.rotateLeft(c, 30);
        w11 = Integer.rotateLeft(w8 ^ w3 ^ w13 ^ w11, 1);
        e += Integer.rotateLeft(a, 5) + (b ^ c ^ d) + 0xCA62C1D6 + w11;
        b = Integer.rotateLeft(b, 30);
        w12 = Integer.rotateLeft(w9 ^ w4 ^ w14 ^ w12, 1);
        d += Integer.rotateLeft(e, 5) + (a ^ b ^ c) + 0xCA62C1D6 + w12;
        a = Integer.rotateLeft(a, 30);
        w13 = Integer.rotateLeft(w10 ^ w5 ^ w15 ^ w13, 1);
        c += Integer.rotateLeft(d, 5) + (e ^ a ^ b) + 0xCA62C1D6 + w13;
        e = Integer.rotateLeft(e, 30);
        w14 = Integer.rotateLeft(w11 ^ w6 ^ w0 ^ w14, 1);
        b += Integer.rotateLeft(c, 5) + (d ^ e ^ a) + 0xCA62C1D6 + w14;
        d = Integer.rotateLeft(d, 30);
        w15 = Integer.rotateLeft(w12 ^ w7 ^ w1 ^ w15, 1);
        a += Integer.rotateLeft(b, 5) + (c ^ d ^ e) + 0xCA62C1D6 + w15;
        c = Integer.rotateLeft(c, 30);
        return new Node(depth, 0x67452301 + a, 0xEFCDAB89 + b, 0x98BADCFE + c, 0x10325476 + d, 0xC3D2E1F0 + e);
    }
}
