/**
 * The global level: where each job goes first, and whether it may move.
 *
 * <p>{@link dev.strand.cluster.plan.Planner} places contiguous blocks of jobs of equal declared
 * work per core, then runs the cost rule on each job with the thief idle and the victim holding
 * its whole block. Contiguous, not round-robin: a cut recursion lists neighbouring subproblems
 * together, and a real deployment keeps neighbouring data together. The plan is wrong whenever
 * the declared work is (a skewed tree); job stealing corrects it at run time, within what the
 * cost rule allows.
 *
 * <p>Rejected: placing by the learned estimates (longest-processing-time first): it balances only
 * what is already known, gives up locality, and leaves the misestimated jobs to stealing anyway.
 */
package dev.strand.cluster.plan;
