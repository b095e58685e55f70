// bench/report-load.js HTML...: how soon each page of sp-report shows in
// Chromium, driven as the browser tests drive it (tests/browser/browser.js:
// Debian's chromium, npm's playwright-core).  The figures are the
// browser's own, from navigation start: first paint and first
// contentful paint (the Paint Timing entries), and the load event's end
// (the page's script has run by then); each the best of three openings,
// each in a fresh browser context.  Also the requests the page made
// beyond its own file (it must make none).  Prints "HTML FP_MS FCP_MS
// LOAD_MS REQUESTS" a line; bench/report.sh reports it.
'use strict';

const path = require('path');
const { withPage, closeBrowser, missing } =
    require('../tests/browser/browser.js');

async function once(page, url) {
	const asked = [];

	page.on('request', (r) => {
		if (r.url() !== url)
			asked.push(r.url());
	});
	await page.goto(url, { waitUntil: 'load', timeout: 120000 });
	// the paint entries are queued as the frame is presented
	await page.waitForFunction(() =>
		performance.getEntriesByType('paint').length >= 2,
	null, { timeout: 30000 }).catch(() => {});
	const t = await page.evaluate(() => {
		const p = {};
		for (const e of performance.getEntriesByType('paint'))
			p[e.name] = e.startTime;
		const n = performance.getEntriesByType('navigation')[0];
		return { fp: p['first-paint'], fcp: p['first-contentful-paint'],
			load: n ? n.loadEventEnd : NaN };
	});
	t.requests = asked.length;
	return t;
}

async function main(files) {
	const why = missing();

	if (why !== null)
		throw new Error(why);
	for (const f of files) {
		const url = 'file://' + path.resolve(f);
		const runs = [];

		for (let k = 0; k < 3; k++)
			await withPage(async (page) => {
				runs.push(await once(page, url));
			});
		const best = (k) => Math.min(...runs.map((r) => r[k] ?? Infinity));
		const fmt = (v) => Number.isFinite(v) ? v.toFixed(0) : '-';
		console.log(`${f} ${fmt(best('fp'))} ${fmt(best('fcp'))} ` +
		    `${fmt(best('load'))} ${Math.max(...runs.map((r) => r.requests))}`);
	}
}

main(process.argv.slice(2)).then(closeBrowser).catch((e) => {
	console.error(`report-load.js: ${e.message}`);
	process.exit(1);
});
