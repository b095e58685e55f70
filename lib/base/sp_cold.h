/*
 * sp_cold.h - SP_COLD marks a function the hot path calls rarely (a slow
 * case split off a function that runs per call): not inlined, so the
 * common case keeps a short prologue, and laid out away from the hot
 * code.  GCC and Clang; nothing elsewhere.
 */
#ifndef SP_COLD_H
#define SP_COLD_H

#if defined(__GNUC__) || defined(__clang__)
#define SP_COLD __attribute__((cold, noinline))
#else
#define SP_COLD
#endif

#endif
