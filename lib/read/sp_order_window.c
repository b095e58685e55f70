/*
 * The window of a run (sp_window.h, sp_order.h): its bounds in absolute
 * ns, the run's start found first when a bound is relative; the rows of
 * a rank item as the window leaves them; the output batch cut.  The merge
 * and the file order fill the output batch with the calls as recorded;
 * sp_order_flush cuts it before it goes out, so that their order is the
 * unclipped one.
 */
#include "sp_order_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sp_cbor.h"

/*
 * The run's start_time_ns metadata: 1 with it in *v, 0 when it has none
 * (or one that is no integer, as the reference then knows no start), -1
 * without memory.
 */
static int
metadata_start(struct sp_order *or, int64_t *v)
{
	const struct sp_source *src = or->src;
	struct sp_cbor *d;
	size_t used, need;
	double f;
	long i;
	int rc = 0, got;

	if (src->metadata_len == 0)
		return 0;
	if ((d = sp_cbor_new()) == NULL)
		return sp_order_oom(or);
	/* the reader encoded it: only memory can fail */
	if ((got = sp_cbor_parse(d, src->metadata, src->metadata_len,
	    src->metadata_len, &used, &need, or->e)) < 0) {
		sp_cbor_free(d);
		return -1;
	}
	if (got == 1 && sp_cbor_node(d, 0)->type == SP_CBOR_NODE_MAP &&
	    (i = sp_cbor_map_get(d, 0, "start_time_ns")) >= 0) {
		if (sp_cbor_int(d, (size_t)i, v) == 0)
			rc = 1;
		else if (sp_cbor_number(d, (size_t)i, &f) == 0 &&
		    f == (double)(int64_t)f && f > -9.2e18 && f < 9.2e18) {
			*v = (int64_t)f;
			rc = 1;
		}
	}
	sp_cbor_free(d);
	return rc;
}

/*
 * The earliest start of any call of the file, every row whatever the
 * selection (the pre-pass found each row's); 0 for a run without calls.
 */
static int64_t
earliest_start(const struct sp_order *or)
{
	const struct sp_source *src = or->src;
	int64_t lo = 0;
	int any = 0;
	size_t i;

	for (i = 0; i < src->nrows; i++)
		if (src->rows[i].count > 0 && (!any || or->row_min[i] < lo)) {
			lo = or->row_min[i];
			any = 1;
		}
	return lo;
}

/* Whether row is read for the run's span only (a shard's, sp_order_scan). */
static int
span_only(const struct sp_order *or, const struct sp_source_row *r)
{
	const char *name = or->src->names[r->region];

	return or->o->shard && !sp_order_row_selected(or, r) &&
	    (or->o->filter == NULL ||
	    sp_filter_keep(or->o->filter, name, strlen(name)));
}

/* The bits set in x. */
static uint64_t
ones(uint64_t x)
{
	uint64_t n = 0;

	for (; x != 0; x &= x - 1)
		n++;
	return n;
}

/* Row's bit map of calls kept and its counts per word. */
static int
alloc_bits(struct sp_order *or, size_t row)
{
	size_t words = (size_t)(or->src->rows[row].count / 64) + 1;

	if ((or->kept_bits[row] = calloc(words, sizeof(uint64_t))) == NULL ||
	    (or->kept_before[row] = calloc(words, sizeof(uint64_t))) == NULL)
		return sp_order_oom(or);
	return 0;
}

static void
count_bits(struct sp_order *or, size_t row)
{
	size_t words = (size_t)(or->src->rows[row].count / 64) + 1, w;
	uint64_t n = 0;

	for (w = 0; w < words; w++) {
		or->kept_before[row][w] = n;
		n += ones(or->kept_bits[row][w]);
	}
}

/* Count the calls row keeps, and add them, clipped, to the span. */
static int
count_row(struct sp_order *or, size_t row, int emit)
{
	struct sp_source *src = or->src;
	const struct sp_source_row *r = &src->rows[row];
	int64_t *none[SP_X_COUNT] = { 0 }, prev = 0, s, t;
	uint64_t off;
	size_t j;

	if (emit && alloc_bits(or, row) < 0)
		return -1;

	for (off = 0; off < r->count; off += SP_ORDER_CHUNK) {
		size_t n = r->count - off < SP_ORDER_CHUNK ?
		    (size_t)(r->count - off) : SP_ORDER_CHUNK;

		if (src->ops->read(src, row, off, n, or->a, or->b, none,
		    or->e) < 0)
			return -1;
		for (j = 0; j < n; j++) {
			s = src->delta ? (prev += or->a[j]) : or->a[j];
			t = src->delta ? s + or->b[j] : or->b[j];
			if (!sp_window_keeps(&or->win, s, t))
				continue;
			if (emit)
				or->kept_bits[row][(off + j) / 64] |=
				    (uint64_t)1 << ((off + j) % 64);
			or->row_kept[row] += emit;
			or->total += emit;
			s = sp_window_start(&or->win, s);
			t = sp_window_end(&or->win, t);
			or->span_lo = or->has_span && or->span_lo < s ?
			    or->span_lo : s;
			or->span_hi = or->has_span && or->span_hi > t ?
			    or->span_hi : t;
			or->has_span = 1;
		}
	}
	if (emit)
		count_bits(or, row);
	return 0;
}

int
sp_order_window(struct sp_order *or)
{
	const struct sp_window *w = or->o->window;
	int64_t origin = 0;
	size_t i;
	int got;

	if (w == NULL)
		return 0;
	or->win_on = 1;
	if ((or->row_kept = calloc(or->src->nrows + 1,
	    sizeof *or->row_kept)) == NULL ||
	    (or->kept_bits = calloc(or->src->nrows + 1,
	    sizeof *or->kept_bits)) == NULL ||
	    (or->kept_before = calloc(or->src->nrows + 1,
	    sizeof *or->kept_before)) == NULL ||
	    (or->win_row = calloc(or->src->nregions + 1,
	    sizeof *or->win_row)) == NULL)
		return sp_order_oom(or);
	if (sp_window_relative(w)) {
		if ((got = metadata_start(or, &origin)) < 0)
			return -1;
		if (got == 0)
			origin = earliest_start(or);
	}
	or->win = sp_window_resolve(w, origin);
	if (or->win.lo >= or->win.hi)
		return sp_fail(or->e, SP_EUSAGE, "%s: --window %s: its end "
		    "(@%" PRId64 ") is not after its start (@%" PRId64 ")",
		    or->src->path, w->spec, or->win.hi, or->win.lo);
	/* the span of the calls kept, clipped, as the batches will hold */
	or->has_span = 0;
	or->total = 0;
	for (i = 0; i < or->src->nrows; i++) {
		const struct sp_source_row *r = &or->src->rows[i];
		int emit = sp_order_row_selected(or, r);

		if ((emit || span_only(or, r)) && count_row(or, i, emit) < 0)
			return -1;
	}
	return 0;
}

/* --- the rows of a rank item --- */

/* Past a JSON string at p[*i] (a quote), as far as n. */
static void
skip_string(const char *p, size_t n, size_t *i)
{
	for ((*i)++; *i < n && p[*i] != '"'; (*i)++)
		if (p[*i] == '\\')
			(*i)++;
	if (*i < n)
		(*i)++;
}

/*
 * The next element of a JSON array's text from p[*i] (after "[" or a
 * ","): [*a, *b), and *i past its "," or "]"; 0 at the end, -1 when the
 * text is not such an array.
 */
static int
next_element(const char *p, size_t n, size_t *i, size_t *a, size_t *b)
{
	int depth = 0;

	while (*i < n && (p[*i] == ' ' || p[*i] == '\n' || p[*i] == '\t' ||
	    p[*i] == '\r'))
		(*i)++;
	if (*i < n && p[*i] == ']')
		return 0;
	*a = *i;
	while (*i < n) {
		char c = p[*i];

		if (c == '"') {
			skip_string(p, n, i);
			continue;
		}
		if (depth == 0 && (c == ',' || c == ']'))
			break;
		depth += c == '{' || c == '[' ? 1 : c == '}' || c == ']' ? -1 :
		    0;
		(*i)++;
	}
	if (*i >= n || depth != 0)
		return -1;
	*b = *i;
	while (*b > *a && (p[*b - 1] == ' ' || p[*b - 1] == '\n' ||
	    p[*b - 1] == '\t' || p[*b - 1] == '\r'))
		(*b)--;
	if (p[*i] == ',')
		(*i)++;
	return *b > *a ? 1 : -1;
}

/*
 * The event metadata of row (the text of a JSON array, one element per
 * call in recording order) with only the elements of the calls kept, in
 * *out (the caller frees it); NULL when the text is not such an array,
 * which then stays as it is.
 */
static int
cut_events(struct sp_order *or, size_t row, const char *p, size_t n,
    char **out, size_t *len)
{
	struct sp_source *src = or->src;
	const struct sp_source_row *r = &src->rows[row];
	int64_t *none[SP_X_COUNT] = { 0 }, prev = 0;
	size_t i = 0, a, b, k = 0, at = 0, j = SP_ORDER_CHUNK;
	uint64_t off = 0;
	char *t;
	int got;

	*out = NULL;
	while (i < n && p[i] != '[')
		i++;
	if (i++ >= n || (t = malloc(n + 3)) == NULL)
		return i > n ? 0 : sp_order_oom(or);
	t[at++] = '[';
	while ((got = next_element(p, n, &i, &a, &b)) == 1 && off < r->count) {
		if (j == SP_ORDER_CHUNK) {
			size_t m = r->count - off < SP_ORDER_CHUNK ?
			    (size_t)(r->count - off) : SP_ORDER_CHUNK;

			if (src->ops->read(src, row, off, m, or->a, or->b, none,
			    or->e) < 0) {
				free(t);
				return -1;
			}
			j = 0;
		}
		{
			int64_t s = src->delta ? prev + or->a[j] : or->a[j];
			int64_t en = src->delta ? s + or->b[j] : or->b[j];

			prev = s;
			j++;
			off++;
			if (!sp_window_keeps(&or->win, s, en))
				continue;
		}
		if (k++ > 0) {
			t[at++] = ',';
			t[at++] = ' ';
		}
		memcpy(t + at, p + a, b - a);
		at += b - a;
	}
	if (got < 0) {
		free(t);
		return 0;
	}
	t[at++] = ']';
	*out = t;
	*len = at;
	return 0;
}

int
sp_order_window_rows(struct sp_order *or, const size_t *row_index,
    struct sp_row_info *rows, size_t n, char ***texts)
{
	size_t k;
	char *t;

	if ((*texts = calloc(n + 1, sizeof **texts)) == NULL)
		return sp_order_oom(or);
	for (k = 0; k < n; k++) {
		struct sp_row_info *ri = &rows[k];
		size_t len;

		or->win_row[or->src->rows[row_index[k]].region] = row_index[k];

		ri->calls = or->row_kept[row_index[k]];
		/* what a row says of all its calls says nothing of these */
		ri->has_summary = ri->has_exclusive = ri->has_aggregate = 0;
		if (ri->event_metadata == NULL)
			continue;
		if (cut_events(or, row_index[k], ri->event_metadata,
		    ri->event_metadata_len, &t, &len) < 0)
			return -1;
		if (t != NULL) {
			(*texts)[k] = t;
			ri->event_metadata = t;
			ri->event_metadata_len = len;
		}
	}
	return 0;
}

void
sp_order_window_free_texts(char **texts, size_t n)
{
	size_t k;

	for (k = 0; texts != NULL && k < n; k++)
		free(texts[k]);
	free(texts);
}

/* Call c of region's row of this rank: its index among the kept ones. */
static int64_t
kept_index(const struct sp_order *or, uint32_t region, int64_t c)
{
	size_t row = or->win_row[region];
	uint64_t w = (uint64_t)c / 64, below;

	below = or->kept_bits[row][w] & (((uint64_t)1 << (c % 64)) - 1);
	return (int64_t)(or->kept_before[row][w] +
	    ones(below));
}

void
sp_order_window_free(struct sp_order *or)
{
	size_t i;

	/* either table may be missing: memory ran out between the two */
	for (i = 0; or->kept_bits != NULL && i < or->src->nrows; i++)
		free(or->kept_bits[i]);
	for (i = 0; or->kept_before != NULL && i < or->src->nrows; i++)
		free(or->kept_before[i]);
	free(or->kept_bits);
	free(or->kept_before);
	free(or->win_row);
	free(or->row_kept);
}

void
sp_order_window_cut(struct sp_order *or)
{
	struct sp_batch *b = &or->out;
	size_t i, k = 0, x;

	for (i = 0; i < b->n; i++) {
		if (!sp_window_keeps(&or->win, b->start[i], b->end[i]))
			continue;
		b->start[k] = sp_window_start(&or->win, b->start[i]);
		b->end[k] = sp_window_end(&or->win, b->end[i]);
		b->region[k] = b->region[i];
		b->call[k] = kept_index(or, b->region[i], b->call[i]);
		for (x = 0; x < SP_X_COUNT; x++)
			if (b->x[x] != NULL)
				b->x[x][k] = b->x[x][i];
		k++;
	}
	b->n = k;
}
