/*
 * sp_simd.h - an attribute for the loops over a batch's columns that the
 * compiler vectorizes only with AVX2 (the reductions of 64-bit integers,
 * which x86-64's baseline SSE2 has no compare for):
 *
 *   SP_CLONES_AVX2  the function made twice, for AVX2 and for any x86-64,
 *                   the one run picked when the program is loaded (GCC's
 *                   and Clang's target_clones, an ELF ifunc); nothing
 *                   elsewhere.
 *
 * Only for functions whose result cannot depend on which one runs:
 * integer code, whose vectorized form gives the same answer.
 */
#ifndef SP_SIMD_H
#define SP_SIMD_H

#if defined(__x86_64__) && defined(__ELF__) && \
    (defined(__GNUC__) || defined(__clang__))
#define SP_CLONES_AVX2 __attribute__((target_clones("avx2", "default")))
#else
#define SP_CLONES_AVX2
#endif

#endif
