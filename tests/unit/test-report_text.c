/*
 * test-report_text: how sp-report's page writes into its text
 * (sp_report_text.h): the write callback, hostile strings escaped for
 * text, attributes and JSON in a script (</script>, quotes, &, control
 * characters, NUL, bytes that are not UTF-8, U+2028), and seconds in
 * the unit people read them in.
 */
#include <string.h>

#include "check.h"
#include "sp_report_escape.h"
#include "sp_report_text.h"
#include "sp_stats_text.h"

static void
esc(enum sp_report_ctx c, const char *s, size_t n, const char *want)
{
	struct sp_stats_text b;

	memset(&b, 0, sizeof b);
	sp_report_text_esc(&b, c, s, n);
	CHECK(!b.failed && b.n == strlen(want) &&
	    (b.n == 0 || memcmp(b.p, want, b.n) == 0),
	    "ctx %d '%.*s': '%.*s', not '%s'", (int)c, (int)n, s, (int)b.n,
	    b.p ? b.p : "", want);
	sp_stats_text_free(&b);
}

static void
test_html(void)
{
	static const char hostile[] = "</script><b a=\"1\" b='2'>&x";
	static const char want[] = "&lt;/script&gt;&lt;b a=&quot;1&quot; "
	    "b=&#39;2&#39;&gt;&amp;x";

	esc(SP_REPORT_TEXT, hostile, strlen(hostile), want);
	esc(SP_REPORT_ATTR, hostile, strlen(hostile), want);
	/* C0 controls and DEL as references; tab and newline kept */
	esc(SP_REPORT_TEXT, "a\x01" "b\tc\nd\x7f", 8, "a&#1;b\tc\nd&#127;");
	/* NUL and a byte that is not UTF-8: U+FFFD */
	esc(SP_REPORT_TEXT, "a\0b", 3, "a\xef\xbf\xbd" "b");
	esc(SP_REPORT_ATTR, "x\xffy", 3, "x\xef\xbf\xbdy");
	/* UTF-8 as it is */
	esc(SP_REPORT_TEXT, "\xc3\xa9t\xc3\xa9", 5, "\xc3\xa9t\xc3\xa9");
	esc(SP_REPORT_TEXT, "", 0, "");
}

static void
test_json(void)
{
	static const char hostile[] = "</script><!--\"\\&'";

	esc(SP_REPORT_JSON, hostile, strlen(hostile),
	    "\\u003c/script\\u003e\\u003c!--\\\"\\\\\\u0026'");
	esc(SP_REPORT_JSON, "\x01", 1, "\\u0001");
	/* U+2028 ends a line in a script before ES2019 */
	esc(SP_REPORT_JSON, "a\xe2\x80\xa8" "b", 5, "a\\u2028b");
	esc(SP_REPORT_JSON, "\xc3\xa9", 2, "\xc3\xa9");
}

static void
secs(double s, int digits, const char *want)
{
	struct sp_stats_text b;

	memset(&b, 0, sizeof b);
	sp_report_text_secs(&b, s, digits);
	CHECK(!b.failed && b.n == strlen(want) &&
	    (b.n == 0 || memcmp(b.p, want, b.n) == 0),
	    "%g s to %d digits: '%.*s', not '%s'", s, digits, (int)b.n,
	    b.p ? b.p : "", want);
	sp_stats_text_free(&b);
}

static void
test_secs(void)
{
	secs(1.2345, 3, "1.23 s");
	secs(1234.5, 3, "1.23e+03 s");
	secs(1, 3, "1 s");
	secs(0, 3, "0 s");
	secs(0.999, 3, "999 ms");
	secs(0.0456, 3, "45.6 ms");
	secs(0.001, 3, "1 ms");
	secs(0.00099, 3, "990 us");
	secs(7.8e-6, 3, "7.8 us");
	secs(9e-8, 3, "90 ns");
	secs(-0.002, 3, "-2 ms");
	secs(-2.5, 2, "-2.5 s");
}

static void
test_write(void)
{
	struct sp_stats_text b;

	memset(&b, 0, sizeof b);
	CHECK(sp_report_text_write(&b, "ab", 2, NULL) == 0 &&
	    sp_report_text_write(&b, "c<", 2, NULL) == 0, "write");
	CHECK(b.n == 4 && memcmp(b.p, "abc<", 4) == 0, "write: '%.*s'",
	    (int)b.n, b.p ? b.p : "");
	/* the escaper writes through it */
	CHECK(sp_report_escape(SP_REPORT_TEXT, "<", 1, sp_report_text_write,
	    &b, NULL) == 0 && b.n == 8 && memcmp(b.p, "abc<&lt;", 8) == 0,
	    "escape through the callback: '%.*s'", (int)b.n, b.p);
	sp_stats_text_free(&b);
}

int
main(void)
{
	test_html();
	test_json();
	test_secs();
	test_write();
	return failed != 0;
}
