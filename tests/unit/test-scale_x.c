/*
 * test-scale_x: the x of a run in a scaling series (sp_scale_x.h) from
 * hand-encoded CBOR metadata: ranks, threads, cores, nodes (and its
 * default for one rank), the label, any key as a number or a text, the
 * errors for absent keys and for counts that are not integers above 0,
 * and the names and labels of the axis.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sp_scale_x.h"

/*
 * { "omp_num_threads": 4, "num_nodes": 2, "compiler": "gcc",
 *   "frac": 1.5, "neg": -3, "zero": 0, "half": 0.5, "big": 24 }
 * (uint 24 takes the one-byte form 0x18 0x18.)
 */
static const uint8_t meta[] = {
	0xa8,
	0x6f, 'o', 'm', 'p', '_', 'n', 'u', 'm', '_', 't', 'h', 'r', 'e', 'a',
	'd', 's', 0x04,
	0x69, 'n', 'u', 'm', '_', 'n', 'o', 'd', 'e', 's', 0x02,
	0x68, 'c', 'o', 'm', 'p', 'i', 'l', 'e', 'r', 0x63, 'g', 'c', 'c',
	0x64, 'f', 'r', 'a', 'c', 0xfb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0,
	0x63, 'n', 'e', 'g', 0x22,
	0x64, 'z', 'e', 'r', 'o', 0x00,
	0x64, 'h', 'a', 'l', 'f', 0xfb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0,
	0x63, 'b', 'i', 'g', 0x18, 0x18,
};

/* { "omp_num_threads": 2.5, "num_nodes": "two" } */
static const uint8_t bad[] = {
	0xa2,
	0x6f, 'o', 'm', 'p', '_', 'n', 'u', 'm', '_', 't', 'h', 'r', 'e', 'a',
	'd', 's', 0xfb, 0x40, 0x04, 0, 0, 0, 0, 0, 0,
	0x69, 'n', 'u', 'm', '_', 'n', 'o', 'd', 'e', 's', 0x63, 't', 'w', 'o',
};

static struct sp_run_info
run_of(const uint8_t *m, size_t n, uint32_t ranks)
{
	struct sp_run_info ri;

	memset(&ri, 0, sizeof ri);
	ri.label = "r";
	ri.num_ranks = ranks;
	ri.metadata = m;
	ri.metadata_len = n;
	return ri;
}

/* The x of field f (key k) is numeric x with text t. */
static void
check_x(const struct sp_run_info *ri, enum sp_scale_x_field f,
    const char *k, int numeric, double x, const char *t)
{
	struct sp_scale_x out;
	struct sp_err e;

	memset(&e, 0, sizeof e);
	if (sp_scale_x_of(f, k, ri, "lbl", &out, &e) < 0) {
		CHECK(0, "field %d key %s: %s", (int)f, k ? k : "-", e.msg);
		return;
	}
	CHECK(out.numeric == numeric, "field %d key %s: numeric %d, not %d",
	    (int)f, k ? k : "-", out.numeric, numeric);
	CHECK(!numeric || out.x == x, "field %d key %s: x %g, not %g",
	    (int)f, k ? k : "-", out.x, x);
	CHECK(out.text != NULL && strcmp(out.text, t) == 0,
	    "field %d key %s: text '%s', not '%s'", (int)f, k ? k : "-",
	    out.text ? out.text : "(null)", t);
	free(out.text);
}

/* The x of field f (key k) fails with SP_EDATA and message msg. */
static void
check_fail(const struct sp_run_info *ri, enum sp_scale_x_field f,
    const char *k, const char *msg)
{
	struct sp_scale_x out;
	struct sp_err e;

	memset(&e, 0, sizeof e);
	CHECK(sp_scale_x_of(f, k, ri, "lbl", &out, &e) == -1,
	    "field %d key %s: no failure", (int)f, k ? k : "-");
	CHECK(e.status == SP_EDATA, "field %d key %s: status %d", (int)f,
	    k ? k : "-", (int)e.status);
	CHECK(strcmp(e.msg, msg) == 0, "field %d key %s: '%s', not '%s'",
	    (int)f, k ? k : "-", e.msg, msg);
	free(out.text);
}

static void
test_fields(void)
{
	struct sp_run_info ri = run_of(meta, sizeof meta, 16);

	check_x(&ri, SP_SCALE_X_RANKS, NULL, 1, 16, "16");
	check_x(&ri, SP_SCALE_X_THREADS, NULL, 1, 4, "4");
	check_x(&ri, SP_SCALE_X_CORES, NULL, 1, 64, "64");
	check_x(&ri, SP_SCALE_X_NODES, NULL, 1, 2, "2");
	check_x(&ri, SP_SCALE_X_LABEL, NULL, 0, 0, "lbl");
}

static void
test_keys(void)
{
	struct sp_run_info ri = run_of(meta, sizeof meta, 16);

	check_x(&ri, SP_SCALE_X_KEY, "compiler", 0, 0, "gcc");
	check_x(&ri, SP_SCALE_X_KEY, "frac", 1, 1.5, "1.5");
	check_x(&ri, SP_SCALE_X_KEY, "half", 1, 0.5, "0.5");
	check_x(&ri, SP_SCALE_X_KEY, "big", 1, 24, "24");
	/* numbers not above 0 make the axis categorical */
	check_x(&ri, SP_SCALE_X_KEY, "neg", 0, 0, "-3");
	check_x(&ri, SP_SCALE_X_KEY, "zero", 0, 0, "0");
	check_x(&ri, SP_SCALE_X_KEY, "omp_num_threads", 1, 4, "4");
	check_fail(&ri, SP_SCALE_X_KEY, "nope", "no metadata key 'nope'");
}

static void
test_absent(void)
{
	struct sp_run_info one = run_of(NULL, 0, 1);
	struct sp_run_info many = run_of(NULL, 0, 8);
	struct sp_run_info none = run_of(meta, sizeof meta, 0);
	struct sp_run_info b = run_of(bad, sizeof bad, 8);

	/* a run of one rank is on one node without saying so */
	check_x(&one, SP_SCALE_X_NODES, NULL, 1, 1, "1");
	check_fail(&many, SP_SCALE_X_NODES, NULL,
	    "no metadata key 'num_nodes'");
	check_fail(&one, SP_SCALE_X_THREADS, NULL,
	    "no metadata key 'omp_num_threads'");
	check_fail(&many, SP_SCALE_X_CORES, NULL,
	    "no metadata key 'omp_num_threads'");
	check_fail(&one, SP_SCALE_X_KEY, "compiler",
	    "no metadata key 'compiler'");
	check_fail(&none, SP_SCALE_X_RANKS, NULL, "the run has no ranks");
	check_fail(&none, SP_SCALE_X_CORES, NULL, "the run has no ranks");
	check_fail(&b, SP_SCALE_X_THREADS, NULL,
	    "metadata 'omp_num_threads' is not a count above 0");
	check_fail(&b, SP_SCALE_X_NODES, NULL,
	    "metadata 'num_nodes' is not a count above 0");
	check_x(&b, SP_SCALE_X_KEY, "num_nodes", 0, 0, "two");
	check_x(&b, SP_SCALE_X_RANKS, NULL, 1, 8, "8");
}

static void
test_meta(void)
{
	struct sp_run_info ri = run_of(meta, sizeof meta, 2);
	struct sp_run_info empty = run_of(NULL, 0, 2);
	struct sp_err e;
	char *t = NULL;
	int found = -1;

	CHECK(sp_scale_x_meta(&ri, "compiler", &t, &found, &e) == 0 &&
	    found == 1 && t != NULL && strcmp(t, "gcc") == 0, "meta compiler");
	free(t);
	t = NULL;
	CHECK(sp_scale_x_meta(&ri, "num_nodes", &t, &found, &e) == 0 &&
	    found == 1 && t != NULL && strcmp(t, "2") == 0, "meta num_nodes");
	free(t);
	t = NULL;
	CHECK(sp_scale_x_meta(&ri, "absent", &t, &found, &e) == 0 &&
	    found == 0 && t == NULL, "meta absent: found %d", found);
	CHECK(sp_scale_x_meta(&empty, "compiler", &t, &found, &e) == 0 &&
	    found == 0 && t == NULL, "meta of no metadata: found %d", found);
}

static void
test_names(void)
{
	CHECK(strcmp(sp_scale_x_name(SP_SCALE_X_RANKS, NULL), "num_ranks") == 0,
	    "name ranks");
	CHECK(strcmp(sp_scale_x_name(SP_SCALE_X_THREADS, NULL),
	    "omp_num_threads") == 0, "name threads");
	CHECK(strcmp(sp_scale_x_name(SP_SCALE_X_CORES, NULL), "total_cores") ==
	    0, "name cores");
	CHECK(strcmp(sp_scale_x_name(SP_SCALE_X_NODES, NULL), "num_nodes") ==
	    0, "name nodes");
	CHECK(strcmp(sp_scale_x_name(SP_SCALE_X_LABEL, NULL), "label") == 0,
	    "name label");
	CHECK(strcmp(sp_scale_x_name(SP_SCALE_X_KEY, "cc"), "cc") == 0,
	    "name key");
	CHECK(strcmp(sp_scale_x_label(SP_SCALE_X_RANKS, NULL), "MPI ranks") ==
	    0, "label ranks");
	CHECK(strcmp(sp_scale_x_label(SP_SCALE_X_THREADS, NULL),
	    "OpenMP threads") == 0, "label threads");
	CHECK(strcmp(sp_scale_x_label(SP_SCALE_X_CORES, NULL),
	    "MPI ranks x OpenMP threads") == 0, "label cores");
	CHECK(strcmp(sp_scale_x_label(SP_SCALE_X_LABEL, NULL), "run") == 0,
	    "label label");
	CHECK(strcmp(sp_scale_x_label(SP_SCALE_X_KEY, "cc"), "cc") == 0,
	    "label key");
}

int
main(void)
{
	test_fields();
	test_keys();
	test_absent();
	test_meta();
	test_names();
	return failed != 0;
}
