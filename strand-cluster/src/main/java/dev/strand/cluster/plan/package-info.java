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
 * <p>{@link dev.strand.cluster.plan.Balancer} decides the moves at run time. What it knows of a
 * chunk's state comes from answers: a chunk given up moves, a refusal marks it started for good,
 * and no answer within the driver's wait leaves it as it was (a candidate, asked for again),
 * because a request on a slow link or a lost one says nothing about the chunk.
 *
 * <p>Rejected: placing by the learned estimates (longest-processing-time first): it balances only
 * what is already known, gives up locality, and leaves the misestimated jobs to stealing anyway.
 */
package dev.strand.cluster.plan;
