package dev.strand.workloads.fib;

import dev.strand.workloads.Kernel;
import dev.strand.workloads.Variant;
import dev.strand.workloads.Workload;
import dev.strand.workloads.WrongResultException;
import java.util.List;

/** The two fib kernels: forking at every level ({@code fib}) and with a cutoff ({@code fib-cutoff}). */
public final class FibWorkloads {
    private FibWorkloads() { }

    /** @return the every-level kernel: spawn overhead, ns per call */
    public static Kernel everyLevel() {
        return new Kernel("fib", "fib(n) forking at every level (Strand.join vs RecursiveTask): spawn overhead (ns per call)",
                List.of(new Kernel.Param("n", "argument", "20", "35", "38"),
                        new Kernel.Param("form", "Strand's form: 0 Strand.join (lambdas, boxed results), "
                                + "1 Strand.joinLong (allocation-free), 2 a Task subclass (fork, compute, join), "
                                + "3 Strand.fork lambdas, 4 plain recursion with Strand.joinLong where "
                                + "Strand.wantsSplit() (the guide's form)", "4", "4", "4")),
                p -> new EveryLevel(p.getInt("n", 0, Fib.MAX_N), p.getInt("form", 0, 4)));
    }

    /** @return the cutoff kernel: speed-up */
    public static Kernel cutoff() {
        return new Kernel("fib-cutoff", "fib(n) forking down to the cutoff, serial below: speed-up",
                List.of(new Kernel.Param("n", "argument", "25", "40", "42"),
                        new Kernel.Param("cutoff", "serial at or below this n", "12", "20", "20")),
                p -> new Cutoff(p.getInt("n", 0, Fib.MAX_N), p.getInt("cutoff", 0, Fib.MAX_N)));
    }

    static final class EveryLevel extends Workload {
        static final String[] FORMS = {" form=0 (Strand.join)", " form=1 (joinLong)", " form=2 (Task subclass)",
            " form=3 (Strand.fork)", ""};
        final int n;
        final int form;
        final int want;

        EveryLevel(int n, int form) {
            this.n = n;
            this.form = form;
            this.want = (int) Fib.expected(n);
        }

        @Override
        public String name() {
            return "fib";
        }

        @Override
        public String params() {
            return "n=" + n + FORMS[form];
        }

        @Override
        public boolean serialIsReentrant() {
            return true;                          // a pure function of n
        }

        @Override
        public List<Variant> variants() {
            return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
        }

        @Override
        public Object run(Variant v) {
            return switch (v) {
                case SERIAL -> Fib.serial(n);
                case STRAND -> switch (form) {
                    case 1 -> pools.strand().invoke(() -> (int) Fib.strandJoinLong(n));
                    case 2 -> pools.strand().invoke(new Fib.StrandFib(n));
                    case 3 -> pools.strand().invoke(() -> Fib.strand(n));
                    case 4 -> pools.strand().invoke(() -> (int) Fib.strandPolled(n));
                    default -> pools.strand().invoke(() -> Fib.strandJoin(n));
                };
                case FJP -> pools.fjp().invoke(new Fib.FjpFib(n));
                default -> throw new IllegalArgumentException(v.label());
            };
        }

        @Override
        public void check(Variant v, Object result) {
            WrongResultException.expect("fib(" + n + ") " + v.label(), (Integer) result, want);
        }

        @Override
        public Units units() {
            return new Units(Fib.calls(n), "calls");
        }

        @Override
        public long serialQueued() {
            return Math.max(0, n - 1);            // one offered half per level of fib(n) -> ... -> fib(1)
        }
    }

    static final class Cutoff extends Workload {
        final int n;
        final int cutoff;
        final int want;

        Cutoff(int n, int cutoff) {
            this.n = n;
            this.cutoff = cutoff;
            this.want = (int) Fib.expected(n);
        }

        @Override
        public String name() {
            return "fib-cutoff";
        }

        @Override
        public String params() {
            return "n=" + n + " cutoff=" + cutoff;
        }

        @Override
        public boolean serialIsReentrant() {
            return true;                          // a pure function of n
        }

        @Override
        public List<Variant> variants() {
            return List.of(Variant.SERIAL, Variant.STRAND, Variant.FJP);
        }

        @Override
        public Object run(Variant v) {
            return switch (v) {
                case SERIAL -> Fib.serial(n);
                case STRAND -> pools.strand().invoke(() -> Fib.strandJoinCutoff(n, cutoff));
                case FJP -> pools.fjp().invoke(new Fib.FjpFibCutoff(n, cutoff));
                default -> throw new IllegalArgumentException(v.label());
            };
        }

        @Override
        public void check(Variant v, Object result) {
            WrongResultException.expect("fib(" + n + ") " + v.label(), (Integer) result, want);
        }
    }
}
