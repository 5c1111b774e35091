package dev.strand;

/** The work-stealing deque each worker owns; see {@link PoolConfig.Tuning#deque()}. */
public enum DequeKind {
    /**
     * Chase and Lev's growable circular deque (SPAA 2005), with the memory orders of Lê, Pop,
     * Cohen and Zappa Nardelli (PPoPP 2013): every fork is stealable at once; the owner's pop pays
     * one store-load fence. The default.
     */
    CHASE_LEV,
    /**
     * Wang et al.'s block-based deque (BWoS, OSDI 2023): a bounded ring of blocks; the owner's push
     * and pop inside its own block need no fence and no atomic instruction, and thieves take from
     * blocks the owner has granted. Tasks in the owner's block become stealable when the block
     * fills or a thief asks for them. A fork that finds the ring full runs inline; a submission
     * from a task goes to the pool's submission queue instead. Leapfrogging joins use a push
     * sequence stored beside each element. Not combinable with split deques.
     */
    BWOS
}
