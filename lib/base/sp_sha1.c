#include "sp_sha1.h"

#include <stdint.h>
#include <string.h>

#define ROL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

static void
sha1_block(uint32_t h[5], const unsigned char *p)
{
	uint32_t w[80], a, b, c, d, t, f, k;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		    (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
	for (; i < 80; i++)
		w[i] = ROL(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	a = h[0];
	b = h[1];
	c = h[2];
	d = h[3];
	t = h[4];
	for (i = 0; i < 80; i++) {
		uint32_t tmp;

		if (i < 20) {
			f = (b & c) | (~b & d);
			k = 0x5a827999;
		} else if (i < 40) {
			f = b ^ c ^ d;
			k = 0x6ed9eba1;
		} else if (i < 60) {
			f = (b & c) | (b & d) | (c & d);
			k = 0x8f1bbcdc;
		} else {
			f = b ^ c ^ d;
			k = 0xca62c1d6;
		}
		tmp = ROL(a, 5) + f + t + k + w[i];
		t = d;
		d = c;
		c = ROL(b, 30);
		b = a;
		a = tmp;
	}
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	h[4] += t;
}

void
sp_sha1(const void *data, size_t len, unsigned char out[SP_SHA1_LEN])
{
	uint32_t h[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
	    0xc3d2e1f0 };
	const unsigned char *p = data;
	unsigned char tail[128];
	uint64_t bits = (uint64_t)len * 8;
	size_t n = len, rest, i, tn;

	for (; n >= 64; n -= 64, p += 64)
		sha1_block(h, p);
	rest = n;
	memcpy(tail, p, rest);
	tail[rest] = 0x80;
	tn = rest + 1 <= 56 ? 64 : 128;
	memset(tail + rest + 1, 0, tn - rest - 1);
	for (i = 0; i < 8; i++)
		tail[tn - 1 - i] = (unsigned char)(bits >> (8 * i));
	sha1_block(h, tail);
	if (tn == 128)
		sha1_block(h, tail + 64);
	for (i = 0; i < 5; i++) {
		out[4 * i] = (unsigned char)(h[i] >> 24);
		out[4 * i + 1] = (unsigned char)(h[i] >> 16);
		out[4 * i + 2] = (unsigned char)(h[i] >> 8);
		out[4 * i + 3] = (unsigned char)h[i];
	}
}
