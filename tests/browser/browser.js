// browser.js - headless Chromium for the tests that check what a browser
// shows (speedscope importing our files, interactive SVGs): Debian's
// /usr/bin/chromium driven by npm's playwright-core, which downloads no
// browser of its own.  The flags keep Chromium off the network (this
// machine has none, and CI neither): no background requests, no updates.
//
//   const { withPage } = require('./browser.js');
//   await withPage(async (page, errors) => { await page.goto(url); ... });
//
// errors collects console errors and uncaught page errors; withPage fails
// the test when any were seen, unless the callback empties the array.
'use strict';

const fs = require('fs');
const path = require('path');

const CHROMIUM = process.env.SP_CHROMIUM || '/usr/bin/chromium';
const FLAGS = [
	'--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
	'--no-first-run', '--disable-background-networking',
	'--disable-component-update', '--disable-sync',
	'--disable-dev-shm-usage',
];

function playwright() {
	const here = path.join(__dirname, '..', 'node', 'node_modules');
	try {
		return require(path.join(here, 'playwright-core'));
	} catch (e) {
		return null;
	}
}

// What is missing to run, or null when all is there.
function missing() {
	if (!fs.existsSync(CHROMIUM))
		return `no Chromium at ${CHROMIUM} (apt-get install chromium)`;
	if (playwright() === null)
		return 'no playwright-core (npm ci --prefix tests/node)';
	return null;
}

// Skip (exit 77) or, under SP_REQUIRE_ALL, fail, when something is missing.
function requireBrowser() {
	const why = missing();
	if (why === null)
		return;
	if (process.env.SP_REQUIRE_ALL) {
		console.log(`FAIL: ${why}, and SP_REQUIRE_ALL is set`);
		process.exit(1);
	}
	console.log(`SKIP: ${why}`);
	process.exit(77);
}

// One Chromium for the whole test file, started by the first withPage:
// each withPage has a context of its own (no cookies, storage or cache
// of another), and run() closes the browser at the end.
let shared = null;

function browser() {
	if (shared === null) {
		const { chromium } = playwright();
		shared = chromium.launch({
			executablePath: CHROMIUM,
			headless: true,
			args: FLAGS,
		});
	}
	return shared;
}

async function closeBrowser() {
	if (shared !== null) {
		const b = shared;
		shared = null;
		await (await b).close();
	}
}

async function withPage(fn, options = {}) {
	const context = await (await browser()).newContext({
		viewport: options.viewport || { width: 1200, height: 800 },
	});
	const errors = [];
	try {
		const page = context.pages()[0] || await context.newPage();
		page.on('console', (m) => {
			if (m.type() === 'error')
				errors.push(`console: ${m.text()}`);
		});
		page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
		await fn(page, errors);
		if (errors.length > 0)
			throw new Error(`errors in the page:\n  ${errors.join('\n  ')}`);
	} finally {
		await context.close();
	}
}

// Run main() as a test: exit 0, or 1 with the error on stdout.
function run(main) {
	requireBrowser();
	main().then(() => closeBrowser()).then(() => process.exit(0), (e) => {
		console.log(`FAIL: ${e && e.stack ? e.stack : e}`);
		closeBrowser().catch(() => {}).then(() => process.exit(1));
	});
}

module.exports = { withPage, run, closeBrowser, missing, requireBrowser,
	CHROMIUM };
