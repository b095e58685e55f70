// scale.js - sp-scale's charts in Chromium: a strong series (spgen scale:
// perfect, amdahl, slow_rank and overhead at 1 to 64 ranks) and its weak
// counterpart, each chart rendered at 640 px with no console error, and
// every point of every line where the numbers of sp-scale's JSON say it
// must be: the axes read from the drawn ticks (a tick's label and its
// grid line), the expected pixel of each number interpolated on them
// (logarithmic or linear, as the axis is labelled), and among the
// elements Chromium hit-tests at that pixel a point of that value, on a
// line that passes through it.
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { withPage, run } = require('./browser.js');
const sp = require('./sp.js');

function series(dir, kind) {
	const [py, ...rest] = process.env.SPGEN.split(' ');
	execFileSync(py, rest.concat(['scale', '--kind', kind, kind]),
	    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
	const files = fs.readdirSync(path.join(dir, kind)).sort()
	    .map((f) => path.join(dir, kind, f));
	const iv = execFileSync(process.env.SP_READ, files,
	    { maxBuffer: 1 << 30 });
	const calls = path.join(dir, kind + '.sps');
	fs.writeFileSync(calls, execFileSync(process.env.SP_STACK, ['-'],
	    { input: iv, maxBuffer: 1 << 30 }));
	return calls;
}

function scale(calls, args) {
	return execFileSync(process.env.SP_SCALE, args.concat([calls]),
	    { maxBuffer: 1 << 30 }).toString();
}

// The drawn ticks of each axis: [value, pixel] from the labels and their
// grid lines (each label follows its line).
async function ticks(page) {
	return page.evaluate(() => {
		const plot = document.querySelector('g.plot');
		const out = { x: [], y: [] };
		for (const t of plot.querySelectorAll('text')) {
			const line = t.previousElementSibling;
			if (!line || line.tagName !== 'line' || isNaN(+t.textContent))
				continue;
			const r = line.getBoundingClientRect();
			if (line.getAttribute('x1') === line.getAttribute('x2'))
				out.x.push([+t.textContent, r.left + r.width / 2]);
			else
				out.y.push([+t.textContent, r.top + r.height / 2]);
		}
		const lab = [...plot.querySelectorAll('text')].map((t) =>
		    t.textContent);
		out.xlog = lab.some((s) => /MPI ranks \(log scale\)/.test(s));
		out.ylog = lab.some((s) => /\(log scale\)$/.test(s) &&
		    !/MPI/.test(s));
		return out;
	});
}

// The pixel of v on an axis from its first and last ticks.
function pixel(axis, log, v) {
	const [a, pa] = axis[0], [b, pb] = axis[axis.length - 1];
	const f = log ? Math.log(v / a) / Math.log(b / a) : (v - a) / (b - a);
	return pa + f * (pb - pa);
}

async function check(page, doc, key) {
	const ax = await ticks(page);
	if (ax.x.length < 2 || ax.y.length < 2)
		throw new Error(`${key}: too few ticks ${JSON.stringify(ax)}`);
	let n = 0;
	for (const row of doc.rows) {
		for (const c of row.values) {
			const v = c[key];
			if (v === null)
				continue;
			const px = pixel(ax.x, ax.xlog, c.x);
			const py = pixel(ax.y, ax.ylog, v);
			const hit = await page.evaluate(([x, y, v]) => {
				// the points drawn there (others may lie on top)
				const all = document.elementsFromPoint(x, y)
				    .filter((e) => e.tagName === 'circle');
				const e = all.find((c) => Math.abs(+c.dataset.y - v) <=
				    1e-9 * Math.abs(v)) || all[0];
				if (!e)
					return null;
				const line = e.parentNode.querySelector('polyline');
				return { y: +e.dataset.y, name: e.parentNode.dataset.name,
					points: line.getAttribute('points'),
					cx: e.getAttribute('cx'), cy: e.getAttribute('cy') };
			}, [px, py, v]);
			const name = row.region === null ? 'whole run' : row.region;
			if (hit === null || typeof hit === 'string' ||
			    Math.abs(hit.y - v) > 1e-9 * Math.abs(v))
				throw new Error(`${key}: ${name} at ${c.x} = ${v}: ` +
				    `at (${px.toFixed(1)}, ${py.toFixed(1)}) Chromium ` +
				    `shows ${JSON.stringify(hit)}`);
			if (!hit.points.split(' ').includes(`${hit.cx},${hit.cy}`))
				throw new Error(`${key}: ${hit.name}'s line misses ` +
				    `its point at ${c.x}`);
			n++;
		}
	}
	return n;
}

async function chart(dir, calls, args, key, want) {
	const svg = path.join(dir, `${key}.svg`);
	fs.writeFileSync(svg, scale(calls, ['--svg', '--top', '20']
	    .concat(args)));
	const doc = JSON.parse(scale(calls, ['--format', 'json'].concat(args)));
	await withPage(async (page) => {
		await page.goto('file://' + svg);
		const n = await check(page, doc, key);
		if (n !== want)
			throw new Error(`${key}: ${n} points checked, not ${want}`);
	}, { viewport: { width: 640, height: 420 } });
}

async function main() {
	sp.requireTools();
	if (!process.env.SP_SCALE)
		throw new Error('no $SP_SCALE (run the test through meson)');
	const dir = sp.scratch('scale');
	const strong = series(dir, 'strong');
	const weak = series(dir, 'weak');
	// 6 lines (whole run, main and four regions) at 7 rank counts
	await chart(dir, strong, [], 'speedup', 42);
	await chart(dir, strong, ['--measure', 'slowest', '--plot',
	    'efficiency'], 'efficiency', 42);
	await chart(dir, weak, ['--weak'], 'normalized_runtime', 42);
	await chart(dir, weak, ['--weak', '--plot', 'weak-efficiency'],
	    'weak_efficiency', 42);
	fs.rmSync(dir, { recursive: true, force: true });
}

run(main);
