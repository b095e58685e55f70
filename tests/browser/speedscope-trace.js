// speedscope-trace.js - sp-trace's JSON traces imported by speedscope's
// own Chrome trace-event importer, in headless Chromium: the app of
// tests/node's speedscope package, loaded from its files as its CLI
// loads a profile (#localProfilePath, a script that hands it the file),
// must show one profile per (rank, lane) of the trace, in order, named as
// its importer names them: "<process> (pid P), <thread> (tid T)"; and,
// exported back by speedscope (its Export button: its own evented
// format), each profile's frames must open and close as the trace's
// slices nest, at their times (in us from the lane's first slice).  The
// last check skips lanes with zero-length calls or touching siblings of
// one name, which speedscope's importer cannot tell apart (it closes a
// zero-length event with a later one of its name, and merges a close and
// an open of one frame at one time): sp-speedscope writes those exactly.
//
// The traces: a random profile of 3 ranks with thread and task lanes
// (spgen synth), through sp-read | sp-stack | sp-trace -f json, with and
// without slice arguments, and a hand-made one with zero-length,
// touching and recursive calls.  The programs come from the CLI cases'
// environment (SP_READ, SP_STACK, SP_TRACE, SPGEN), which meson sets.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { withPage, run, requireBrowser } = require('./browser.js');

const APP = path.join(__dirname, '..', 'node', 'node_modules', 'speedscope',
    'dist', 'release', 'index.html');

function skip(why) {
	if (process.env.SP_REQUIRE_ALL) {
		console.log(`FAIL: ${why}, and SP_REQUIRE_ALL is set`);
		process.exit(1);
	}
	console.log(`SKIP: ${why}`);
	process.exit(77);
}

function tools() {
	const t = {};
	for (const k of ['SP_READ', 'SP_STACK', 'SP_TRACE', 'SPGEN']) {
		if (!process.env[k])
			skip(`${k} is not set (run it with meson test)`);
		t[k] = process.env[k];
	}
	if (process.env.SPGEN_H5PY === '0')
		skip('no h5py for spgen');
	if (!fs.existsSync(APP))
		skip(`no speedscope app at ${APP} (npm ci --prefix tests/node)`);
	return t;
}

// An HDF5 profile from spgen (synth ARGS..., or a spec given as text).
function profile(t, dir, name, argv, spec) {
	const [py, script] = t.SPGEN.split(' ');
	const out = path.join(dir, name + '.h5');
	const args = spec === undefined ? [script, 'synth', out, ...argv] :
	    [script, 'spec', '-', out];
	execFileSync(py, args, { input: spec, stdio: ['pipe', 'pipe', 'inherit'] });
	return out;
}

// sp-read | sp-stack | sp-trace -f json OPTIONS: the trace's path.
function trace(t, dir, h5, name, options) {
	const calls = path.join(dir, name + '.sps');
	const out = path.join(dir, name + '.json');
	const iv = execFileSync(t.SP_READ, ['-q', h5], { maxBuffer: 1 << 30 });
	fs.writeFileSync(calls, execFileSync(t.SP_STACK, [], { input: iv,
	    maxBuffer: 1 << 30 }));
	execFileSync(t.SP_TRACE, ['-f', 'json', ...options, '-o', out, calls]);
	return out;
}

// The profiles speedscope's importer makes of a trace: one per (pid, tid)
// with complete events, sorted by zero-padded "pid:tid", each named after
// its process_name and thread_name metadata events.
function expected(file) {
	const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
	const procs = new Map(), threads = new Map(), lanes = new Set();
	for (const e of doc.traceEvents) {
		if (e.ph === 'M' && e.name === 'process_name')
			procs.set(e.pid, e.args.name);
		else if (e.ph === 'M' && e.name === 'thread_name')
			threads.set(`${e.pid}:${e.tid}`, e.args.name);
		else if (e.ph === 'X')
			lanes.add(`${e.pid}:${e.tid}`);
	}
	const pad = (n) => String(n).padStart(10, '0');
	return [...lanes].sort((a, b) => {
		const [pa, ta] = a.split(':'), [pb, tb] = b.split(':');
		const ka = pad(pa) + ':' + pad(ta), kb = pad(pb) + ':' + pad(tb);
		return ka < kb ? -1 : ka > kb ? 1 : 0;
	}).map((k) => {
		const [pid, tid] = k.split(':');
		return `${procs.get(Number(pid))} (pid ${pid}), ` +
		    `${threads.get(k)} (tid ${tid})`;
	});
}

// What speedscope shows: the names in its profile selector, in order.
async function shown(page, file, dir) {
	const loader = path.join(dir, path.basename(file) + '.js');
	const b64 = fs.readFileSync(file).toString('base64');
	fs.writeFileSync(loader, 'speedscope.loadFileFromBase64(' +
	    JSON.stringify(path.basename(file)) + ', ' + JSON.stringify(b64) +
	    ');\n');
	page.on('dialog', (d) => {
		throw new Error(`speedscope said: ${d.message()}`);
	});
	await page.goto('file://' + APP + '#localProfilePath=' + loader);
	const index = await page.waitForFunction(() => {
		const m = document.body.innerText.match(/\((\d+)\/(\d+)\)/);
		return m ? Number(m[2]) : 0;
	}, null, { timeout: 30000 });
	const n = await index.jsonValue();
	// "t" opens the profile selector, a table: "#, Name, Total Weight"
	await page.keyboard.press('t');
	const names = await page.waitForFunction((count) => {
		const rows = document.body.innerText.split('\n')
		    .map((s) => s.split('\t'))
		    .filter((c) => c.length === 3 && /^\d+$/.test(c[0]))
		    .map((c) => c[1]);
		return rows.length >= count ? rows : null;
	}, n, { timeout: 30000 });
	return { n, names: await names.jsonValue() };
}

// The trace's lanes: {"pid:tid": [X events]}, in file order.
function lanes(file) {
	const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
	const out = new Map();
	for (const e of doc.traceEvents)
		if (e.ph === 'X') {
			const k = `${e.pid}:${e.tid}`;
			if (!out.has(k))
				out.set(k, []);
			out.get(k).push(e);
		}
	return out;
}

// The open and close events a lane's slices make, or null when the lane
// holds what speedscope cannot tell apart (see the top).
function events(xs) {
	const t0 = Math.min(...xs.map((e) => e.ts)), out = [], stack = [];
	let last = null;
	for (const e of xs) {
		if (e.dur === 0)
			return null;
		while (stack.length > 0 && stack[stack.length - 1].end <= e.ts) {
			const s = stack.pop();
			out.push(['C', s.name, s.end - t0]);
			last = s;
		}
		if (last !== null && last.end === e.ts && last.name ===
		    (e.args === undefined ? e.name :
		    `${e.name} ${JSON.stringify(e.args)}`))
			return null;
		// speedscope names a frame after its args too (doc/trace.md, "Slices and
		// their order")
		const name = e.args === undefined ? e.name :
		    `${e.name} ${JSON.stringify(e.args)}`;
		out.push(['O', name, e.ts - t0]);
		stack.push({ name, end: e.ts + e.dur });
	}
	while (stack.length > 0) {
		const s = stack.pop();
		out.push(['C', s.name, s.end - t0]);
	}
	return out;
}

// speedscope's own export of what it imported.
async function exported(page) {
	const [dl] = await Promise.all([page.waitForEvent('download'),
	    page.getByText('Export').click()]);
	return JSON.parse(fs.readFileSync(await dl.path(), 'utf8'));
}

// Each profile against its lane; the number of lanes compared.
function compare(file, doc) {
	const frames = doc.shared.frames.map((f) => f.name);
	const byLane = [...lanes(file).values()];
	let checked = 0;
	doc.profiles.forEach((p, i) => {
		const want = events(byLane[i]);
		if (want === null)
			return;
		const got = p.events.map((e) => [e.type, frames[e.frame], e.at]);
		same(`${p.name}: the number of events`, got.length, want.length);
		got.forEach((g, k) => {
			const w = want[k];
			if (g[0] !== w[0] || g[1] !== w[1] ||
			    Math.abs(g[2] - w[2]) > 1e-6)
				throw new Error(`${p.name}: event ${k}: ` +
				    `expected ${JSON.stringify(w)}, got ` +
				    `${JSON.stringify(g)}`);
		});
		checked++;
	});
	return checked;
}

function same(what, got, want) {
	const g = JSON.stringify(got), w = JSON.stringify(want);
	if (g !== w)
		throw new Error(`${what}:\n  expected ${w}\n  got      ${g}`);
}

requireBrowser();
const t = tools();
run(async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-sstrace-'));
	const big = profile(t, dir, 'lanes', ['--schema', '3', '--ranks', '3',
	    '--threads', '2', '--tasks', '2', '--calls', '400', '--shape',
	    'random', '--call-ids', '--extras', '--seed', '7']);
	const small = profile(t, dir, 'tricky', [], JSON.stringify({ ranks: {
	    0: [['outer', [0], [100]], ['tick', [0, 50, 100], [0, 50, 100]],
		['fib', [200, 210, 220], [300, 290, 230]]],
	    1: [['a', [5, 15], [15, 25]], ['z', [15], [15]]] } }));
	const tree = profile(t, dir, 'tree', ['--schema', '3', '--ranks', '2',
	    '--threads', '2', '--calls', '300', '--seed', '3']);
	// a trace, and how many of its lanes must compare event for event
	const traces = [
		[trace(t, dir, big, 'args', []), 0],
		[trace(t, dir, big, 'noargs', ['--no-args']), 0],
		[trace(t, dir, tree, 'tree', []), 4],
		[trace(t, dir, tree, 'tree-noargs', ['--no-args']), 4],
		[trace(t, dir, tree, 'aligned', ['--no-args', '--align',
		    'start']), 4],
		[trace(t, dir, small, 'tricky', []), 0],
	];
	for (const [file, least] of traces) {
		const want = expected(file);
		const base = path.basename(file);
		let checked = 0;
		if (want.length < 2)
			throw new Error(`${file}: only ${want.length} lanes`);
		await withPage(async (page) => {
			const got = await shown(page, file, dir);
			same(`${base}: the number of profiles`, got.n,
			    want.length);
			same(`${base}: the profiles`, got.names, want);
			checked = compare(file, await exported(page));
		});
		if (checked < least)
			throw new Error(`${base}: only ${checked} lanes compared`);
		console.log(`ok: ${base}: ${want.length} profiles, one per ` +
		    `(rank, lane); ${checked} as the slices nest`);
	}
	fs.rmSync(dir, { recursive: true, force: true });
});
