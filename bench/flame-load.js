// bench/flame-load.js SVG...: how long each interactive graph of sp-flame
// takes to draw in Chromium, driven as the browser tests drive it
// (tests/browser/browser.js: Debian's chromium, npm's playwright-core).
// The figure is the page's own (data-ready-ms: from navigation to the
// graph drawn), the best of three openings, each in a fresh
// browser context.  Prints
// "SVG MS" a line; bench/flame.sh reports it.
'use strict';

const path = require('path');
const { withPage, closeBrowser, missing } =
    require('../tests/browser/browser.js');
const sp = require('../tests/browser/sp.js');

async function main(files) {
	const why = missing();

	if (why !== null)
		throw new Error(why);
	for (const f of files) {
		const times = [];

		for (let k = 0; k < 3; k++)
			await withPage(async (page) => {
				await sp.open(page, 'file://' + path.resolve(f));
				times.push((await sp.state(page)).ms);
			});
		console.log(`${f} ${Math.min(...times)}`);
	}
}

main(process.argv.slice(2)).then(closeBrowser).catch((e) => {
	console.error(`flame-load.js: ${e.message}`);
	process.exit(1);
});
