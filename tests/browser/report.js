// report.js - sp-report's page in Chromium: reports of generated runs
// (one rank, 64 ranks, hostile names, two runs, runs at four rank counts)
// open with no console error and no request but the file itself; every
// section is there; the summary table's numbers are sp-stats' (its JSON
// by call path); each overview bullet fires on a profile built for it
// and none but the dominant region on a plain one; a click on a hot spot
// highlights its row; the filter counts regions; the timeline shows each
// rank doing what the profile says where it says, and the durations'
// histograms count every call of their regions; the change section's
// rows and bars are sp-diff's JSON and the scaling section's sp-scale's;
// a click on a heatmap column highlights the region's tree row, and a
// click on a comparison's row the region in every run.  The flame graph
// (sp-flame's script) is drawn in each run: a click on a frame zooms into
// it and highlights its region on the page, the search highlights the
// frames it matches, its keys are its own only when the focus is in it,
// the URL keeps no state; with hostile names it draws them as text only.
// A page of many call paths stays under 3 MB and draws its graph.
// With SP_KEEP_TMP=1 the scratch directory is kept, with screenshots.
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { withPage, run } = require('./browser.js');
const sp = require('./sp.js');

const SECTIONS = ['#contents', '#filter-box', 'section.run .runline',
	'ul.overview', 'table.tree', 'ul.notes', 'script.sp-data',
	'svg.timeline path[data-region]', 'p.tl-legend', 'p.perfetto code.cmd',
	'figure.hist svg rect', 'script.sp-flame-data',
	'.sp-flame svg.flamegraph[data-ready="1"] g.f[data-i]'];
const HOT = 'rgb(230, 0, 230)';

// sp-read FILES | sp-stack > NAME.sps, then sp-report ARGS -o NAME.html.
function report(dir, files, name, args = []) {
	const iv = execFileSync(process.env.SP_READ, files, { cwd: dir,
		maxBuffer: 1 << 30 });
	const calls = path.join(dir, name + '.sps');
	fs.writeFileSync(calls, execFileSync(process.env.SP_STACK, ['-'],
	    { input: iv, maxBuffer: 1 << 30 }));
	execFileSync(process.env.SP_REPORT, args.concat(['-q', '-o',
	    path.join(dir, name + '.html'), calls]), { cwd: dir });
	return calls;
}

function statsJson(dir, calls, args) {
	return JSON.parse(execFileSync(process.env.SP_STATS, args.concat([
	    '--format', 'json', calls]), { cwd: dir, maxBuffer: 1 << 30 }));
}

// A screenshot of a page or an element into the directory shots, for a
// person to look at: taken only where the scratch directory is kept
// (SP_KEEP_TMP=1), since nothing checks it and each costs a rendering.
async function shot(target, shots, name, options = {}) {
	if (process.env.SP_KEEP_TMP)
		await target.screenshot({ path: path.join(shots, name),
		    ...options });
}

// Open a report; fail on any request but the file itself.
async function open(page, dir, name) {
	const url = 'file://' + path.join(dir, name + '.html');
	const requests = [];
	page.on('request', (r) => requests.push(r.url()));
	await page.goto(url);
	await page.waitForLoadState('load');
	await page.waitForFunction(() => [...document.querySelectorAll(
	    'svg.flamegraph')].every((s) => s.getAttribute('data-ready') ===
	    '1'));
	sp.check(requests.every((u) => u === url),
	    `${name}: requests ${requests.filter((u) => u !== url)}`);
}

async function sections(page, name) {
	for (const s of SECTIONS)
		sp.check(await page.$(s) !== null, `${name}: no ${s}`);
}

// The table's lines: text cells, and whether each is an (own) row.
async function table(page) {
	return page.evaluate(() => [...document.querySelectorAll(
	    'table.tree tbody tr')].map((tr) => ({ own: tr.classList.contains(
	    'own'), cells: [...tr.children].map((td) => td.textContent),
	    region: tr.getAttribute('data-region') })));
}

// A name as HTML shows it: a byte that is not UTF-8 (a lone surrogate
// in sp-stats' JSON) is U+FFFD.
function shown(name) {
	return name.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

// Every path's total, and every (own) row's exclusive time, as sp-stats'
// JSON by call path has them, in the table's order.
async function sameNumbers(page, dir, calls, name, args = []) {
	const recs = statsJson(dir, calls, args.concat(['--call-paths']));
	const rows = await table(page);
	const head = await page.$$eval('table.tree th', (t) => t.map(
	    (h) => h.textContent));
	const k = head.indexOf('total [s]');
	sp.check(k > 0, `${name}: no total column in ${head}`);
	let i = 0;
	for (let j = 0; j < rows.length; j++) {
		const r = rows[j];
		const rec = r.own ? recs[i - 1] : recs[i++];
		const want = r.own ? rec.exclusive_duration : rec.total_duration;
		sp.check(rec !== undefined && r.cells[k].trim() ===
		    want.toFixed(6), `${name}: line ${j}: ${r.cells[k].trim()} ` +
		    `is not ${rec && want.toFixed(6)}`);
		if (!r.own)
			sp.check(r.cells[0].includes(shown(rec.name)), `${name}: line ` +
			    `${j}: ${JSON.stringify(r.cells[0])} is not ${rec.name}`);
	}
	sp.check(i === recs.length, `${name}: ${i} rows, ${recs.length} paths`);
	return rows;
}

// The region the timeline shows for a strip at a fraction of the span,
// as the browser draws it: the element under that point.
async function timelineAt(page, row, frac) {
	return page.evaluate(([row, frac]) => {
		const svg = document.querySelector('svg.timeline');
		const idle = svg.querySelector('rect.idle');
		const rows = +svg.getAttribute('data-rows');
		const box = svg.getBoundingClientRect();
		const scale = box.width / svg.viewBox.baseVal.width;
		const x = +idle.getAttribute('x') + frac *
		    +idle.getAttribute('width');
		const y = +idle.getAttribute('y') + (row + 0.5) *
		    +idle.getAttribute('height') / rows;
		svg.scrollIntoView();
		const b = svg.getBoundingClientRect();
		const el = document.elementFromPoint(b.left + x * scale,
		    b.top + y * scale);
		if (el === idle)
			return '(outside)';
		const r = el && el.getAttribute('data-region');
		return r === null || r === undefined ? el && el.tagName : r;
	}, [row, frac]);
}

// Each histogram's bars add up to its region's calls in sp-stats' JSON.
async function histCounts(page, dir, calls, name) {
	const recs = statsJson(dir, calls, []);
	const figs = await page.$$eval('figure.hist', (f) => f.map((x) => ({
		region: x.getAttribute('data-region'),
		n: [...x.querySelectorAll('rect[data-n]')].reduce((s, r) =>
		    s + +r.getAttribute('data-n'), 0) })));
	sp.check(figs.length > 0, `${name}: no histogram`);
	for (const f of figs) {
		const rec = recs.find((r) => r.name === f.region);
		sp.check(rec !== undefined && rec.num_calls === f.n, `${name}: ` +
		    `the histogram of ${f.region} counts ${f.n} calls, not ` +
		    `${rec && rec.num_calls}`);
	}
}

// Four ranks in a, rank 3 in x for the second half, rank 1 outside
// every region for its first quarter: where each strip says so.
async function timeline(page, dir, shots) {
	const ms = 1000000;
	sp.spec(dir, 'tl.h5', { ranks: {
		0: [['a', [0], [100 * ms]]],
		1: [['a', [25 * ms], [100 * ms]]],
		2: [['a', [0], [100 * ms]], ['b', [10 * ms], [20 * ms]]],
		3: [['a', [0], [50 * ms]], ['x', [50 * ms], [100 * ms]]],
	}, metadata: { label: 'tl' } });
	const calls = report(dir, ['tl.h5'], 'tl');
	await open(page, dir, 'tl');
	await sections(page, 'tl');
	const want = [[0, 0.3, 'a'], [0, 0.8, 'a'], [1, 0.1, '(outside)'],
		[1, 0.3, 'a'], [2, 0.15, 'a'], [3, 0.2, 'a'], [3, 0.49, 'a'],
		[3, 0.51, 'x'], [3, 0.99, 'x']];
	for (const [row, frac, name] of want) {
		const got = await timelineAt(page, row, frac);
		sp.check(got === name, `tl: rank ${row} at ${frac} of the ` +
		    `span shows ${got}, not ${name}`);
	}
	const cmd = await page.$eval('p.perfetto code.cmd',
	    (c) => c.textContent);
	sp.check(cmd === 'sp-read tl.h5 | sp-stack | sp-trace -o ' +
	    'run.pftrace', `tl: Perfetto command ${cmd}`);
	// a click on a legend entry highlights its region on the timeline
	await page.click('p.tl-legend .tlk[data-region]');
	const hl = await page.$$eval('svg.timeline path.hl', (p) => p.length);
	sp.check(hl === 1, `tl: ${hl} timeline paths highlighted`);
	await histCounts(page, dir, calls, 'tl');
	await shot(await page.$('svg.timeline'), shots, 'tl-timeline.png');
}

async function bullets(page) {
	return page.$$eval('ul.overview li', (l) => l.map((x) => x.className));
}

async function oneRank(page, dir, shots) {
	sp.spec(dir, 'one.h5', { ranks: { 0: [
		['main', [0], [100000000]], ['setup', [0], [20000000]],
		['solve', [20000000], [90000000]],
		['assemble', [30000000], [60000000]]] },
	metadata: { label: 'one' } });
	const calls = report(dir, ['one.h5'], 'one');
	await open(page, dir, 'one');
	await sections(page, 'one');
	await sameNumbers(page, dir, calls, 'one');
	// main 30 ms own, solve 40, assemble 30, setup 20: solve dominates
	const b = await bullets(page);
	sp.check(b.join() === 'b-dominant,b-largest', `one: bullets ${b}`);
	// a click on a hot spot highlights its row in the table
	const hs = await page.$('.hs[data-region]');
	const region = await hs.getAttribute('data-region');
	await hs.click();
	const hl = await page.$$eval('table.tree tr.hl', (t) => t.map(
	    (r) => r.getAttribute('data-region')));
	sp.check(hl.length > 0 && hl.every((r) => r === region),
	    `one: hot spot ${region} highlights rows ${hl}`);
	// a click on a row opens its per-rank detail
	await page.click('table.tree tbody tr[data-region]');
	const det = await page.$$eval('tr.detail td table tr', (t) => t.length);
	sp.check(det === 2, `one: detail has ${det} lines, not header + 1`);
	// again: the detail closes, the row's highlight goes
	await page.click('table.tree tbody tr[data-region]');
	await shot(page, shots, 'one.png', { fullPage: true });
	await flame(page, shots);
}

// The first run's flame graph as the page shows it: its frames (node
// id, name, fill, width, highlighted), the matched line, the focus.
async function flameState(page) {
	return page.evaluate(() => {
		const host = document.querySelector('.sp-flame');
		const a = document.activeElement;
		return {
			frames: [...host.querySelectorAll('g.f[data-i]')].map((g) =>
			    ({ i: +g.getAttribute('data-i'),
				name: g.querySelector('title').textContent.split(
				    '\n')[0],
				region: g.getAttribute('data-region'),
				fill: g.querySelector('rect').getAttribute('fill'),
				w: +g.querySelector('rect').getAttribute('width'),
				hl: g.classList.contains('hl') })),
			matched: host.querySelector('.sp_matched').textContent,
			inBox: a !== null && a.localName === 'input' &&
			    host.contains(a),
			rows: [...document.querySelectorAll('table.tree tr.hl')].map(
			    (r) => r.getAttribute('data-region')),
			hash: location.hash,
		};
	});
}

// main 100 ms > setup 20, solve 70 > assemble 30, as sp-flame draws it.
async function flame(page, shots) {
	let s = await flameState(page);
	sp.check(s.frames.map((f) => f.name).join(' ') ===
	    '<one all ranks> main setup solve assemble' && s.frames[0].region ===
	    null && s.frames[1].region === 'main', `flame: frames ` +
	    `${JSON.stringify(s.frames)}`);
	// the keys are the page's while the focus is outside the graph
	await page.click('h1');
	await page.keyboard.press('/');
	await page.keyboard.press('Control+f');
	s = await flameState(page);
	sp.check(!s.inBox, 'flame: "/" or Ctrl-F outside the graph went to ' +
	    'its search box');
	// a click on solve zooms into it (as wide as main, which holds it)
	// and highlights solve on the page, its tree rows and its frame
	const solve = s.frames.find((f) => f.name === 'solve');
	await page.click(`.sp-flame g.f[data-i="${solve.i}"] rect`);
	s = await flameState(page);
	const main = s.frames.find((f) => f.name === 'main');
	const z = s.frames.find((f) => f.name === 'solve');
	sp.check(z.w === main.w && z.w > solve.w, `flame: zoomed solve ` +
	    `${z.w} wide, main ${main.w}, before ${solve.w}`);
	sp.check(s.rows.length > 0 && s.rows.every((r) => r === 'solve') &&
	    s.frames.filter((f) => f.hl).map((f) => f.name).join() === 'solve',
	    `flame: the click highlights rows ${s.rows}, frames ` +
	    `${s.frames.filter((f) => f.hl).map((f) => f.name)}`);
	// with the focus in the graph, "/" goes to its box; the search
	// highlights solve and assemble: all of the zoomed frame
	await page.keyboard.press('/');
	s = await flameState(page);
	sp.check(s.inBox, 'flame: "/" in the graph did not go to its box');
	await page.keyboard.type('^(solve|assemble)$');
	await page.keyboard.press('Enter');
	await page.waitForFunction(() => document.querySelector(
	    '.sp-flame .sp_matched').textContent.startsWith('Matched'));
	s = await flameState(page);
	sp.check(s.matched === 'Matched: 70.00% of the run (100.00% of the ' +
	    'zoomed frame)' && s.frames.filter((f) => f.fill === HOT).map(
	    (f) => f.name).join() === 'solve,assemble', `flame: search ` +
	    `'${s.matched}' ${JSON.stringify(s.frames)}`);
	sp.check(s.hash === '', `flame: the URL took the state: ${s.hash}`);
	await shot(await page.$('.sp-flame'), shots, 'one-flame.png');
	// Escape resets the zoom and the search; Ctrl-F goes to the box
	await page.keyboard.press('Escape');
	s = await flameState(page);
	sp.check(s.frames.length === 5 && s.matched.trim() === '' &&
	    s.frames.every((f) => f.fill !== HOT), `flame: after Escape ` +
	    `'${s.matched}' ${s.frames.length} frames`);
	await page.click('.sp-flame g.f[data-i="0"] rect');
	await page.keyboard.press('Control+f');
	s = await flameState(page);
	sp.check(s.inBox, 'flame: Ctrl-F in the graph did not go to its box');
}

// 100000 calls nested at random over 2000 regions: 82000 call paths in
// at most 3 MB, 1000 rows and a line for the rest, the graph drawn with
// its budget's 5000 nodes.
async function manyPaths(page, dir, shots) {
	sp.synth(dir, 'paths.h5', ['--shape', 'random', '--regions', '2000',
		'--calls', '100000']);
	report(dir, ['paths.h5'], 'paths');
	const size = fs.statSync(path.join(dir, 'paths.html')).size;
	sp.check(size <= 3e6, `paths: ${size} bytes`);
	await open(page, dir, 'paths');
	await sections(page, 'paths');
	const s = await page.evaluate(() => ({
		rows: document.querySelectorAll('table.tree tbody tr:not(.own)')
		    .length,
		cut: (document.querySelector('p.rows-cut') || {}).textContent,
		nodes: JSON.parse(document.querySelector('script.sp-flame-data')
		    .textContent).tree.nodes,
		frames: +document.querySelector('svg.flamegraph').getAttribute(
		    'data-frames'),
	}));
	sp.check(s.rows === 1000 && /^1000 of \d+ rows shown/.test(s.cut) &&
	    s.nodes === 5000 && s.frames > 0, `paths: ${JSON.stringify(s)}`);
	await shot(await page.$('.sp-flame'), shots, 'paths-flame.png');
}

async function manyRanks(page, dir, shots) {
	sp.synth(dir, 'r64.h5', ['--ranks', '64', '--calls', '400',
		'--metadata', 'full']);
	const calls = report(dir, ['r64.h5'], 'r64');
	await open(page, dir, 'r64');
	await sections(page, 'r64');
	for (const s of ['svg.heatmap', 'figure.imb svg polyline',
		'details.meta'])
		sp.check(await page.$(s) !== null, `r64: no ${s}`);
	await sameNumbers(page, dir, calls, 'r64');
	await histCounts(page, dir, calls, 'r64');
	// a region's per-rank detail has a line per rank with calls
	const byRank = statsJson(dir, calls, ['--by', 'rank']);
	const tr = await page.$('table.tree tbody tr[data-ri="0"]');
	await tr.click();
	const lines = await page.$$eval('tr.detail td table tr', (t) =>
	    t.slice(1).map((r) => [...r.children].map((c) => c.textContent)));
	const want = byRank.filter((r) => r.name === byRank[0].name &&
	    r.num_calls > 0);
	sp.check(lines.length === want.length, `r64: ${lines.length} detail ` +
	    `lines, ${want.length} ranks`);
	for (let i = 0; i < want.length; i++)
		sp.check(+lines[i][0] === want[i].rank && lines[i][2] ===
		    want[i].total_duration.toFixed(6), `r64: detail ${lines[i]}`);
	// the filter: "^lev" keeps the level regions
	await page.fill('#filter-box', '^lev, IO');
	await page.waitForFunction(() => !document.getElementById(
	    'filter-count').textContent.startsWith(document.querySelector(
	    'script.sp-data') && JSON.parse(document.querySelector(
	    'script.sp-data').textContent).names.length + ' of'));
	const names = JSON.parse(await page.$eval('script.sp-data',
	    (s) => s.textContent)).names;
	const kept = names.filter((n) => n.toLowerCase().startsWith('lev') ||
	    n.toLowerCase().includes('io')).length;
	const count = await page.$eval('#filter-count', (c) => c.textContent);
	sp.check(count === `${kept} of ${names.length} regions`,
	    `r64: filter count ${count}, ${kept} kept`);
	await shot(page, shots, 'r64.png', { fullPage: true });
	await page.fill('#filter-box', '');
}

async function hostile(page, dir, shots) {
	execFileSync('/usr/bin/python3', [path.join(__dirname, '..', 'gen',
	    'spgen.py'), 'hostile', 'hostile.h5'], { cwd: dir });
	// every row (2109 paths), to compare with sp-stats
	const calls = report(dir, ['hostile.h5'], 'hostile', ['--rows', '0']);
	await open(page, dir, 'hostile');
	await sections(page, 'hostile');
	await sameNumbers(page, dir, calls, 'hostile');
	// no name made markup: two scripts of data a run (the statistics,
	// the flame graph), two of code (sp-flame's, the page's); no svg
	// element but the page's pictures
	const n = await scripts(page);
	sp.check(n.data === 2 * n.runs && n.code === 2 && n.stray === 0 &&
	    !n.alerted, `hostile: ${JSON.stringify(n)}`);
	await hostileFlame(page, shots);
	const names = JSON.parse(await page.$eval('script.sp-data',
	    (s) => s.textContent)).names;
	const recs = statsJson(dir, calls, []);
	sp.check(names.length === recs.length && names.every((x, i) => x ===
	    recs[i].name), 'hostile: the names differ from sp-stats\' JSON');
	await shot(page, shots, 'hostile.png');
	// two runs of the hostile names: the change section's names stay
	// text too, and are sp-diff's
	fs.copyFileSync(path.join(dir, 'hostile.h5'), path.join(dir,
	    'hostile2.h5'));
	const calls2 = report(dir, ['hostile.h5', 'hostile2.h5'], 'hostile2');
	await open(page, dir, 'hostile2');
	const m = await scripts(page);
	m.rows = await page.$$eval('table.diff tbody tr', (t) => t.map((r) =>
	    [r.getAttribute('data-region'), r.children[0].textContent]));
	sp.check(m.data === 2 * m.runs && m.code === 2 && m.runs === 2 &&
	    m.stray === 0 && !m.alerted, `hostile2: ` +
	    `${JSON.stringify(m).slice(0, 200)}`);
	const want = jsonOf(dir, 'SP_DIFF', calls2).rows;
	sp.check(m.rows.length === want.length && want.every((w, i) =>
	    m.rows[i][0] === shown(w.region) && m.rows[i][1] ===
	    shown(w.region)), 'hostile2: the change rows\' names differ ' +
	    'from sp-diff\'s JSON');
}

// The page's scripts (of data, of code), runs, svg elements that are none
// of its pictures, and whether a name ran script.
async function scripts(page) {
	return page.evaluate(() => ({
		data: document.querySelectorAll('script[type="application/json"]')
		    .length,
		code: document.querySelectorAll('script:not([type])').length,
		all: document.querySelectorAll('script').length,
		runs: document.querySelectorAll('section.run').length,
		stray: document.querySelectorAll('body svg:not(.heatmap):not(' +
		    '.timeline):not(figure svg):not(.change):not(.flamegraph)')
		    .length,
		alerted: window.spAlerted === true,
	}));
}

// The hostile names in the flame graph: drawn as text (no element but
// the graph's own, the names whole in the tooltips), a search for markup
// highlights its frames, a click on one highlights its region's rows.
async function hostileFlame(page, shots) {
	const f = await page.evaluate(() => {
		const svg = document.querySelector('svg.flamegraph');
		const own = new Set(['g', 'rect', 'text', 'title', 'foreignObject',
			'input']);
		const names = JSON.parse(document.querySelector(
		    'script.sp-flame-data').textContent).tree.names;
		const tips = [...svg.querySelectorAll('g.f[data-i] title')].map(
		    (t) => t.textContent);
		return {
			foreign: [...svg.querySelectorAll('*')].map((e) => e.localName)
			    .filter((x) => !own.has(x)),
			texts: [...svg.querySelectorAll('text')].every((t) =>
			    [...t.children].every((c) => c.localName === 'title')),
			// each frame's tooltip begins with its name, whole
			drawn: tips.length > 0 && tips.every((x) => names.some(
			    (nm) => x.startsWith(nm + '\n'))),
			markup: names.filter((x) => x.includes('<svg onload')).length,
		};
	});
	sp.check(f.foreign.length === 0 && f.texts && f.drawn && f.markup === 1,
	    `hostile flame: ${JSON.stringify(f)}`);
	await page.click('.sp-flame g.f[data-i="0"] rect');
	await page.keyboard.press('/');
	await page.keyboard.type('<svg onload');
	await page.keyboard.press('Enter');
	await page.waitForFunction(() => document.querySelector(
	    '.sp-flame .sp_matched').textContent.startsWith('Matched'));
	const hot = await page.$$eval('.sp-flame g.f[data-i]', (g) => g.filter(
	    (x) => x.querySelector('rect').getAttribute('fill') === 'rgb(230, ' +
	    '0, 230)').map((x) => x.getAttribute('data-region')));
	sp.check(hot.length > 0 && hot.every((r) => r.includes('<svg onload')),
	    `hostile flame: search highlights ${JSON.stringify(hot)}`);
	await page.click('.sp-flame g.f[data-region*="<svg onload"] rect');
	const rows = await page.$$eval('table.tree tr.hl', (t) => t.map(
	    (r) => r.getAttribute('data-region')));
	sp.check(rows.length > 0 && rows.every((r) => r === hot[0]),
	    `hostile flame: the click highlights rows ${JSON.stringify(rows)}`);
	await shot(await page.$('.sp-flame'), shots, 'hostile-flame.png');
}

function jsonOf(dir, prog, calls) {
	return JSON.parse(execFileSync(process.env[prog], ['--format', 'json',
	    calls], { cwd: dir, maxBuffer: 1 << 30 }));
}

// A number of the page (shortest round-trip text, or "null") equals
// the JSON's.
function same(attr, want) {
	return want === null || want === undefined ? attr === 'null' :
	    attr !== 'null' && parseFloat(attr) === want;
}

// A click on a heatmap column highlights that region's tree row in the
// same run, and nothing of another region.
async function heatmapClick(page, name) {
	const col = await page.$('section.run svg.heatmap g[data-region] ' +
	    'rect.col');
	const region = await col.evaluate((r) => r.parentNode.getAttribute(
	    'data-region'));
	await col.click();
	const hl = await page.$$eval('section.run table.tree tr.hl', (t) =>
	    t.map((r) => r.getAttribute('data-region')));
	sp.check(hl.length > 0 && hl.every((r) => r === region),
	    `${name}: heatmap column ${region} highlights rows ${hl}`);
	return [region, col];
}

// Two runs: sp-diff's rows in the change table and chart, its numbers.
async function twoRuns(page, dir, shots) {
	sp.synth(dir, 'before.h5', ['--ranks', '8', '--calls', '300',
		'--seed', '1']);
	sp.synth(dir, 'after.h5', ['--ranks', '8', '--calls', '300',
		'--seed', '2']);
	const calls = report(dir, ['before.h5', 'after.h5'], 'two');
	await open(page, dir, 'two');
	await sections(page, 'two');
	for (const s of ['#change', 'svg.change g.bar rect', 'table.diff',
		'a[href="#change-chart"]', 'svg.heatmap', 'figure.imb'])
		sp.check(await page.$(s) !== null, `two: no ${s}`);
	const runs = await page.$$eval('section.run', (r) => r.length);
	sp.check(runs === 2, `two: ${runs} run sections`);
	const want = jsonOf(dir, 'SP_DIFF', calls);
	const rows = await page.$$eval('table.diff tbody tr', (t) => t.map(
	    (r) => ({ region: r.getAttribute('data-region'),
		a: r.dataset.a, b: r.dataset.b, delta: r.dataset.delta,
		pct: r.dataset.pct, p: r.dataset.p,
		sig: r.dataset.significant,
		cells: [...r.children].map((c) => c.textContent) })));
	sp.check(rows.length === want.rows.length && rows.length > 0,
	    `two: ${rows.length} rows, sp-diff ${want.rows.length}`);
	want.rows.forEach((w, i) => {
		const r = rows[i];
		sp.check(r.region === w.region && r.cells[0] === w.region &&
		    same(r.a, w.a) && same(r.b, w.b) && same(r.delta,
		    w.delta) && same(r.pct, w.pct) && same(r.p, w.p) &&
		    r.sig === String(w.significant), `two: row ${i} ` +
		    `${JSON.stringify(r)} is not ${JSON.stringify(w)}`);
		// "~" exactly where sp-diff finds no significant change
		sp.check((r.cells[4] === '~') === (w.significant === false),
		    `two: row ${i} ${w.region}: ${r.cells[4]}`);
	});
	const bars = await page.$$eval('svg.change g.bar', (g) => g.map(
	    (b) => [b.getAttribute('data-region'), b.dataset.pct,
		b.querySelector('rect').getAttribute('class')]));
	const withPct = want.rows.filter((w) => w.pct !== null);
	sp.check(bars.length === Math.min(40, withPct.length),
	    `two: ${bars.length} bars, ${withPct.length} rows with pct`);
	bars.forEach(([region, pct, kind], i) => {
		const w = withPct[i];
		const k = w.significant === false ? 'ns' : w.pct > 0 ? 'up' :
		    w.pct < 0 ? 'down' : 'ns';
		sp.check(region === w.region && same(pct, w.pct) && kind === k,
		    `two: bar ${i} ${region} ${pct} ${kind}, not ${w.region} ` +
		    `${w.pct} ${k}`);
	});
	const [region, col] = await heatmapClick(page, 'two');
	// the same region is highlighted in the change table too
	const diffHl = await page.$$eval('table.diff tr.hl', (t) => t.map(
	    (r) => r.getAttribute('data-region')));
	sp.check(diffHl.length === 1 && diffHl[0] === region,
	    `two: change rows ${diffHl} highlighted, not ${region}`);
	await shot(page, shots, 'two.png', { fullPage: true });
	await col.click();	// again: nothing highlighted
	sp.check(await page.$('.hl') === null, 'two: a second click kept ' +
	    'the highlight');
	// a click on a change row highlights the region in both runs
	await page.click('table.diff tbody tr:nth-child(2)');
	const second = await page.$eval('table.diff tbody tr:nth-child(2)',
	    (r) => r.getAttribute('data-region'));
	const lit = await page.$$eval('section.run', (secs) => secs.map(
	    (s) => [...s.querySelectorAll('table.tree tr.hl')].map(
		(r) => r.getAttribute('data-region'))));
	sp.check(lit.every((l) => l.length > 0 && l.every((r) => r === second)),
	    `two: change row ${second} highlights ${JSON.stringify(lit)}`);
}

// Runs at 1, 2, 4 and 8 ranks: sp-scale's chart and rows, its numbers.
async function scaleRuns(page, dir, shots) {
	execFileSync('/usr/bin/python3', [path.join(__dirname, '..', 'gen',
	    'spgen.py'), 'scale', '--ranks', '1,2,4,8', 'series'],
	    { cwd: dir });
	const files = ['01', '02', '04', '08'].map((n) =>
	    path.join('series', `run-${n}.h5`));
	const calls = report(dir, files, 'scale');
	await open(page, dir, 'scale');
	await sections(page, 'scale');
	for (const s of ['#scaling', '.scalechart svg g.series',
		'table.scale', 'a[href="#scaling-table"]'])
		sp.check(await page.$(s) !== null, `scale: no ${s}`);
	sp.check(await page.$('#change') === null, 'scale: a change section');
	const want = jsonOf(dir, 'SP_SCALE', calls);
	const rows = await page.$$eval('table.scale tbody tr', (t) => t.map(
	    (r) => ({ region: r.getAttribute('data-region'),
		whole: r.classList.contains('whole'),
		verdict: r.querySelector('td.verdict').dataset.verdict,
		cells: [...r.querySelectorAll('td[data-k]')].map((c) => [
		    c.dataset.k, +c.dataset.i, c.dataset.v]) })));
	sp.check(rows.length === want.rows.length, `scale: ${rows.length} ` +
	    `rows, sp-scale ${want.rows.length}`);
	want.rows.forEach((w, i) => {
		const r = rows[i];
		sp.check(r.whole === w.whole_run && (w.whole_run ||
		    r.region === w.region) && r.verdict === w.verdict,
		    `scale: row ${i} ${JSON.stringify(r)} is not ${w.region}`);
		sp.check(r.cells.length === 3 * w.values.length,
		    `scale: row ${i}: ${r.cells.length} cells`);
		for (const [k, j, v] of r.cells)
			sp.check(same(v, w.values[j][k]), `scale: ${w.region} ` +
			    `${k} at ${j}: ${v}, not ${w.values[j][k]}`);
	});
	const [, col] = await heatmapClick(page, 'scale');
	await col.click();
	// a click on a scaling row highlights the region in every run
	const row = await page.$('table.scale tbody tr[data-region]');
	const region = await row.getAttribute('data-region');
	await row.click();
	const lit = await page.$$eval('section.run', (secs) => secs.map(
	    (s) => [...s.querySelectorAll('table.tree tr.hl')].map(
		(r) => r.getAttribute('data-region'))));
	sp.check(lit.length === 4 && lit.every((l) => l.length > 0 &&
	    l.every((r) => r === region)), `scale: row ${region} highlights ` +
	    `${JSON.stringify(lit)}`);
	const line = await page.$eval('.scalechart g.series.hl', (g) =>
	    g.getAttribute('data-name')).catch(() => null);
	sp.check(line === region, `scale: chart line ${line}, not ${region}`);
	await shot(page, shots, 'scale.png', { fullPage: true });
}

// One profile per bullet, and one that fires none but the dominant.
const BULLETS = {
	'b-outside': [{ ranks: { 0: [['scope_profiler.session', [0], [100]],
		['a', [0], [40]]] } }, []],
	'b-imbalance': [{ ranks: { 0: [['x', [0], [120]]],
		1: [['x', [0], [200]]] } }, []],
	'b-chatty': [{ ranks: { 0: [['loop', [0], [3000000]]].concat([[
		'tick', [...Array(1500).keys()].map((i) => 1000 * i + 10),
		[...Array(1500).keys()].map((i) => 1000 * i + 510)]]) } }, []],
	'b-nocalls': [{ ranks: { 0: [['x', [0], [100]]],
		1: [['x', [0], [100]], ['only1', [10], [20]]] } }, ['-r', '0']],
	'none': [{ ranks: { 0: [['main', [0], [100]], ['sub', [10], [20]]] } },
		[]],
};

async function overview(page, dir) {
	for (const [want, [spec, args]] of Object.entries(BULLETS)) {
		const name = 'bullet-' + want;
		sp.spec(dir, name + '.h5', spec);
		report(dir, [name + '.h5'], name, args);
		await open(page, dir, name);
		const b = await bullets(page);
		const extra = want === 'none' ? [] : [want];
		sp.check(b.filter((c) => c !== 'b-dominant' &&
		    c !== 'b-largest').join() === extra.join(),
		    `${name}: bullets ${b}`);
		sp.check(b[0] === 'b-dominant', `${name}: no dominant region`);
	}
}

run(async () => {
	sp.requireTools();
	for (const v of ['SP_REPORT', 'SP_STATS', 'SP_DIFF', 'SP_SCALE'])
		sp.check(process.env[v], `no $${v}`);
	const dir = sp.scratch('report');
	const shots = path.join(dir, 'shots');
	fs.mkdirSync(shots);
	await withPage(async (page) => {
		await oneRank(page, dir, shots);
	});
	await withPage(async (page) => {
		await manyRanks(page, dir, shots);
	});
	await withPage(async (page) => {
		await timeline(page, dir, shots);
	});
	await withPage(async (page) => {
		await manyPaths(page, dir, shots);
	});
	await withPage(async (page) => {
		await page.addInitScript(() => {
			window.alert = () => { window.spAlerted = true; };
		});
		await hostile(page, dir, shots);
	});
	await withPage(async (page) => {
		await overview(page, dir);
	});
	await withPage(async (page) => {
		await twoRuns(page, dir, shots);
	});
	await withPage(async (page) => {
		await scaleRuns(page, dir, shots);
	});
	if (process.env.SP_KEEP_TMP)
		console.log(`kept ${dir}`);
	else
		fs.rmSync(dir, { recursive: true, force: true });
});
