// flame.js - sp-flame --interactive in Chromium: generated graphs, a small
// one whose every number is known and a 1-million-call one whose tree
// does not fit the node budget, opened from disk with no console error;
// a click on a frame draws frames that the top level could not; a search
// reports the share of the run that the folded stacks give, and the
// callers view shows who calls the match, from every place; Escape
// resets; a URL fragment reopens the same view; the 1M-call graph stays
// under 5 MB and is drawn (how fast is bench/flame.sh's to measure, with
// bench/flame-load.js: a test only prints it).
// Unzoomed, a search's share is of the run alone; the search box
// searches as you type or on Enter, says when a query is no regular
// expression, and clears; the graph follows the window's width.
'use strict';

const fs = require('fs');
const path = require('path');
const { withPage, run } = require('./browser.js');
const sp = require('./sp.js');

const MAX_BYTES = 5e6;
const HOT = 'rgb(230, 0, 230)';

function url(dir, name, hash = '') {
	return 'file://' + path.join(dir, name) + hash;
}

// The golden profile: main 100 ms > setup 20, solve 70 > assemble 30.
async function small(dir) {
	sp.spec(dir, 'small.h5', { ranks: { 0: [
		['main', [0], [100000000]], ['setup', [0], [20000000]],
		['solve', [20000000], [90000000]],
		['assemble', [30000000], [60000000]]] },
	metadata: { label: 'profiling_data' } });
	sp.pipe(dir, ['small.h5'], ['--interactive'], 'small.svg');
	await withPage(async (page) => {
		await sp.open(page, url(dir, 'small.svg'));
		let s = await sp.state(page);
		sp.check(s.frames.map((f) => f.name).join(' ') ===
		    '<profiling_data rank 0> main setup solve assemble',
		    `small: frames ${s.frames.map((f) => f.name)}`);
		const solve = s.frames.find((f) => f.name === 'solve');
		sp.check(solve.tip === 'solve\nmain > solve\n' +
		    'total 70.0 ms, self 40.0 ms, 1 call\n' +
		    '70.00% of its parent, 70.00% of the zoomed frame, ' +
		    '70.00% of the run', `small: tooltip\n${solve.tip}`);
		// widths: 1200 px for 100 ms, less one between frames
		sp.check(solve.x === 240 && solve.w === 839,
		    `small: solve at ${solve.x} + ${solve.w}`);
		await page.hover('g.f[data-i="3"] rect');
		s = await sp.state(page);
		sp.check(s.details === 'solve: total 70.0 ms, self 40.0 ms, ' +
		    '1 call, 70.00% of the run', `small: details ${s.details}`);
		// unzoomed, the zoomed frame is the run: one share, no bound
		await sp.search(page, '^(solve|assemble)$');
		s = await sp.state(page);
		sp.check(s.matched === 'Matched: 70.00% of the run' &&
		    s.frames.filter((f) => f.fill === HOT).map((f) => f.name)
		    .join() === 'solve,assemble', `small: unzoomed ` +
		    `'${s.matched}'`);
		await page.keyboard.press('Escape');
		// zoom into solve: it spans the width; search "^(solve|assemble)$"
		await sp.click(page, 3);
		await sp.search(page, '^(solve|assemble)$');
		s = await sp.state(page);
		sp.check(s.matched === 'Matched: 70.00% of the run ' +
		    '(100.00% of the zoomed frame)', `small: ${s.matched}`);
		sp.check(s.detailsTop >= s.flameBottom, `small: the rows under ` +
		    `the graph at ${s.detailsTop}, its frames down to ` +
		    `${s.flameBottom}`);
		const z = s.frames.find((f) => f.name === 'assemble');
		sp.check(z.tip.endsWith('42.86% of its parent, 42.86% of the ' +
		    'zoomed frame, 30.00% of the run') && z.w === 1200 * 3 / 7 - 1,
		    `small: zoomed assemble ${z.w}\n${z.tip}`);
		sp.check(s.callers.startsWith('Callers of /^(solve|assemble)$/ ' +
		    '(who calls it, from every place: 1 path, 70.0 ms)') &&
		    s.callerFrames.length === 3, `small: callers ${s.callers} ` +
		    `${s.callerFrames.length}`);
		sp.check(s.hash === '#zoom=main/solve&search=' +
		    encodeURIComponent('^(solve|assemble)$'), `small: ${s.hash}`);
	});
}

// A tree cut by the node budget: main 100 ms > F 90 ms > k00 8.5 ms and
// k01..k09 8 ms each, h 0.5 ms under k03; --max-nodes 4 keeps the root,
// main, F and k00 and merges the rest into F (72 ms).  One name's share
// of the run is exact, and what the zoomed frame may hold of it is
// bounded by it; two names' share is approximate, with the run's bound.
async function cut(dir) {
	const MS = 1e6, ranks = [['main', [0], [100 * MS]],
		['F', [0], [90 * MS]], ['k00', [0], [8.5 * MS]],
		['h', [27 * MS], [27.5 * MS]]];
	for (let i = 1; i < 10; i++)
		ranks.push([`k0${i}`, [9 * i * MS], [(9 * i + 8) * MS]]);
	sp.spec(dir, 'cut.h5', { ranks: { 0: ranks },
		metadata: { label: 'cut' } });
	sp.pipe(dir, ['cut.h5'], ['--interactive', '--max-nodes', '4'],
	    'cut.svg');
	await withPage(async (page) => {
		await sp.open(page, url(dir, 'cut.svg'));
		const t = await sp.tree(page);
		sp.check(t.nodes === 4 && t.merged_nodes === 10, `cut: ` +
		    `${t.nodes} nodes, ${t.merged_nodes} merged`);
		await sp.search(page, '^h$');
		let s = await sp.state(page);
		sp.check(s.matched === 'Matched: 0.50% of the run', `cut: ` +
		    `unzoomed '${s.matched}'`);
		await sp.click(page, sp.nodeId(t, ['main', 'F']));
		s = await sp.state(page);
		sp.check(s.matched === 'Matched: 0.50% of the run (\u22480.00% ' +
		    'of the zoomed frame); approximate: up to 0.56% of the ' +
		    'zoomed frame more, in frames merged by the node budget',
		    `cut: zoomed into F '${s.matched}'`);
		await page.keyboard.press('Escape');
		await sp.search(page, '^(h|k01)$');
		s = await sp.state(page);
		sp.check(s.matched === 'Matched: \u22480.00% of the run; ' +
		    'approximate: up to 72.00% of the run more, in the 10 frames ' +
		    'merged by the node budget', `cut: two names '${s.matched}'`);
	});
}

// The search box of the small graph: searching as you type, a query
// that is no regular expression says so and keeps saying it, the clear
// button, "/" typed in the box; and the graph follows the window's width.
async function box(dir) {
	await withPage(async (page) => {
		await sp.open(page, url(dir, 'small.svg'));
		await page.click('.sp_search input');
		await page.keyboard.type('solv');
		await page.waitForFunction(() => location.hash === '#search=solv');
		let s = await sp.state(page);
		sp.check(s.matched === 'Matched: 70.00% of the run' &&
		    s.box === 'solv' && s.frames.find((f) => f.name === 'solve')
		    .fill === HOT, `box: typed 'solv': '${s.matched}'`);
		await page.keyboard.press('Control+a');
		await page.keyboard.type('(sol');
		await page.keyboard.press('Enter');
		await page.waitForTimeout(1000);
		s = await sp.state(page);
		sp.check(s.matched === 'Search: /(sol/ is not a regular ' +
		    'expression: Unterminated group' && s.box === '(sol' &&
		    !s.frames.some((f) => f.fill === HOT), `box: '(sol' a ` +
		    `second after Enter: '${s.matched}'`);
		await page.click('text.sp_clear');
		s = await sp.state(page);
		sp.check(s.matched.trim() === '' && s.box === '' && s.hash === '',
		    `box: cleared: '${s.matched}' '${s.box}' ${s.hash}`);
		await page.click('.sp_search input');
		await page.keyboard.type('n/a');
		await page.keyboard.press('Enter');
		s = await sp.state(page);
		sp.check(s.box === 'n/a' && s.hash === '#search=n%2Fa' &&
		    s.matched === 'Matched: 0.00% of the run', `box: 'n/a': ` +
		    `'${s.box}' ${s.hash} '${s.matched}'`);
		// 800 px for 100 ms now, laid out again
		await page.setViewportSize({ width: 800, height: 600 });
		await page.waitForFunction(() => document.documentElement
		    .getAttribute('viewBox').startsWith('0 0 800 '));
		s = await sp.state(page);
		const solve = s.frames.find((f) => f.name === 'solve');
		const top = await page.evaluate(() => {
			const r = document.querySelector('.sp_search')
			    .getBoundingClientRect();
			return [document.documentElement.getAttribute('width'),
			    r.right];
		});
		sp.check(solve.x === 160 && solve.w === 559 && top[0] === '100%' &&
		    top[1] <= 800, `box: at 800 px, solve at ${solve.x} + ` +
		    `${solve.w}, width ${top[0]}, the box ends at ${top[1]}`);
	});
}

// How many nodes of tree t are named nm with no ancestor of that name.
function outermost(t, nm) {
	const under = new Uint8Array(t.nodes);
	let count = 0;
	for (let i = 1; i < t.nodes; i++) {
		const up = under[i - t.tree[2 * i]];
		const hit = t.names[t.tree[2 * i + 1]] === nm;
		if (hit && !up)
			count++;
		under[i] = up || hit ? 1 : 0;
	}
	return count;
}

// Everything the big graph is checked for, on one page.
async function exploreBig(page, dir, stacks, name) {
	await sp.open(page, url(dir, name));
	const t = await sp.tree(page);
	const top = await sp.state(page);
	sp.check(t.merged_nodes > 0 && t.nodes === 100000,
	    `big: ${t.nodes} nodes of ${t.paths}, ${t.merged_nodes} merged`);
	// zoom into the top-level main
	const run = t.v[0][2];
	const before = new Set(top.frames.map((f) => f.i));
	await sp.click(page, sp.nodeId(t, ['main']));
	const zoomed = await sp.state(page);
	const fresh = zoomed.frames.filter((f) => !before.has(f.i));
	const tiny = fresh.filter((f) => t.v[0][3 * f.i + 2] < 0.001 * run);
	sp.check(fresh.length > 0 && tiny.length > 0 && zoomed.hash ===
	    '#zoom=main', `big: zoom drew ${fresh.length} new frames, ` +
	    `${tiny.length} under the top level's threshold (${zoomed.hash})`);
	// one name: the share of the run is exact, from its outermost time
	const want = sp.share(stacks, /^halo_exchange$/, []);
	const inMain = sp.share(stacks, /^halo_exchange$/, ['main']);
	await sp.search(page, '^halo_exchange$');
	let s = await sp.state(page);
	sp.check(Math.abs(s.run - want.share) < 1e-12 &&
	    s.matched.startsWith(`Matched: ${(100 * want.share).toFixed(2)}% ` +
	    'of the run (') && s.unknownRun === 0, `big: ${s.matched} ` +
	    `(${s.run}), the folded stacks say ${want.share}`);
	// the callers view: who calls every outermost halo_exchange node,
	// from every place, drawn as frames of names, not a wall of merged
	// or "[other]" frames
	const paths = outermost(t, 'halo_exchange');
	const merged = s.callerFrames.filter((tip) => tip.startsWith('['));
	sp.check(s.callers.startsWith('Callers of /^halo_exchange$/ (who ' +
	    `calls it, from every place: ${paths} paths, `) &&
	    s.callerFrames.length > 2 && merged.length === 0, `big: ` +
	    `${s.callers}, ${s.callerFrames.length} frames, ${merged.length} ` +
	    `merged; the tree has ${paths} outermost nodes`);
	// within main the tree gives a bound: matched <= exact <= + unknown,
	// and main holds no more of the match than the run does
	const mainNs = t.v[0][3 * sp.nodeId(t, ['main']) + 2];
	sp.check(s.zoom <= inMain.share + 1e-12 &&
	    inMain.share <= s.zoom + s.unknownZoom + 1e-12 &&
	    (s.zoom + s.unknownZoom) * mainNs <= (s.run + s.unknownRun) * run *
	    (1 + 1e-12), `big: in main ${s.zoom} + ${s.unknownZoom}, exact ` +
	    `${inMain.share}; of the run ${s.run} + ${s.unknownRun}`);
	// two names: approximate, and says so, but the bounds hold
	const two = sp.share(stacks, /^(fft|io)$/, []);
	await sp.search(page, '^(fft|io)$', 'Control+f');
	s = await sp.state(page);
	sp.check(s.run <= two.share + 1e-12 && two.share <=
	    s.run + s.unknownRun + 1e-12 && / approximate: up to /.test(
	    s.matched), `big: ${s.matched}: ${s.run} + ${s.unknownRun}, ` +
	    `exact ${two.share}`);
	return { top, last: s };
}

async function big(dir) {
	sp.synth(dir, 'big.h5', ['--calls', '1000000', '--shape', 'random',
		'--regions', '40', '--depth', '10', '--seed', '1']);
	const note = sp.pipe(dir, ['big.h5'], ['--interactive'], 'big.svg');
	sp.pipe(dir, ['big.h5'], ['--folded'], 'big.folded');
	const stacks = sp.folded(fs.readFileSync(path.join(dir, 'big.folded'),
	    'utf8'));
	const bytes = fs.statSync(path.join(dir, 'big.svg')).size;
	sp.check(bytes < MAX_BYTES, `big: ${bytes} bytes`);
	sp.check(/--max-nodes 100000: \d+ of \d+ call paths merged/.test(note),
	    `big: note '${note}'`);
	await withPage(async (page) => {
		await sp.open(page, url(dir, 'big.svg'));
		const s = await sp.state(page);
		console.log(`big: ${bytes} bytes, ${s.drawn} frames drawn ` +
		    `${s.ms} ms after navigation`);
		sp.check(s.drawn > 0, `big: ${s.drawn} frames drawn`);
	});
	let saved, link;
	await withPage(async (page) => {
		const { top, last } = await exploreBig(page, dir, stacks,
		    'big.svg');
		saved = last;
		link = await page.evaluate(() => location.href);
		// Escape resets zoom and search, and the fragment with them
		await page.keyboard.press('Escape');
		const s = await sp.state(page);
		sp.check(s.hash === '' && s.matched.trim() === '' &&
		    s.drawn === top.drawn, `big: after Escape ${s.hash} ` +
		    `'${s.matched}', ${s.drawn} frames`);
		// unzoomed, one name: exact, and nothing else said
		const want = sp.share(stacks, /^halo_exchange$/, []);
		await sp.search(page, '^halo_exchange$');
		const u = await sp.state(page);
		sp.check(u.matched === `Matched: ${(100 * want.share).toFixed(2)}` +
		    '% of the run', `big: unzoomed '${u.matched}'`);
	});
	// the link reopens the same view
	await withPage(async (page) => {
		await sp.open(page, link);
		const s = await sp.state(page);
		sp.check(s.matched === saved.matched && s.drawn === saved.drawn &&
		    s.frames.map((f) => f.i).join() ===
		    saved.frames.map((f) => f.i).join(), `big: the link ` +
		    `${link} shows ${s.drawn} frames, '${s.matched}'`);
	});
}

run(async () => {
	sp.requireTools();
	const dir = sp.scratch('flame');
	await small(dir);
	await box(dir);
	await cut(dir);
	await big(dir);
	fs.rmSync(dir, { recursive: true, force: true });
	console.log('ok: interactive graphs zoom, search, reset and reopen');
});
