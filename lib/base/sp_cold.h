/*
 * sp_cold.h - attributes for the functions that split a slow case off a
 * function that runs per value (GCC and Clang; nothing elsewhere):
 *
 *   SP_NOINLINE  not inlined, so the common case keeps a short prologue;
 *   SP_COLD      that, and rarely called: laid out away from hot code.
 */
#ifndef SP_COLD_H
#define SP_COLD_H

#if defined(__GNUC__) || defined(__clang__)
#define SP_NOINLINE __attribute__((noinline))
#define SP_COLD __attribute__((cold, noinline))
#else
#define SP_NOINLINE
#define SP_COLD
#endif

#endif
