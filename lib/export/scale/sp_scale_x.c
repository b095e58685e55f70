/* The x of a run (sp_scale_x.h). */
#include "sp_scale_x.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_cbor.h"
#include "sp_fmt.h"

static int
nomem(struct sp_err *e)
{
	return sp_fail(e, SP_ENOMEM, "out of memory");
}

static char *
dup_n(const char *p, size_t n)
{
	char *s = malloc(n + 1);

	if (s != NULL) {
		memcpy(s, p, n);
		s[n] = '\0';
	}
	return s;
}

/* The value of node i as text, and as a number when it is one. */
static char *
text_of(struct sp_cbor *d, size_t i, double *num, int *numeric)
{
	const struct sp_cbor_node *n = sp_cbor_node(d, i);
	char buf[SP_FMT_MAX + 1];
	int64_t v;
	const char *p;
	size_t len;

	*numeric = 0;
	if (sp_cbor_int(d, i, &v) == 0) {
		*numeric = 1;
		*num = (double)v;
		return dup_n(buf, sp_fmt_i64(buf, v));
	}
	if (n->type == SP_CBOR_NODE_FLOAT) {
		*numeric = isfinite(n->f);
		*num = n->f;
		return dup_n(buf, sp_fmt_double(buf, n->f));
	}
	if (sp_cbor_text(d, i, &p, &len) == 0)
		return dup_n(p, len);
	if (n->type == SP_CBOR_NODE_BOOL)
		return dup_n(n->u ? "True" : "False", n->u ? 4 : 5);
	return dup_n("?", 1);
}

/* The value of key: *text NULL when absent. */
static int
lookup(const struct sp_run_info *ri, const char *key, char **text,
    double *num, int *numeric, struct sp_err *e)
{
	struct sp_cbor *d;
	size_t used, need;
	long i;
	int rc = 0;

	*text = NULL;
	*numeric = 0;
	if (ri->metadata == NULL || ri->metadata_len == 0)
		return 0;
	if ((d = sp_cbor_new()) == NULL)
		return nomem(e);
	if (sp_cbor_parse(d, ri->metadata, ri->metadata_len,
	    ri->metadata_len, &used, &need, NULL) == 1 &&
	    sp_cbor_node(d, 0)->type == SP_CBOR_NODE_MAP &&
	    (i = sp_cbor_map_get(d, 0, key)) >= 0 &&
	    (*text = text_of(d, (size_t)i, num, numeric)) == NULL)
		rc = nomem(e);
	sp_cbor_free(d);
	return rc;
}

int
sp_scale_x_meta(const struct sp_run_info *ri, const char *key,
    char **text, int *found, struct sp_err *e)
{
	double num;
	int numeric;

	if (lookup(ri, key, text, &num, &numeric, e) < 0)
		return -1;
	*found = *text != NULL;
	return 0;
}

/* A named field's integer above 0. */
static int
count_of(const struct sp_run_info *ri, const char *key, double *out,
    struct sp_err *e)
{
	char *text;
	double v = 0;
	int numeric;

	if (lookup(ri, key, &text, &v, &numeric, e) < 0)
		return -1;
	if (text == NULL && strcmp(key, "num_nodes") == 0 &&
	    ri->num_ranks == 1) {
		*out = 1;
		return 0;
	}
	if (text == NULL)
		return sp_fail(e, SP_EDATA, "no metadata key '%s'", key);
	free(text);
	if (!numeric || v < 1 || v > 9e15 || v != floor(v))
		return sp_fail(e, SP_EDATA, "metadata '%s' is not a count "
		    "above 0", key);
	*out = v;
	return 0;
}

static int
numeric_x(enum sp_scale_x_field f, const struct sp_run_info *ri,
    double *x, struct sp_err *e)
{
	double t;

	switch (f) {
	case SP_SCALE_X_RANKS:
		*x = ri->num_ranks;
		if (*x < 1)
			return sp_fail(e, SP_EDATA, "the run has no ranks");
		return 0;
	case SP_SCALE_X_THREADS:
		return count_of(ri, "omp_num_threads", x, e);
	case SP_SCALE_X_CORES:
		if (count_of(ri, "omp_num_threads", &t, e) < 0)
			return -1;
		*x = t * ri->num_ranks;
		if (*x < 1)
			return sp_fail(e, SP_EDATA, "the run has no ranks");
		return 0;
	default:
		return count_of(ri, "num_nodes", x, e);
	}
}

int
sp_scale_x_of(enum sp_scale_x_field f, const char *key,
    const struct sp_run_info *ri, const char *label, struct sp_scale_x *out,
    struct sp_err *e)
{
	char buf[SP_FMT_MAX + 1];

	memset(out, 0, sizeof *out);
	if (f == SP_SCALE_X_LABEL)
		return (out->text = dup_n(label, strlen(label))) == NULL ?
		    nomem(e) : 0;
	if (f == SP_SCALE_X_KEY) {
		if (lookup(ri, key, &out->text, &out->x, &out->numeric, e) < 0)
			return -1;
		if (out->text == NULL)
			return sp_fail(e, SP_EDATA, "no metadata key '%s'", key);
		out->numeric = out->numeric && out->x > 0;
		return 0;
	}
	if (numeric_x(f, ri, &out->x, e) < 0)
		return -1;
	out->numeric = 1;
	if ((out->text = dup_n(buf, sp_fmt_i64(buf, (int64_t)out->x))) == NULL)
		return nomem(e);
	return 0;
}

const char *
sp_scale_x_name(enum sp_scale_x_field f, const char *key)
{
	static const char *const names[] = { "num_ranks", "omp_num_threads",
		"total_cores", "num_nodes", "label" };

	return f == SP_SCALE_X_KEY ? key : names[f];
}

const char *
sp_scale_x_label(enum sp_scale_x_field f, const char *key)
{
	static const char *const labels[] = { "MPI ranks", "OpenMP threads",
		"MPI ranks x OpenMP threads", "num_nodes", "run" };

	return f == SP_SCALE_X_KEY ? key : labels[f];
}
