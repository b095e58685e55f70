/*
 * sp_sha1.h - SHA-1 (FIPS 180-4) of a byte string, in one call.
 *
 * Not for security: sp-flame picks a frame's colour by the digest of its
 * name, as flameprof does with Python's hashlib.
 */
#ifndef SP_SHA1_H
#define SP_SHA1_H

#include <stddef.h>

#define SP_SHA1_LEN 20

/* The digest of the len bytes at p into out. */
void sp_sha1(const void *p, size_t len, unsigned char out[SP_SHA1_LEN]);

#endif
