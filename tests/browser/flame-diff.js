// flame-diff.js - differential flame graphs in Chromium, on the two runs
// of the golden cases (tests/cli/sp-flame/diff-runs.inc: a grew, b shrank,
// c removed, d unchanged, e added): every kind of graph sp-flame writes
// renders with no console error; the interactive diff colours each frame
// and words its change as the static one does (the script's colours and
// the C library's are two codings of one rule, sp_flame_diff.h), under
// each colouring option;
// its tooltips give both runs; "Widths" switches to the before run's
// widths (c appears, e goes), and the link reopens that view.  Then a
// diff of two 1-million-call runs: under 5 MB, drawn, no error.
'use strict';

const fs = require('fs');
const path = require('path');
const { withPage, run } = require('./browser.js');
const sp = require('./sp.js');

const MS = 1000000;

function runs(dir) {
	const before = [['main', [0], [100 * MS]], ['a', [0], [20 * MS]],
		['b', [20 * MS], [50 * MS]], ['c', [50 * MS], [60 * MS]],
		['d', [60 * MS], [80 * MS]]];
	const after = [['main', [0], [100 * MS]], ['a', [0], [40 * MS]],
		['b', [40 * MS], [50 * MS]], ['d', [50 * MS], [70 * MS]],
		['e', [70 * MS], [85 * MS]]];
	sp.spec(dir, 'before.h5', { ranks: { 0: before },
		metadata: { label: 'before' } });
	sp.spec(dir, 'after.h5', { ranks: { 0: after },
		metadata: { label: 'after' } });
}

// The line of a tooltip that gives the frame's change.
function changeLine(tip) {
	return tip.split('\n').find((l) =>
	    /^(after - before|before - after|only in)/.test(l));
}

// The fill and change line of each frame by name, in a static graph
// (nested svg frames).
async function staticFills(page) {
	const frames = await page.evaluate(() =>
	    [...document.querySelectorAll('svg.func_g')].map((f) => [
		f.querySelector('title').textContent,
		f.querySelector('rect').getAttribute('fill')]));
	return Object.fromEntries(frames.map(([tip, fill]) =>
	    [tip.split('\n')[0], [fill, changeLine(tip)]]));
}

async function interactiveFills(page) {
	return Object.fromEntries((await sp.state(page)).frames.map(
	    (f) => [f.name, [f.fill, changeLine(f.tip)]]));
}

// Every kind of graph opens with no error (withPage fails on one).
async function renders(dir) {
	const kinds = [['static.svg', []], ['fixed.svg', ['--fixed-width']],
		['gaps.svg', ['--gaps']], ['one.svg', ['--interactive']]];
	for (const [name, args] of kinds) {
		sp.pipe(dir, ['after.h5'], args, name);
		await withPage(async (page) => {
			await page.goto('file://' + path.join(dir, name));
			await page.waitForTimeout(200);
		});
	}
}

async function sameColours(dir, opts) {
	const tag = opts.join('') || 'plain';
	sp.pipe(dir, ['before.h5', 'after.h5'], ['--diff'].concat(opts),
	    `s-${tag}.svg`);
	sp.pipe(dir, ['before.h5', 'after.h5'], ['--diff', '--interactive']
	    .concat(opts), `i-${tag}.svg`);
	let want, got;
	await withPage(async (page) => {
		await page.goto('file://' + path.join(dir, `s-${tag}.svg`));
		want = await staticFills(page);
	});
	await withPage(async (page) => {
		await sp.open(page, 'file://' + path.join(dir, `i-${tag}.svg`));
		got = await interactiveFills(page);
	});
	sp.check(JSON.stringify(got) === JSON.stringify(want) &&
	    Object.keys(want).length === 6, `colours [${opts}]: the script ` +
	    `${JSON.stringify(got)}, the static graph ${JSON.stringify(want)}`);
}

async function widths(dir) {
	let link;
	await withPage(async (page) => {
		await sp.open(page, 'file://' + path.join(dir, 'i-plain.svg'));
		let s = await sp.state(page);
		const a = s.frames.find((f) => f.name === 'a');
		sp.check(a.tip === 'a\nmain > a\n' +
		    'after (after): total 40.0 ms, self 40.0 ms, 1 call\n' +
		    'before (before): total 20.0 ms, self 20.0 ms, 1 call\n' +
		    'after - before (self): +20.0 ms (+100.00%), +20.00% of ' +
		    'the after run\n' +
		    '40.00% of its parent, 40.00% of the zoomed frame, ' +
		    '40.00% of the run (after)', `diff: tooltip\n${a.tip}`);
		sp.check(s.frames.map((f) => f.name).join() ===
		    '<before -> after rank 0>,main,a,b,d,e', `diff: frames ` +
		    s.frames.map((f) => f.name));
		await page.click('text.sp_btn:has-text("Widths")');
		s = await sp.state(page);
		sp.check(s.frames.map((f) => f.name).join() ===
		    '<before -> after rank 0>,main,a,b,c,d' &&
		    s.hash === '#widths=before', `diff: before widths ` +
		    `${s.frames.map((f) => f.name)} ${s.hash}`);
		link = await page.evaluate(() => location.href);
	});
	await withPage(async (page) => {
		await sp.open(page, link);
		const s = await sp.state(page);
		const c = s.frames.find((f) => f.name === 'c');
		// shares of the before run now, which gives the widths
		sp.check(c !== undefined && c.fill === 'rgb(170, 130, 220)' &&
		    c.w === 119 && c.tip.includes('\nonly in the before run: ' +
		    '-10.0 ms, -10.00% of the before run\n'), `diff: the link ` +
		    `${link}: c ${JSON.stringify(c)}`);
	});
}

async function big(dir) {
	for (const seed of ['1', '2'])
		sp.synth(dir, `big${seed}.h5`, ['--calls', '1000000', '--shape',
			'random', '--regions', '40', '--depth', '10', '--seed', seed]);
	sp.pipe(dir, ['big1.h5', 'big2.h5'], ['--diff', '--interactive'],
	    'big.svg');
	const bytes = fs.statSync(path.join(dir, 'big.svg')).size;
	sp.check(bytes < 5e6, `big diff: ${bytes} bytes`);
	await withPage(async (page) => {
		await sp.open(page, 'file://' + path.join(dir, 'big.svg'));
		const s = await sp.state(page);
		console.log(`big diff: ${bytes} bytes, drawn ${s.ms} ms after ` +
		    `navigation, ${s.drawn} frames`);
		sp.check(s.drawn > 10, `big diff: ${s.drawn} frames`);
	});
}

run(async () => {
	sp.requireTools();
	const dir = sp.scratch('flame-diff');
	runs(dir);
	await renders(dir);
	for (const opts of [[], ['--negate'], ['--delta', 'total'],
		['--min-delta', '60'], ['--normalize']])
		await sameColours(dir, opts);
	await widths(dir);
	await big(dir);
	fs.rmSync(dir, { recursive: true, force: true });
	console.log('ok: differential graphs render, colour and switch widths');
});
