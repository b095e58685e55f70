// sp.js - what the browser tests of sp-flame share: profiles made with
// the generator (tests/gen/spgen.py) and run through the programs of the
// build (meson passes $SP_READ, $SP_STACK, $SP_FLAME and $SPGEN, as to
// the golden cases), folded stacks read back, and the graph's own numbers
// read from the page.
//
//   const sp = require('./sp.js');
//   sp.requireTools();                       // skip or fail (77 / 1)
//   const dir = sp.scratch('flame');
//   sp.spec(dir, 'in.h5', {...});  sp.synth(dir, 'big.h5', ['--calls', ...]);
//   sp.pipe(dir, ['in.h5'], ['--interactive'], 'g.svg');
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const TOOLS = ['SP_READ', 'SP_STACK', 'SP_FLAME', 'SPGEN'];

// The generator needs h5py; the programs come from meson's environment.
function requireTools() {
	let why = null;
	for (const v of TOOLS)
		if (!process.env[v])
			why = `no $${v} (run the test through meson)`;
	if (why === null && process.env.SPGEN_H5PY === '0')
		why = 'no h5py for the generator (apt-get install python3-h5py)';
	if (why === null)
		return;
	if (process.env.SP_REQUIRE_ALL) {
		console.log(`FAIL: ${why}, and SP_REQUIRE_ALL is set`);
		process.exit(1);
	}
	console.log(`SKIP: ${why}`);
	process.exit(77);
}

function scratch(name) {
	return fs.mkdtempSync(path.join(os.tmpdir(), `sp-${name}-`));
}

function spgen(dir, args, input) {
	const [py, ...rest] = process.env.SPGEN.split(' ');
	execFileSync(py, rest.concat(args), { cwd: dir, input,
		stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore',
		    'inherit'] });
}

// A profile from a spec (an object), or synthetic (spgen synth ARGS).
function spec(dir, out, obj) {
	spgen(dir, ['spec', '-', out], JSON.stringify(obj));
}
function synth(dir, out, args) {
	spgen(dir, ['synth'].concat(args, [out]));
}

// sp-read FILES | sp-stack > calls.sps, then sp-flame FLAME_ARGS calls.sps,
// its standard output to out (a name in dir); the stderr, for notes.
function pipe(dir, files, flameArgs, out) {
	const calls = path.join(dir, 'calls.sps');
	const iv = execFileSync(process.env.SP_READ, files, { cwd: dir,
		maxBuffer: 1 << 30 });
	fs.writeFileSync(calls, execFileSync(process.env.SP_STACK, ['-'],
	    { input: iv, maxBuffer: 1 << 30 }));
	const r = require('child_process').spawnSync(process.env.SP_FLAME,
	    flameArgs.concat([calls]), { cwd: dir, maxBuffer: 1 << 30 });
	if (r.status !== 0)
		throw new Error(`sp-flame ${flameArgs.join(' ')}: exit ` +
		    `${r.status}: ${r.stderr}`);
	fs.writeFileSync(path.join(dir, out), r.stdout);
	return r.stderr.toString();
}

// Folded stacks as [[frames...], self ns] pairs.
function folded(text) {
	return text.split('\n').filter((l) => l !== '').map((l) => {
		const at = l.lastIndexOf(' ');
		return [l.slice(0, at).split(';'), Number(l.slice(at + 1))];
	});
}

// The exact share of the time under prefix (a path of names, [] for the
// run) in stacks through a frame whose name re matches, and that time:
// what a search should report, from the folded stacks alone.  A stack's
// self time belongs to the total of every frame on its path, so the
// outermost matches' totals add up to the stacks that pass a match.
function share(stacks, re, prefix) {
	let all = 0, hit = 0;
	for (const [frames, ns] of stacks) {
		if (prefix.some((p, k) => frames[k] !== p))
			continue;
		all += ns;
		if (frames.some((f) => re.test(f)))
			hit += ns;
	}
	return { share: hit / all, all, hit };
}

// The graph once its script has drawn it.
async function open(page, url) {
	await page.goto(url);
	await page.waitForSelector('svg[data-ready="1"]', { timeout: 60000 });
}

// What the page shows: the frames drawn (ids and names), the matched
// line and its numbers, the details line, the fragment.
async function state(page) {
	return page.evaluate(() => {
		const svg = document.documentElement;
		const m = document.querySelector('.sp_matched');
		const frames = [...document.querySelectorAll('g.f[data-i]')].map(
		    (g) => ({ i: +g.getAttribute('data-i'),
			name: g.querySelector('title').textContent.split('\n')[0],
			fill: g.querySelector('rect').getAttribute('fill'),
			x: +g.querySelector('rect').getAttribute('x'),
			w: +g.querySelector('rect').getAttribute('width'),
			tip: g.querySelector('title').textContent }));
		return {
			frames, drawn: +svg.getAttribute('data-frames'),
			ms: +svg.getAttribute('data-ready-ms'),
			matched: m.textContent,
			run: +m.getAttribute('data-run'),
			zoom: +m.getAttribute('data-zoom'),
			unknownRun: +m.getAttribute('data-unknown-run'),
			unknownZoom: +m.getAttribute('data-unknown-zoom'),
			// the rows under the graph start below its lowest frame
			flameBottom: Math.max(...[...document.querySelectorAll(
			    'g.f:not(.caller) rect')].map((r) => +r.getAttribute('y') +
			    +r.getAttribute('height'))),
			detailsTop: +document.querySelector('.sp_details')
			    .getAttribute('y') - 6,
			details: document.querySelector('.sp_details').textContent,
			callers: document.querySelector('.sp_callers').textContent,
			callerFrames: [...document.querySelectorAll('g.caller')].map(
			    (g) => g.querySelector('title').textContent),
			hash: location.hash,
			box: (document.querySelector('.sp_search input') ||
			    {}).value,
			width: svg.getAttribute('viewBox').split(' ')[2],
			only: [...document.querySelectorAll('.sp_only_all, ' +
			    '.sp_only_none, .sp_only, .sp_only_rest')].map((t) =>
			    t.textContent),
		};
	});
}

// The tree the graph carries (its data), parsed in the page.
async function tree(page) {
	return page.evaluate(() => JSON.parse(
	    document.getElementById('sp-data').textContent).tree);
}

// The id of the node at a path of names from the root (t: the tree).
function nodeId(t, names) {
	let k = 0;
	for (const nm of names) {
		let c = -1;
		for (let i = k + 1; i < t.nodes; i++) {
			const p = i - t.tree[2 * i];
			if (p < k)
				break;	/* past k's subtree */
			if (p === k && t.names[t.tree[2 * i + 1]] === nm) {
				c = i;
				break;
			}
		}
		if (c < 0)
			throw new Error(`no node ${names.join(' > ')}`);
		k = c;
	}
	return k;
}

// Click the drawn frame of node id i.
async function click(page, i) {
	const el = await page.$(`g.f[data-i="${i}"] rect`);
	if (el === null)
		throw new Error(`frame ${i} is not drawn`);
	await el.click();
}

// Search for re in the search box: key ("/" or Ctrl-F) must focus it,
// with its text selected, so that typing replaces it; then Enter.
async function search(page, re, key = '/') {
	await page.keyboard.press(key);
	const box = await page.evaluate(() => {
		const a = document.activeElement;
		return a && a.localName === 'input' ? [a.selectionStart,
		    a.selectionEnd, a.value.length] : null;
	});
	check(box !== null && box[0] === 0 && box[1] === box[2], `${key}: ` +
	    `the search box ${box === null ? 'not focused' : 'focused, ' +
	    `selected ${box[0]}-${box[1]} of ${box[2]}`}`);
	await page.keyboard.type(re);
	await page.keyboard.press('Enter');
	await page.waitForFunction((q) => location.hash.includes('search=' +
	    encodeURIComponent(q)), re);
}

function check(ok, what) {
	if (!ok)
		throw new Error(what);
}

module.exports = { requireTools, scratch, spec, synth, pipe, folded, share,
	open, state, tree, nodeId, click, search, check };
