package dev.strand.workloads.health;

import dev.strand.Strand;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;

/**
 * Health, of the Barcelona OpenMP Tasks Suite (BOTS; from the Olden suite's model of the Colombian
 * health-care system): a tree of villages, {@code cities} children per village and {@code levels}
 * levels, each village with a hospital and a population of patients. Every time step visits the
 * whole tree; a village first simulates its child villages, <b>each a task</b>, while it updates
 * its own hospital's patients (inside, in assessment, waiting), then waits for the children, takes
 * in the patients they sent up, in order of patient id, and lets its healthy population fall ill.
 * The grain is one village for one step: a few list operations and a few random draws, with no
 * cutoff (the version of BOTS without one); the {@code small} input makes 6 174 tasks per step and
 * {@code medium} 47 988, 365 steps per run.
 *
 * <p>Patients are kept, as in the original, in doubly linked lists appended at their tail by a
 * walk from the head, and every random draw is the original's Park-Miller generator with
 * Schrage's method in 32-bit integers, per patient, so a run is deterministic and its totals are
 * those BOTS publishes with each input (checked). The one shared write, a patient sent up to the
 * parent's hospital, appends to the parent's list under the parent's lock; the parent orders that
 * list by patient id before using it, so the schedule does not change the result.
 */
public final class Health {
    private Health() { }

    static final int IA = 16807;
    static final int IM = 2147483647;
    static final double AM = 1.0 / IM;
    static final int IQ = 127773;
    static final int IR = 2836;
    static final int MASK = 123459876;

    /**
     * The totals of a simulation's end state that BOTS checks.
     *
     * @param population patients in all
     * @param hospitals  hospitals (villages)
     * @param personnel  hospital personnel in all
     * @param checkIns   hospital admissions, summed over patients
     * @param inVillage  patients at home
     * @param waiting    patients waiting for personnel
     * @param assess     patients in assessment
     * @param inside     patients convalescing in a hospital
     */
    public record Results(long population, long hospitals, long personnel, long checkIns, long inVillage,
                          long waiting, long assess, long inside) { }

    /**
     * One of BOTS's input files: the simulation's parameters and the totals it must end with.
     *
     * @param name              the file's name (test, small, medium, large)
     * @param levels            levels of the village tree
     * @param cities            child villages per village
     * @param populationRatio   patients per member of personnel
     * @param time              time steps per run
     * @param assessTime        steps of an assessment
     * @param convalescenceTime steps of a convalescence
     * @param randomStart       the start value of the villages' random generators
     * @param getSickP          probability that a patient at home falls ill in a step
     * @param convalescenceP    probability that an assessed patient needs treatment
     * @param reallocP          probability that such a patient is sent to the parent's hospital
     * @param expected          the totals BOTS publishes for the input
     */
    public record Input(String name, int levels, int cities, int populationRatio, int time, int assessTime,
                        int convalescenceTime, int randomStart, float getSickP, float convalescenceP, float reallocP,
                        Results expected) {

        /** @return the villages of the tree: {@code 1 + c + c^2 + ... + c^(levels-1)} */
        public long villages() {
            long n = 0;
            long k = 1;
            for (int l = 0; l < levels; l++) {
                n += k;
                k *= cities;
            }
            return n;
        }
    }

    /** The four inputs BOTS ships, with their published totals. */
    public static final List<Input> INPUTS = List.of(
            new Input("test", 3, 18, 10, 365, 2, 12, 23, 0.002f, 0.100f, 0.150f,
                    new Results(7280, 343, 728, 5531, 7160, 80, 26, 14)),
            new Input("small", 4, 18, 10, 365, 2, 12, 23, 0.002f, 0.100f, 0.150f,
                    new Results(131200, 6175, 13120, 96718, 128997, 1406, 525, 272)),
            new Input("medium", 4, 36, 10, 365, 2, 12, 23, 0.002f, 0.100f, 0.150f,
                    new Results(988000, 47989, 98800, 721934, 971855, 10249, 3901, 1995)),
            new Input("large", 5, 24, 10, 365, 2, 12, 23, 0.002f, 0.100f, 0.150f,
                    new Results(7238720, 346201, 723872, 5267413, 7121156, 73923, 28969, 14672)));

    /**
     * @param name test, small, medium or large
     * @return that input
     * @throws IllegalArgumentException naming the inputs, for any other name
     */
    public static Input input(String name) {
        for (Input in : INPUTS) {
            if (in.name().equals(name.strip().toLowerCase(Locale.ROOT))) {
                return in;
            }
        }
        throw new IllegalArgumentException("health.input must be test, small, medium or large, got '"
                + name + "'");
    }

    /** The generator's step (Park and Miller, by Schrage's method) in 32-bit integers. */
    static int draw(int seed) {
        int idum = seed ^ MASK;
        int k = idum / IQ;
        idum = IA * (idum - k * IQ) - IR * k;
        idum ^= MASK;
        if (idum < 0) {
            idum += IM;
        }
        return idum;
    }

    /** A patient, on one list at a time. */
    static final class Patient {
        final int id;
        final int initialSeed;
        int seed;
        int time;
        int timeLeft;
        int hospsVisited;
        Patient back;
        Patient forward;

        Patient(int id, int seed) {
            this.id = id;
            this.initialSeed = seed;
            this.seed = seed;
        }

        /** @return the next number of this patient's generator, in [0, 1) */
        float random() {
            int idum = draw(seed);
            seed = idum * IM;                       // wraps, as the original's int32_t product
            return (float) AM * idum;
        }
    }

    /** A doubly linked list of patients, appended at its tail by a walk from its head. */
    static final class PatientList {
        Patient head;

        void add(Patient p) {
            if (head == null) {
                head = p;
                p.back = null;
            } else {
                Patient aux = head;
                while (aux.forward != null) {
                    aux = aux.forward;
                }
                aux.forward = p;
                p.back = aux;
            }
            p.forward = null;
        }

        void remove(Patient p) {
            if (p.back != null) {
                p.back.forward = p.forward;
            } else {
                head = p.forward;
            }
            if (p.forward != null) {
                p.forward.back = p.back;
            }
        }
    }

    /** A village's hospital. */
    static final class Hosp {
        final int personnel;
        int freePersonnel;
        final PatientList waiting = new PatientList();
        final PatientList assess = new PatientList();
        final PatientList inside = new PatientList();
        /** Patients sent up by the child villages' hospitals; guarded by this hospital's lock. */
        final PatientList realloc = new PatientList();

        Hosp(int personnel) {
            this.personnel = personnel;
            this.freePersonnel = personnel;
        }
    }

    /** A village: its hospital, its population, its child villages ({@code forward}, then {@code next}). */
    static final class Village {
        final int id;
        final int level;
        final Village back;
        final Village next;
        Village forward;
        final PatientList population = new PatientList();
        final Hosp hosp;
        int seed;
        /** The village's own patients, in their initial order, for {@link World#reset}. */
        Patient[] residents;

        Village(int id, int level, Village back, Village next, int personnel) {
            this.id = id;
            this.level = level;
            this.back = back;
            this.next = next;
            this.hosp = new Hosp(personnel);
        }
    }

    /**
     * One simulation: the village tree of an input and the steps that advance it. A run changes
     * it; {@link #reset} puts it back in its initial state, keeping its objects.
     */
    public static final class World {
        final Input in;
        final Village top;
        private final List<Village> villages = new ArrayList<>();
        private int nextPatientId;

        /** @param in the input whose initial state to build */
        public World(Input in) {
            this.in = in;
            this.top = village(null, null, in.levels(), 0);
        }

        /**
         * Puts every patient back at home, in the village's initial order, with its generator
         * back at its start and no history, and frees all personnel: the state the constructor built, in the same
         * objects.
         */
        public void reset() {
            for (Village v : villages) {
                v.population.head = null;
                v.hosp.waiting.head = null;
                v.hosp.assess.head = null;
                v.hosp.inside.head = null;
                v.hosp.realloc.head = null;
                v.hosp.freePersonnel = v.hosp.personnel;
                Patient prev = null;
                for (Patient p : v.residents) {
                    p.seed = p.initialSeed;
                    p.time = 0;
                    p.timeLeft = 0;
                    p.hospsVisited = 0;
                    p.back = prev;
                    p.forward = null;
                    if (prev == null) {
                        v.population.head = p;
                    } else {
                        prev.forward = p;
                    }
                    prev = p;
                }
            }
        }

        /**
         * Builds a village and, below it, its subtree, in the original's order: its patients
         * (ids in order, each generator started from the village's generator's next value), then its children from
         * the last to the first, each linked to the one built before it.
         */
        private Village village(Village back, Village next, int level, int vid) {
            if (level == 0) {
                return null;
            }
            int personnel = 1 << level;
            Village v = new Village(vid, level, back, next, personnel);
            v.seed = vid * (IQ + in.randomStart());        // int arithmetic, as the original's
            int population = personnel * in.populationRatio();
            v.residents = new Patient[population];
            for (int i = 0; i < population; i++) {
                Patient p = new Patient(nextPatientId++, v.seed);
                v.seed = draw(v.seed) * IM;
                v.population.add(p);
                v.residents[i] = p;
            }
            villages.add(v);
            Village current = null;
            Village inext = null;
            for (int i = in.cities(); i > 0; i--) {
                current = village(v, inext, level - 1, vid * in.cities() + i);
                inext = current;
            }
            v.forward = current;
            return v;
        }

        /** Runs every time step serially. */
        public void runSerial() {
            for (int t = 0; t < in.time(); t++) {
                stepSerial(top);
            }
        }

        /** Runs every time step, a task per child village (call inside a Strand pool). */
        public void runStrand() {
            for (int t = 0; t < in.time(); t++) {
                stepStrand(top);
            }
        }

        /** @return a ForkJoinPool task that runs every time step, a task per child village */
        public ForkJoinTask<?> fjpTask() {
            return ForkJoinTask.adapt(() -> {
                for (int t = 0; t < in.time(); t++) {
                    new FjpVillage(this, top).invoke();
                }
            });
        }

        void stepSerial(Village v) {
            for (Village c = v.forward; c != null; c = c.next) {
                stepSerial(c);
            }
            checkInside(v);
            checkAssess(v);
            checkWaiting(v);
            checkRealloc(v);
            checkPopulation(v);
        }

        void stepStrand(Village v) {
            Strand.scope(s -> {
                for (Village c = v.forward; c != null; c = c.next) {
                    Village child = c;
                    s.spawn(() -> stepStrand(child));
                }
                checkInside(v);
                checkAssess(v);
                checkWaiting(v);
            });
            checkRealloc(v);
            checkPopulation(v);
        }

        /** Convalescents: one step less; those done go home, freeing their personnel. */
        void checkInside(Village v) {
            Patient list = v.hosp.inside.head;
            while (list != null) {
                Patient p = list;
                list = list.forward;
                p.timeLeft--;
                if (p.timeLeft == 0) {
                    v.hosp.freePersonnel++;
                    v.hosp.inside.remove(p);
                    v.population.add(p);
                }
            }
        }

        /**
         * Assessed patients: treated here, sent to the parent's hospital (never from the top), or
         * sent home.
         */
        void checkAssess(Village v) {
            Patient list = v.hosp.assess.head;
            while (list != null) {
                Patient p = list;
                list = list.forward;
                p.timeLeft--;
                if (p.timeLeft == 0) {
                    if (p.random() < in.convalescenceP()) {
                        if (p.random() > in.reallocP() || v.level == in.levels()) {
                            v.hosp.assess.remove(p);
                            v.hosp.inside.add(p);
                            p.timeLeft = in.convalescenceTime();
                            p.time += p.timeLeft;
                        } else {
                            v.hosp.freePersonnel++;
                            v.hosp.assess.remove(p);
                            Hosp up = v.back.hosp;
                            synchronized (up) {          // siblings send up at the same time
                                up.realloc.add(p);
                            }
                        }
                    } else {
                        v.hosp.freePersonnel++;
                        v.hosp.assess.remove(p);
                        v.population.add(p);
                    }
                }
            }
        }

        /** Waiting patients: assessed if personnel is free, else one more step of waiting. */
        void checkWaiting(Village v) {
            Patient list = v.hosp.waiting.head;
            while (list != null) {
                Patient p = list;
                list = list.forward;
                if (v.hosp.freePersonnel > 0) {
                    v.hosp.freePersonnel--;
                    p.timeLeft = in.assessTime();
                    p.time += p.timeLeft;
                    v.hosp.waiting.remove(p);
                    v.hosp.assess.add(p);
                } else {
                    p.time++;
                }
            }
        }

        /** Patients sent up by the children: admitted here, lowest id first. */
        void checkRealloc(Village v) {
            PatientList realloc = v.hosp.realloc;
            while (realloc.head != null) {
                Patient s = realloc.head;
                for (Patient p = s; p != null; p = p.forward) {
                    if (p.id < s.id) {
                        s = p;
                    }
                }
                realloc.remove(s);
                putInHosp(v.hosp, s);
            }
        }

        /** The village's population: each patient falls ill with probability getSickP. */
        void checkPopulation(Village v) {
            Patient list = v.population.head;
            while (list != null) {
                Patient p = list;
                list = list.forward;
                if (p.random() < in.getSickP()) {
                    v.population.remove(p);
                    putInHosp(v.hosp, p);
                }
            }
        }

        void putInHosp(Hosp h, Patient p) {
            p.hospsVisited++;
            if (h.freePersonnel > 0) {
                h.freePersonnel--;
                h.assess.add(p);
                p.timeLeft = in.assessTime();
                p.time += p.timeLeft;
            } else {
                h.waiting.add(p);
            }
        }

        /** @return the totals of the current state (serially; not during a run) */
        public Results results() {
            long[] r = new long[8];
            count(top, r);
            return new Results(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]);
        }

        private static void count(Village v, long[] r) {
            for (Village c = v.forward; c != null; c = c.next) {
                count(c, r);
            }
            r[1]++;
            r[2] += v.hosp.personnel;
            count(v.population, r, 4);
            count(v.hosp.waiting, r, 5);
            count(v.hosp.assess, r, 6);
            count(v.hosp.inside, r, 7);
        }

        private static void count(PatientList l, long[] r, int where) {
            for (Patient p = l.head; p != null; p = p.forward) {
                r[0]++;
                r[where]++;
                r[3] += p.hospsVisited;
            }
        }
    }

    /**
     * The ForkJoinPool version of a village's step: a task forked per child village, the
     * village's own hospital updated meanwhile, the children joined (newest first), then the rest.
     */
    static final class FjpVillage extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        final transient World world;
        final transient Village village;

        FjpVillage(World world, Village village) {
            this.world = world;
            this.village = village;
        }

        @Override
        protected void compute() {
            Village v = village;
            List<FjpVillage> children = new ArrayList<>();
            for (Village c = v.forward; c != null; c = c.next) {
                FjpVillage t = new FjpVillage(world, c);
                t.fork();
                children.add(t);
            }
            world.checkInside(v);
            world.checkAssess(v);
            world.checkWaiting(v);
            for (int i = children.size() - 1; i >= 0; i--) {
                children.get(i).join();
            }
            world.checkRealloc(v);
            world.checkPopulation(v);
        }
    }
}
