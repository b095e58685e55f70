// smoke.js - the browser harness itself: Chromium starts headless, loads a
// local page, runs its script, and reports a page error as a failure.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { withPage, run } = require('./browser.js');

run(async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-smoke-'));
	const page1 = path.join(dir, 'ok.html');
	const page2 = path.join(dir, 'bad.html');

	fs.writeFileSync(page1, '<!doctype html><p id="p">x</p>' +
	    '<script>document.getElementById("p").textContent = "ran";</script>');
	fs.writeFileSync(page2, '<!doctype html><script>nosuch();</script>');
	await withPage(async (page) => {
		await page.goto('file://' + page1);
		const text = await page.textContent('#p');
		if (text !== 'ran')
			throw new Error(`the page's script did not run: '${text}'`);
	});
	let caught = null;
	try {
		await withPage(async (page) => {
			await page.goto('file://' + page2);
			await page.waitForTimeout(100);
		});
	} catch (e) {
		caught = e;
	}
	if (caught === null || !/nosuch/.test(caught.message))
		throw new Error('a page error went unnoticed');
	fs.rmSync(dir, { recursive: true, force: true });
	console.log('ok: Chromium runs pages and reports their errors');
});
