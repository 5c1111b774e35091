package dev.strand.internal.worker;

/**
 * How {@code Strand.wantsSplit} answers on a worker ({@code Worker.splitMode}, fixed when the
 * worker is made; see the package essay, "Split points"). Compile-time constants: reading them
 * loads no class.
 */
public final class SplitMode {
    private SplitMode() { }

    /** Lazy splitting with no other core worker to take a piece: never split. */
    public static final byte NEVER = 0;
    /** Lazy splitting: split where the deque holds nothing stealable. */
    public static final byte LAZY = 1;
    /** The pool does not split lazily: every split point offers work. */
    public static final byte ALWAYS = 2;
}
