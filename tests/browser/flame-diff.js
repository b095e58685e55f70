// flame-diff.js - differential flame graphs in Chromium, on the two runs
// of the golden cases (tests/cli/sp-flame/diff-runs.inc: a grew, b shrank,
// c removed, d unchanged, e added): every kind of graph sp-flame writes
// renders with no console error; the interactive diff colours each frame
// and words its change as the static one does (the script's colours and
// the C library's are two codings of one rule, sp_flame_diff.h), under
// each colouring option;
// its tooltips give both runs; "Widths" switches to the before run's
// widths (c appears, e goes), and the link reopens that view.  Under the
// graph, the paths only one run has, by name, the largest first; a click
// highlights them (onlyLists, spread).  Runs of one label are told apart
// by their files (clash).  Then a diff of two 1-million-call
// runs: under 5 MB, drawn, no error, its lists cut at 20 names.
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

const HOT = 'rgb(230, 0, 230)';

// The hot frames, as "name@x".
function hot(s) {
	return s.frames.filter((f) => f.fill === HOT).map((f) => `${f.name}@` +
	    f.x).join();
}

// Under the graph, the paths only one run has, by name; a click
// highlights them, in the widths of the run that has them.
async function onlyLists(dir) {
	await withPage(async (page) => {
		await sp.open(page, 'file://' + path.join(dir, 'i-plain.svg'));
		let s = await sp.state(page);
		sp.check(s.only.join('|') === 'Only in after (gold): 1 path, ' +
		    '15.00% of the after run:|e 15.00%|Only in before (purple): ' +
		    '1 path, 10.00% of the before run:|c 10.00%', `only: ` +
		    s.only.join('|'));
		await page.click('text.sp_only_added[data-name="e"]');
		s = await sp.state(page);
		sp.check(hot(s) === 'e@840' && s.matched === 'Matched (/^e$/ ' +
		    'only in the after run): 15.00% of the after run' &&
		    s.hash === '#search=%5Ee%24&only=added' && s.box === '^e$' &&
		    s.callers.startsWith('Callers of /^e$/ only in the after ' +
		    'run (who calls it, from every place: 1 path, 15.0 ms)'),
		    `only: e: ${hot(s)} '${s.matched}' ${s.hash} '${s.callers}'`);
		await page.click('text.sp_only_removed[data-name="c"]');
		s = await sp.state(page);
		sp.check(hot(s) === 'c@600' && s.matched === 'Matched (/^c$/ ' +
		    'only in the before run): 10.00% of the before run' &&
		    s.hash === '#search=%5Ec%24&only=removed&widths=before',
		    `only: c: ${hot(s)} '${s.matched}' ${s.hash}`);
	});
}

// A region new in the after run, a little under each of 30 callers (15%
// of the run in all), a region gone from four, an old region called from
// a new place, and 25 small new regions: the list gives each new region
// once, with its paths, the largest 20 names and a count of the rest; a
// click highlights only the new paths of an old region's name.
async function spread(dir) {
	const add = (o, nm, t0, t1) => {
		o[nm] = o[nm] || [nm, [], []];
		o[nm][1].push(t0);
		o[nm][2].push(t1);
	};
	const before = {}, after = {};
	for (const o of [before, after])
		add(o, 'main', 0, 100 * MS);
	for (let i = 0; i < 30; i++) {
		const c = `c${String(i).padStart(2, '0')}`, t0 = 3 * i * MS;
		add(before, c, t0, t0 + 3 * MS);
		add(after, c, t0, t0 + 3 * MS);
		add(after, 'newreg', t0, t0 + MS / 2);
		if (i < 4)
			add(before, 'oldreg', t0 + MS, t0 + 2 * MS);
	}
	// main > c29 > c00 is new; main > c00 is not
	add(after, 'c00', 87.5 * MS, 88 * MS);
	for (let i = 0; i < 25; i++)
		add(after, `tiny${String(i).padStart(2, '0')}`, 91 * MS + i * 2e5,
		    91 * MS + i * 2e5 + 1e5 + i * 1000);
	sp.spec(dir, 'sb.h5', { ranks: { 0: Object.values(before) },
		metadata: { label: 'before' } });
	sp.spec(dir, 'sa.h5', { ranks: { 0: Object.values(after) },
		metadata: { label: 'after' } });
	sp.pipe(dir, ['sb.h5', 'sa.h5'], ['--diff', '--interactive'],
	    'spread.svg');
	await withPage(async (page) => {
		await sp.open(page, 'file://' + path.join(dir, 'spread.svg'));
		let s = await sp.state(page);
		const added = s.only.slice(0, s.only.indexOf('Only in before ' +
		    '(purple): 4 paths, 4.00% of the before run:'));
		sp.check(added[0] === 'Only in after (gold): 56 paths, 18.30% ' +
		    'of the after run:' && added[1] === 'newreg 15.00% (30 paths),' &&
		    added[2] === 'c00 0.50%,' && added.length === 22 &&
		    added[21] === 'and 7 names more, 0.72%' &&
		    s.only[s.only.length - 1] === 'oldreg 4.00% (4 paths)',
		    `spread: ${s.only.join('|')}`);
		await page.click('text.sp_only_added[data-name="c00"]');
		s = await sp.state(page);
		const c29 = s.frames.find((f) => f.name === 'c29');
		sp.check(hot(s) === `c00@${c29.x}` && s.matched.startsWith(
		    'Matched (/^c00$/ only in the after run): 0.50% of the ' +
		    'after run'), `spread: c00: ${hot(s)} '${s.matched}'`);
	});
}

// Two profiles of one label ("synthetic"), as two runs of one program
// give: the interactive diff's title and root frame tell them apart by
// their files, as the browser shows them, not as "synthetic (2)".
async function clash(dir) {
	for (const f of ['old.h5', 'new.h5'])
		sp.spec(dir, f, { ranks: { 0: [['main', [0], [100 * MS]]] },
			metadata: { label: 'synthetic' } });
	sp.pipe(dir, ['old.h5', 'new.h5'], ['--diff', '--interactive'],
	    'clash.svg');
	await withPage(async (page) => {
		await sp.open(page, 'file://' + path.join(dir, 'clash.svg'));
		const s = await sp.state(page);
		const shown = await page.evaluate(() => [...document
		    .querySelectorAll('text')].map((t) => t.textContent)
		    .join('\n'));
		const want = 'synthetic (old.h5) -> synthetic (new.h5)';
		sp.check(shown.includes(want) && !shown.includes('(2)'),
		    `clash: the page shows no "${want}": ${shown.slice(0, 200)}`);
		sp.check(s.frames.some((f) => f.name.includes(want)),
		    `clash: no root frame names "${want}"`);
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
		// each run's list: its head, at most 20 names, what is left
		for (const side of ['after', 'before']) {
			const at = s.only.findIndex((t) => t.startsWith(`Only in ` +
			    `${side} `));
			const rest = s.only.slice(at + 1).findIndex((t) =>
			    t.startsWith('Only in '));
			const list = s.only.slice(at + 1, rest < 0 ? undefined :
			    at + 1 + rest);
			sp.check(at >= 0 && list.length === 21 &&
			    /^and \d+ names more, /.test(list[20]), `big diff: ` +
			    `${side}: ${s.only[at]} ${list.length} entries`);
		}
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
	await onlyLists(dir);
	await spread(dir);
	await clash(dir);
	await big(dir);
	fs.rmSync(dir, { recursive: true, force: true });
	console.log('ok: differential graphs render, colour and switch widths');
});
