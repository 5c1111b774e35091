package dev.strand.cli;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The values a numeric option accepts, bounds included unless {@link #aboveMin()}. Every command's
 * options (and those of its mixins) are checked before the command runs, by {@link Args#checkRanges},
 * with one wording: {@code Invalid value for option '--rounds': must be between 1 and 100, got 0}.
 * On an array or list option, every element is checked. A command states the range in the
 * option's description too; a test checks that it does.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Range {

    /** @return the least value accepted (default: no bound) */
    double min() default Double.NEGATIVE_INFINITY;

    /** @return the greatest value accepted (default: no bound) */
    double max() default Double.POSITIVE_INFINITY;

    /** @return whether {@link #min()} itself is refused ("must be above 0") */
    boolean aboveMin() default false;
}
