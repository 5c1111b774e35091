/** Victim selection for steals: random start, coprime stride (Go's {@code stealOrder}). Not exported. */
package dev.strand.internal.victim;
