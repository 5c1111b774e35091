package dev.strand.parallel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.strand.StrandPool;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.Spliterator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@link Parallel}'s one shape (its class documentation states it): the pool first, then
 * the data, then what to compute, then the {@link Grain}, last, and optional: every method with a
 * grain has an overload without it, and every method without one an overload with it, except
 * {@code sort} (which cuts by itself) and {@code mergeSort} (whose grain is its point).
 */
class ShapeTest {

    private static final Set<String> GRAIN_REQUIRED = Set.of("mergeSort");
    private static final Set<String> NO_GRAIN = Set.of("sort");

    private static List<Method> api() {
        List<Method> ms = new ArrayList<>();
        // Parallel's own methods and those it inherits from the classes it is split into
        for (Class<?> c = Parallel.class; c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers())) {
                    ms.add(m);
                }
            }
        }
        assertThat(ms).as("Parallel's public methods").hasSizeGreaterThan(50);
        return ms;
    }

    private static String show(Method m) {
        return m.getName() + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName)
                .collect(Collectors.joining(", ", "(", ")"));
    }

    @Test
    void everyMethodIsStaticAndTakesThePoolFirst() {
        for (Method m : api()) {
            assertThat(Modifier.isStatic(m.getModifiers())).as(show(m)).isTrue();
            assertThat(m.getParameterTypes()[0]).as(show(m)).isEqualTo(StrandPool.class);
        }
    }

    @Test
    void theGrainIsTheLastArgumentAndAppearsAtMostOnce() {
        for (Method m : api()) {
            Class<?>[] ps = m.getParameterTypes();
            for (int i = 0; i < ps.length - 1; i++) {
                assertThat(ps[i]).as("%s: a Grain before the last argument", show(m)).isNotEqualTo(Grain.class);
            }
        }
    }

    /** An argument that says what to compute: a function, a comparator, a collector. */
    private static boolean isOperation(Class<?> c) {
        return c.isInterface() && !Collection.class.isAssignableFrom(c) && c != Spliterator.class;
    }

    @Test
    void theDataComesBeforeWhatToComputeAndNothingButTheGrainAfterIt() {
        for (Method m : api()) {
            Class<?>[] ps = m.getParameterTypes();
            int first = -1;
            for (int i = 1; i < ps.length; i++) {
                if (isOperation(ps[i])) {
                    first = i;
                    break;
                }
            }
            if (first < 0) {
                continue;                                   // sum, sort: pool, data (and a grain)
            }
            for (int i = first; i < ps.length; i++) {
                assertThat(isOperation(ps[i]) || (i == ps.length - 1 && ps[i] == Grain.class))
                        .as("%s: argument %d (%s) after an operation", show(m), i, ps[i].getSimpleName())
                        .isTrue();
            }
        }
    }

    @Test
    void theGrainIsOptionalWhereverItIsAccepted() {
        List<Method> api = api();
        for (Method m : api) {
            Class<?>[] ps = m.getParameterTypes();
            boolean withGrain = ps[ps.length - 1] == Grain.class;
            if (GRAIN_REQUIRED.contains(m.getName())) {
                assertThat(withGrain).as(show(m)).isTrue();
                continue;
            }
            if (NO_GRAIN.contains(m.getName())) {
                assertThat(withGrain).as(show(m)).isFalse();
                continue;
            }
            Class<?>[] partner = withGrain ? Arrays.copyOf(ps, ps.length - 1) : Arrays.copyOf(ps, ps.length + 1);
            if (!withGrain) {
                partner[ps.length] = Grain.class;
            }
            boolean found = api.stream().anyMatch(o -> o.getName().equals(m.getName())
                    && Arrays.equals(o.getParameterTypes(), partner) && o.getReturnType() == m.getReturnType());
            assertThat(found).as("%s has its overload %s a Grain", show(m), withGrain ? "without" : "with")
                    .isTrue();
        }
    }
}
