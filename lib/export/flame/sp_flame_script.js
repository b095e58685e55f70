// sp_flame_script.js - the script of sp-flame's interactive graphs.
//
// The SVG carries the aggregated call-path tree as data (sp_flame_embed.h:
// <script id="sp-data">), and this script draws the graph from it:
//
// - the flame graph, the run's root at the bottom: clicking a frame zooms
//   into it, that is, lays its subtree out again at the full width, so
//   that frames too narrow to draw at the top level appear; the frames
//   that hold it span the width below it.  A frame is drawn when it is at
//   least the threshold's fraction of the zoomed frame (not of the run),
//   and at most maxFrames frames are drawn, the widest;
// - labels are a frame's own name, its path is in its tooltip, with its
//   times in real units and its shares of its parent, of the zoomed frame
//   and of the run;
// - search (a regular expression on the names, typed in the box at the
//   top right) highlights the frames and adds up the matched time from
//   the tree, not from what is drawn: the outermost matched frames, so
//   that nested matches count once; exact when the tree is whole, marked
//   approximate, with the most the time merged by the node budget could
//   add, when it is not;
// - below, the callers view: an icicle of who calls the zoomed frame's
//   region, or the search match, from every place it is called;
// - Escape resets, "/" or Ctrl-F goes to the search box; the zoom, the
//   search (and for a differential graph, which run gives the widths)
//   live in the URL fragment, so that a link opens the same view;
// - the graph is as wide as the window, and laid out again when it is
//   resized.
//
// A differential graph (two sides, before and after) colours frames by
// their change, as sp_flame_diff.h says, its tooltips give both runs, and
// under it are listed the paths only one run has, by name, a click
// highlighting them.
//
// The same script draws the graphs an HTML page holds (sp-report's): each
// in an element of class sp-flame, with its data (the same JSON, in a
// script element of type application/json) and an empty svg element.
// There the keys are the graph's only while the focus is in that element,
// the state is not kept in the URL (the fragment is the page's), a
// region's frame carries its name in data-region, as the page's other
// parts do, and each drawing ends with an "sp-flame-drawn" event on the
// element, for the page's script to mark its frames.
//
// Nothing is fetched: the file works offline, from disk.
(function () {
  "use strict";

  var SVG = "http://www.w3.org/2000/svg";
  var doc = document;

  // One graph, drawn in the <svg> element svg from its data; host is null
  // for sp-flame's page, where the graph is the whole document, else the
  // element of another page (sp-report's) that holds the graph and its
  // data, and to which the keys and the events are scoped.
  function graph(svg, data, host) {
    var T = data.tree, V = data.view;
    var n = T.nodes, sides = T.v.length, diff = sides === 2;
    var W = V.width, RH = V.rowHeight, FS = V.fontSize;
    var CHAR = FS * 0.6;          // a generous width of one character
    var MAXF = V.maxFrames > 0 ? V.maxFrames : Infinity;

    // --- the tree: parents, names, children, times ---

    var parent = new Int32Array(n), name = new Int32Array(n);
    var depth = new Int32Array(n), first = new Int32Array(n);
    var next = new Int32Array(n), last = new Int32Array(n);
    var merged = new Int32Array(n), i, s;
    first.fill(-1);
    next.fill(-1);
    for (i = 0; i < n; i++) {
      parent[i] = i === 0 ? -1 : i - T.tree[2 * i];
      name[i] = T.tree[2 * i + 1];
      if (i > 0) {
        var p = parent[i];
        depth[i] = depth[p] + 1;
        if (first[p] < 0) first[p] = i; else next[last[p]] = i;
        last[p] = i;
      }
    }
    for (i = 0; i < T.merged.length; i += 2)
      merged[T.merged[i]] = T.merged[i + 1];

    function calls(side, k) { return T.v[side][3 * k]; }
    function self(side, k) { return T.v[side][3 * k + 1]; }
    function total(side, k) { return T.v[side][3 * k + 2]; }

    // the time of a node's merged descendants: what its kept children and
    // its own time leave of its total
    var gap = [];
    for (s = 0; s < sides; s++) {
      var g = new Float64Array(n);
      for (i = 0; i < n; i++) g[i] = total(s, i) - self(s, i);
      for (i = 1; i < n; i++) g[parent[i]] -= total(s, i);
      gap.push(g);
    }
    var AFTER = sides - 1, BEFORE = 0;

    // --- numbers as people read them (as sp_flame_out.c writes them) ---

    var UNITS = [[1, "ns"], [1e3, "\u00b5s"], [1e6, "ms"], [1e9, "s"]];
    function fmtNs(ns, sign) {
      var pre = ns < 0 ? "-" : sign && ns > 0 ? "+" : "";
      var a = Math.abs(ns), u = 0, v, dec;
      if (!isFinite(ns)) return "n/a";
      while (u < 3 && a >= UNITS[u + 1][0]) u++;
      for (;;) {
        v = a / UNITS[u][0];
        dec = v >= 99.95 ? 0 : v >= 9.995 ? 1 : 2;
        if (u === 0 && v === Math.floor(v)) dec = 0;
        if (u < 3 && Math.floor(v + 0.5) >= 1000) { u++; continue; }
        break;
      }
      return pre + v.toFixed(dec) + " " + UNITS[u][1];
    }
    function fmtPct(fraction, sign) {
      var v = 100 * fraction;
      if (!isFinite(v)) return "n/a";
      if (Math.abs(v) < 0.005) v = 0;
      return (sign && v > 0 ? "+" : "") + v.toFixed(2) + "%";
    }
    function plural(k, one, many) { return k + " " + (k === 1 ? one : many); }
    // a share that is small but not nothing says so
    function fmtShare(fraction) {
      return fraction > 0 && fraction < 0.00005 ? "<0.01%" : fmtPct(fraction);
    }

    // --- the differential colours (sp_flame_diff.h) ---

    var D = V.diff || null, scale = 1, maxabs = 0;
    function measure(side, k) {
      return D.by === "total" ? total(side, k) : self(side, k);
    }
    function delta(k) {
      var x = measure(AFTER, k) - scale * measure(BEFORE, k);
      return D.negate ? -x : x;
    }
    function kind(k) {
      var a, b, d;
      if (calls(BEFORE, k) === 0 && calls(AFTER, k) > 0) return "added";
      if (calls(BEFORE, k) > 0 && calls(AFTER, k) === 0) return "removed";
      d = delta(k);
      a = scale * measure(BEFORE, k);
      b = measure(AFTER, k);
      if (!(Math.abs(d) > D.minDelta / 100 * Math.max(a, b))) return "same";
      return d > 0 ? "grew" : "shrank";
    }
    if (D) {
      if (D.normalize && total(BEFORE, 0) > 0)
        scale = total(AFTER, 0) / total(BEFORE, 0);
      for (i = 1; i < n; i++)
        if (calls(BEFORE, i) > 0 && calls(AFTER, i) > 0)
          maxabs = Math.max(maxabs, Math.abs(delta(i)));
    }
    function diffFill(k) {
      var c = kind(k), sat, pale;
      if (c === "added") return "rgb(255, 200, 50)";
      if (c === "removed") return "rgb(170, 130, 220)";
      if (c === "same") return "rgb(235, 235, 235)";
      sat = maxabs > 0 ? Math.min(1, Math.abs(delta(k)) / maxabs) : 1;
      pale = Math.round(220 - 180 * sat);
      return c === "grew" ? "rgb(255, " + pale + ", " + pale + ")" :
          "rgb(" + pale + ", " + pale + ", 255)";
    }

    // a graph of one run: warm colours by name, so that a name keeps its
    // colour wherever it is; lane frames blue, the root grey
    function hash(str) {
      var h = 2166136261, j;
      for (j = 0; j < str.length; j++) {
        h ^= str.charCodeAt(j);
        h = Math.imul(h, 16777619) >>> 0;
      }
      return h;
    }
    var nameFill = T.names.map(function (nm, k) {
      var h = hash(nm), a = (h & 255) / 255, b = (h >>> 8 & 255) / 255;
      if (T.kinds[k] === 2) return "rgb(200, 200, 200)";
      if (T.kinds[k] === 1) return "rgb(" + Math.round(150 + 40 * a) + ", " +
          Math.round(180 + 40 * a) + ", 255)";
      return "rgb(" + Math.round(205 + 50 * a) + ", " + Math.round(230 * b) +
          ", " + Math.round(55 * a) + ")";
    });
    var HOT = "rgb(230, 0, 230)", MERGED = "rgb(210, 210, 210)";
    // (maps without a prototype: a region may be called "constructor")
    var byName = Object.create(null);
    T.names.forEach(function (nm, k) { if (!(nm in byName)) byName[nm] = k; });
    function regionFill(nm) {
      return nm in byName ? nameFill[byName[nm]] : MERGED;
    }

    // --- the state ---

    var zoom = 0, query = "", rx = null, widthSide = AFTER;
    var hit = null;               // names the search matches
    var only = null;              // "added" or "removed": only those paths
    var searchError = "";         // why the query is no regular expression
    if (D && D.beforeWidths) widthSide = BEFORE;
    // a node the search highlights: its name matches, and in a diff picked
    // from the lists of paths only one run has, the node is one of them
    function isHit(k) {
      return hit !== null && hit[name[k]] &&
          (only === null || kind(k) === only);
    }

    function pathOf(k) {
      var parts = [];
      for (; k > 0; k = parent[k]) parts.push(T.names[name[k]]);
      return parts.reverse();
    }

    // --- the document: rows of text and the groups the graph goes in ---

    function el(tag, attrs, parentEl) {
      var e = doc.createElementNS(SVG, tag), key;
      for (key in attrs) e.setAttribute(key, attrs[key]);
      if (parentEl) parentEl.appendChild(e);
      return e;
    }
    function label(x, anchor, cls, text) {
      var t = el("text", { x: x, "text-anchor": anchor, "class": cls,
          "dominant-baseline": "central", "font-size": FS });
      t.textContent = text;
      return t;
    }
    var fallback = host ? null : doc.getElementById("sp-fallback");
    if (fallback) fallback.parentNode.removeChild(fallback);
    var top = el("g", {}, svg);
    var title = top.appendChild(label(W / 2, "middle", "sp_title", V.title));
    title.setAttribute("font-size", FS + 2);
    var resetBtn = top.appendChild(label(6, "start", "sp_btn", "Reset zoom"));
    // the search box: an HTML input in the SVG, and a button that clears it
    var searchBox = el("foreignObject", { "class": "sp_search", y: 2,
        height: RH - 4 }, top);
    var input = doc.createElementNS("http://www.w3.org/1999/xhtml", "input");
    input.setAttribute("type", "text");
    input.setAttribute("placeholder", "Search names (regular expression)");
    input.setAttribute("title", "Search the frame names (a JavaScript " +
        "regular expression): as you type, or Enter; \"/\" or Ctrl-F " +
        "comes here, Escape resets");
    input.setAttribute("spellcheck", "false");
    input.setAttribute("autocomplete", "off");
    input.setAttribute("style", "display: block; box-sizing: border-box; " +
        "width: 100%; height: 100%; margin: 0; padding: 0 4px; font: " + FS +
        "px sans-serif; border: 1px solid rgb(150, 150, 150); " +
        "border-radius: 3px");
    searchBox.appendChild(input);
    var clearBtn = top.appendChild(label(0, "middle", "sp_btn sp_clear",
        "\u00d7"));
    clearBtn.setAttribute("font-size", FS + 4);
    el("title", {}, clearBtn).textContent = "Clear the search";
    var widthBtn = null, legend = null;
    if (D) {
      widthBtn = top.appendChild(label(0, "end", "sp_btn", ""));
      legend = el("g", {}, svg);
    }
    var flame = el("g", {}, svg);
    var details = svg.appendChild(label(6, "start", "sp_details", " "));
    var matched = svg.appendChild(label(6, "start", "sp_matched", " "));
    var lists = el("g", {}, svg);
    var callersHead = svg.appendChild(label(6, "start", "sp_callers", " "));
    var callers = el("g", {}, svg);

    // the graph is as wide as the window (at least MINW), laid out again
    // when the window's width changes; --width is the width without one
    var MINW = 300;
    function windowWidth() {
      var w = svg.clientWidth || window.innerWidth || 0;
      return w > 0 ? Math.max(MINW, Math.floor(w)) : V.width;
    }
    W = windowWidth();
    svg.setAttribute("width", "100%");
    // the top row: "Reset zoom" at the left, the search box and its clear
    // button at the right, "Widths" left of them, the title centred in the
    // room between
    function textWidth(t) {
      var w = t.getComputedTextLength ? t.getComputedTextLength() : 0;
      return w > 0 ? w : t.textContent.length * CHAR;
    }
    function layoutTop() {
      var boxW = Math.round(Math.min(260, Math.max(120, W * 0.25)));
      var boxX = W - 26 - boxW, right = boxX - 12, left = 90, tw, tx, cut;
      searchBox.setAttribute("x", boxX);
      searchBox.setAttribute("width", boxW);
      clearBtn.setAttribute("x", W - 13);
      if (widthBtn) {
        widthBtn.setAttribute("x", right);
        right -= textWidth(widthBtn) + 12;
      }
      // centred, or as near the centre as the room allows, cut to fit it
      title.textContent = V.title;
      for (cut = V.title.length; (tw = textWidth(title)) > right - left &&
          cut > 3; cut = Math.floor(cut * 0.9))
        title.textContent = V.title.slice(0, cut - 2) + "..";
      if (cut < V.title.length) el("title", {}, title).textContent = V.title;
      tx = W / 2;
      if (tx + tw / 2 > right) tx = Math.max(left + tw / 2, right - tw / 2);
      if (tx - tw / 2 < left) tx = left + tw / 2;
      title.setAttribute("x", tx);
      [title, resetBtn, clearBtn].concat(widthBtn ? [widthBtn] : []).forEach(
          function (t) { t.setAttribute("y", RH / 2); });
    }

    // --- frames ---

    // the text that fits in w pixels: the name, or its start and "..."
    function fit(text, w) {
      var room = Math.floor((w - 6) / CHAR);
      if (room < 3) return "";
      if (text.length <= room) return text;
      return text.slice(0, room - 2) + "..";
    }
    // white labels on dark fills (as sp_flame_dsvg.c writes them)
    function ink(fill) {
      var c = /rgb\((\d+), (\d+), (\d+)\)/.exec(fill);
      return c && 0.299 * c[1] + 0.587 * c[2] + 0.114 * c[3] < 110 ?
          "rgb(255,255,255)" : "rgb(0,0,0)";
    }
    // a frame: a rect, its label and its tooltip, in group g
    function frame(g, x, y, w, fill, text, tip, idx, cls) {
      var f = el("g", { "class": cls }, g);
      if (idx !== null) f.setAttribute("data-i", idx);
      // in another page, a region's frame names it as that page's other
      // parts do, so that a click on it highlights the region there too
      if (host && idx !== null && T.kinds[name[idx]] === 0)
        f.setAttribute("data-region", T.names[name[idx]]);
      el("rect", { x: x, y: y, width: Math.max(w - 1, 0.5), height: RH - 1,
          fill: fill, rx: 2, ry: 2 }, f);
      var t = fit(text, w);
      if (t) {
        var tx = el("text", { x: x + 3, y: y + RH / 2, "font-size": FS,
            "dominant-baseline": "central", fill: ink(fill) }, f);
        tx.textContent = t;
      }
      el("title", {}, f).textContent = tip;
      return f;
    }

    // the root is no call: it has no calls of its own to count
    function timesOf(side, k) {
      return "total " + fmtNs(total(side, k)) + (k === 0 ? "" : ", self " +
          fmtNs(self(side, k)) + ", " + plural(calls(side, k), "call",
          "calls"));
    }
    function tooltip(k) {
      var path = pathOf(k), lines = [T.names[name[k]]], ws = widthSide;
      var tz = total(ws, zoom), tr = total(ws, 0), tp;
      if (path.length > 1) lines.push(path.join(" > "));
      if (!D) {
        lines.push(timesOf(AFTER, k));
      } else {
        lines.push(data.labels[1] + " (after): " + timesOf(AFTER, k));
        lines.push(data.labels[0] + " (before): " + timesOf(BEFORE, k));
        lines.push(changeText(k));
      }
      tp = k > 0 ? total(ws, parent[k]) : total(ws, k);
      // a frame below the zoomed one is a share of it; one that holds it
      // (drawn across the width) is not
      lines.push((k > 0 ? fmtPct(total(ws, k) / tp) + " of its parent, " :
          "") +
          (depth[k] < depth[zoom] ? "holds the zoomed frame, " :
          fmtPct(total(ws, k) / tz) + " of the zoomed frame, ") +
          fmtPct(total(ws, k) / tr) + " of the run" +
          (D ? " (" + (ws === AFTER ? "after" : "before") + ")" : ""));
      if (merged[k] > 0)
        lines.push(plural(merged[k], "frame", "frames") +
            " below it merged by the node budget: " +
            fmtNs(gap[ws][k]));
      return lines.join("\n");
    }
    // a change as a share of the run that gives the widths (as
    // flamegraph.pl's tooltip gives it of the after profile), the before run
    // scaled as the change is; of the other run when that one has no time
    function runShare(d) {
      var a = scale * total(BEFORE, 0), b = total(AFTER, 0);
      var side = widthSide === AFTER ? 1 : 0;
      if ((side === 1 ? b : a) <= 0) side = 1 - side;
      if ((side === 1 ? b : a) <= 0) return "";
      return ", " + fmtPct(d / (side === 1 ? b : a), true) +
          (side === 1 ? " of the after run" : " of the before run");
    }
    // the change of a frame in words: in time, as a share of its own before
    // time and of the run; the root, which has no time of its own, by the
    // runs' whole times
    function changeText(k) {
      var c = kind(k), what = D.by === "total" || k === 0 ? "total" : "self";
      var order = D.negate ? "before - after" : "after - before";
      var base = scale * (k === 0 ? total(BEFORE, 0) : measure(BEFORE, k));
      var d = k === 0 ? total(AFTER, 0) - base : delta(k);
      if (k === 0 && D.negate) d = -d;
      if (c === "added" || c === "removed")
        return "only in the " + (c === "added" ? "after" : "before") +
            " run: " + fmtNs(d, true) + runShare(d);
      return order + " (" + what + (scale !== 1 ? ", before normalized" : "") +
          "): " + fmtNs(d, true) +
          (base > 0 ? " (" + fmtPct(d / base, true) + ")" : "") + runShare(d) +
          (k > 0 && c === "same" && d !== 0 ? ", within the noise floor" : "");
    }
    function fillOf(k) {
      if (isHit(k)) return HOT;
      return D ? diffFill(k) : nameFill[name[k]];
    }

    // --- the layout ---

    // the nodes to draw below zoom: wide enough, at most maxFrames, widest
    // first (a parent is never narrower than its child, nor later)
    function choose(ws) {
      var tz = total(ws, zoom), min = V.threshold * tz, out = [];
      var stack = [zoom];
      var k, c;
      if (!(tz > 0)) return [zoom];
      while (stack.length) {
        k = stack.pop();
        out.push(k);
        for (c = first[k]; c >= 0; c = next[c])
          if (total(ws, c) > 0 && total(ws, c) >= min) stack.push(c);
      }
      if (out.length > MAXF) {
        out.sort(function (a, b) {
          return total(ws, b) - total(ws, a) || a - b;
        });
        out.length = MAXF;
      }
      return out;
    }

    // how wide the merged descendants of node k are drawn (0: not drawn)
    function mergedWidth(ws, k, tz) {
      var gw = merged[k] > 0 && tz > 0 ? gap[ws][k] * W / tz : 0;
      return gw >= 1 ? gw : 0;
    }

    var drawnFrames = 0;
    function drawFlame() {
      var ws = widthSide, tz = total(ws, zoom);
      var keep = choose(ws), isIn = new Uint8Array(n), x = new Float64Array(n);
      var maxd = depth[zoom], j, k, c, y0;
      while (flame.firstChild) flame.removeChild(flame.firstChild);
      for (j = 0; j < keep.length; j++) {
        k = keep[j];
        isIn[k] = 1;
        maxd = Math.max(maxd, depth[k] + (mergedWidth(ws, k, tz) ? 1 : 0));
      }
      y0 = RH * (legend ? 2 : 1);
      function yOf(d) { return y0 + (maxd - d) * RH; }
      // what holds the zoomed frame spans the width
      for (c = parent[zoom]; c >= 0; c = parent[c])
        frame(flame, 0, yOf(depth[c]), W, fillOf(c), T.names[name[c]],
            tooltip(c), c, "f ctx");
      // the zoomed frame and its subtree, preorder: children from the left
      drawnFrames = 0;
      x[zoom] = 0;
      // (preorder: the subtree of zoom follows it, each node after its
      // parent, which has placed it)
      for (j = zoom; j < n && (j === zoom || depth[j] > depth[zoom]); j++) {
        if (!isIn[j]) continue;
        var w = tz > 0 ? total(ws, j) * W / tz : W, off = x[j], gw;
        frame(flame, x[j], yOf(depth[j]), w, fillOf(j), T.names[name[j]],
            tooltip(j), j, "f");
        drawnFrames++;
        // the children are laid from the left edge, each as wide as it is
        for (c = first[j]; c >= 0; c = next[c]) {
          x[c] = off;
          off += tz > 0 ? total(ws, c) * W / tz : 0;
        }
        if ((gw = mergedWidth(ws, j, tz)) > 0)
          frame(flame, off, yOf(depth[j] + 1), gw, MERGED,
              "[" + merged[j] + " merged]",
              plural(merged[j], "frame", "frames") + " below " +
              T.names[name[j]] + ", merged by the node budget (--max-nodes)" +
              ": " + fmtNs(gap[ws][j]) + ", " + fmtPct(gap[ws][j] / tz) +
              " of the zoomed frame", null, "f merged");
      }
      var h = yOf(0) + RH;       // the root's row is the lowest
      resetBtn.setAttribute("visibility", zoom > 0 ? "visible" : "hidden");
      return h;
    }

    // --- search ---

    // the share of the run, and of the zoomed frame, that matches: the
    // outermost matched nodes, and what merging leaves unknown.  Unzoomed,
    // the zoomed frame is the run; zoomed, the frame holds no more than the
    // run's match less what is known to match outside it.
    function tally() {
      var ws = widthSide, under = new Uint8Array(n);
      var inZoom = new Uint8Array(n);
      var run = 0, z = 0, unknownRun = 0, unknownZoom = 0, k, one = -1;
      var cnt = 0;
      var outside, most;
      inZoom[zoom] = 1;
      for (k = 0; k < n; k++) {
        var p = parent[k], m = isHit(k);
        if (k > 0) {
          under[k] = under[p];
          if (inZoom[p]) inZoom[k] = 1;
        }
        if (m && !under[k]) {
          run += total(ws, k);
          if (inZoom[k]) z += total(ws, k);
        }
        if (m) under[k] = 1;
        if (!under[k] && merged[k] > 0) {
          unknownRun += gap[ws][k];
          if (inZoom[k]) unknownZoom += gap[ws][k];
        }
      }
      outside = run - z;
      for (k = 0; k < T.names.length; k++)
        if (hit[k]) { one = k; cnt++; }
      // one name: its outermost time over the whole tree is known exactly
      if (only === null && cnt === 1 && T.kinds[one] !== 2) {
        run = T.outer[ws][one];
        unknownRun = 0;
      }
      if (zoom === 0) return { run: run, zoom: run, unknownRun: unknownRun,
          unknownZoom: unknownRun };
      // a zoomed frame inside a match is all matched
      for (k = zoom; k >= 0; k = parent[k])
        if (isHit(k)) return { run: run, zoom: total(ws, zoom),
            unknownRun: unknownRun, unknownZoom: 0 };
      most = run + unknownRun - outside - z;
      if (unknownZoom > most) unknownZoom = Math.max(0, most);
      return { run: run, zoom: z, unknownRun: unknownRun,
          unknownZoom: unknownZoom };
    }
    function sideRun() {
      return D ? " of the " + (widthSide === AFTER ? "after" : "before") +
          " run" : " of the run";
    }
    function onlyText() {
      return only === null ? "" : " only in the " +
          (only === "added" ? "after" : "before") + " run";
    }
    // what the search highlights, in words
    function searchWhat() {
      return (query ? "/" + query + "/" : "every path") + onlyText();
    }
    function showMatch() {
      matched.setAttribute("fill", searchError ? "rgb(200, 0, 0)" :
          "rgb(0, 0, 0)");
      ["data-run", "data-zoom", "data-unknown-run", "data-unknown-zoom"]
          .forEach(function (a) { matched.removeAttribute(a); });
      if (searchError) { matched.textContent = searchError; return; }
      if (!hit) { matched.textContent = " "; return; }
      var t = tally(), tr = total(widthSide, 0), tz = total(widthSide, zoom);
      var cut = T.merged_nodes > 0, aRun = cut && t.unknownRun > 0;
      var aZoom = cut && zoom > 0 && t.unknownZoom > 0;
      var text = "Matched" + (only ? " (" + searchWhat() + ")" : "") + ": " +
          (aRun ? "\u2248" : "") + fmtPct(t.run / tr) + sideRun();
      if (zoom > 0)
        text += " (" + (aZoom ? "\u2248" : "") + fmtPct(t.zoom / tz) +
            " of the zoomed frame)";
      // what the merged frames hold is not known: say how much it could be
      if (aRun || aZoom)
        text += "; approximate: up to " + (aRun ? fmtShare(t.unknownRun /
            tr) + sideRun() : "") + (aRun && aZoom ? " and " : "") +
            (aZoom ? fmtShare(t.unknownZoom / tz) + " of the zoomed frame" :
            "") + " more, in " + (aRun && zoom === 0 ? "the " +
            plural(T.merged_nodes, "frame", "frames") : "frames") +
            " merged by the node budget";
      matched.textContent = text;
      // the numbers behind the text, for the tests
      matched.setAttribute("data-run", t.run / tr);
      matched.setAttribute("data-zoom", t.zoom / tz);
      matched.setAttribute("data-unknown-run", aRun ? t.unknownRun / tr : 0);
      matched.setAttribute("data-unknown-zoom", aZoom ? t.unknownZoom / tz :
          aRun && zoom === 0 ? t.unknownRun / tr : 0);
    }
    // the search: a regular expression on the names, and in a diff
    // optionally only the paths one run lacks ("added", "removed"); a query
    // that is no regular expression highlights nothing and says why
    function setSearch(q, o) {
      query = q || "";
      only = D && (o === "added" || o === "removed") ? o : null;
      hit = null;
      rx = null;
      searchError = "";
      if (query !== "") {
        try {
          rx = new RegExp(query);
        } catch (err) {
          searchError = "Search: /" + query + "/ is not a regular " +
              "expression: " + String(err.message).replace(
              /^Invalid regular expression: \/.*\/[a-z]*: /, "");
          only = null;
          return false;
        }
        hit = T.names.map(function (nm) { return rx.test(nm); });
      } else if (only) {
        hit = T.names.map(function () { return true; });
      }
      return true;
    }

    // --- the callers view: who calls the search match, or the zoomed
    // frame's region, from everywhere ---

    function callerBase() {
      var base = [], under = new Uint8Array(n), k, want;
      if (hit) want = isHit;
      else if (zoom > 0)
        want = function (j) { return name[j] === name[zoom]; };
      else return null;
      for (k = 0; k < n; k++) {
        if (k > 0) under[k] = under[parent[k]];
        if (want(k) && T.kinds[name[k]] !== 2) {
          if (!under[k]) base.push(k);
          under[k] = 1;
        }
      }
      return base;
    }
    function callerTree(base) {
      var ws = widthSide, j;
      var rootNode = { w: 0, kids: Object.create(null), label: "" };
      for (j = 0; j < base.length; j++) {
        var b = base[j], w = total(ws, b), t = rootNode, p;
        rootNode.w += w;
        // up to the root, which stands for "called at the top"
        for (p = parent[b]; p >= 0; p = parent[p]) {
          var nm = T.names[name[p]];
          t = t.kids[nm] || (t.kids[nm] = { w: 0, kids: Object.create(null),
              label: nm });
          t.w += w;
        }
      }
      return rootNode;
    }
    function drawCallers(y) {
      var base = callerBase(), count = 0, what, rootNode, maxd = 0;
      while (callers.firstChild) callers.removeChild(callers.firstChild);
      if (!base) {
        callersHead.textContent = "Callers: zoom into a frame, or search, " +
            "to see who calls it";
        return y + RH;
      }
      what = hit ? searchWhat() : T.names[name[zoom]];
      rootNode = callerTree(base);
      callersHead.textContent = "Callers of " + what + " (who calls it, " +
          "from every place: " + plural(base.length, "path", "paths") + ", " +
          (T.merged_nodes > 0 ? "\u2248" : "") + fmtNs(rootNode.w) + ")";
      if (!(rootNode.w > 0)) return y + RH;
      var min = V.threshold * rootNode.w, queue = [[rootNode, 0, 0]], head = 0;
      while (head < queue.length && count < MAXF) {
        var q = queue[head++], t = q[0], x = q[1], d = q[2];
        var w = t.w * W / rootNode.w, tip;
        tip = (d === 0 ? what : t.label + " calling it") + "\n" +
            fmtNs(t.w) + ", " + fmtPct(t.w / rootNode.w) + " of " + what;
        frame(callers, x, y + RH + d * RH, w, d === 0 ? HOT :
            regionFill(t.label),
            d === 0 ? what : t.label, tip, null, "f caller");
        count++;
        if (d > maxd) maxd = d;
        var keys = Object.keys(t.kids).sort(), off = x;
        for (var j = 0; j < keys.length; j++) {
          var c = t.kids[keys[j]];
          if (c.w >= min && c.w > 0) queue.push([c, off, d + 1]);
          off += c.w * W / rootNode.w;
        }
      }
      return y + RH + (maxd + 1) * RH;
    }

    // --- the paths only one run has (a diff): by name, the largest first ---

    var LISTMAX = 20;             // names listed for each run, the largest
    // for kind c ("added", "removed"): the outermost nodes of that kind,
    // their time in the run that has them, added up by name
    function onlyOf(c) {
      var side = c === "added" ? AFTER : BEFORE, under = new Uint8Array(n);
      var byNm = Object.create(null), out = [], all = 0, paths = 0, k, e;
      for (k = 1; k < n; k++) {
        under[k] = under[parent[k]];
        if (under[k] || kind(k) !== c) continue;
        under[k] = 1;
        e = byNm[name[k]] || (byNm[name[k]] = { nm: name[k], ns: 0,
            paths: 0 });
        e.ns += total(side, k);
        e.paths++;
        all += total(side, k);
        paths++;
      }
      for (k in byNm) out.push(byNm[k]);
      out.sort(function (x, y) { return y.ns - x.ns || x.nm - y.nm; });
      return { side: side, names: out, ns: all, paths: paths };
    }
    var onlyLists = D ? [["added", onlyOf("added")],
        ["removed", onlyOf("removed")]] : [];

    function escapeRx(str) {
      return str.replace(/[.*+?^${}()|[\]\\\/]/g, "\\$&");
    }
    // highlight the paths only one run has (of one name, or all): as a
    // search, in the widths of the run that has them, zoomed out when the
    // zoomed frame holds none of them
    function pick(c, nm) {
      var side = c === "added" ? AFTER : BEFORE, k, any = false;
      setSearch(nm >= 0 ? "^" + escapeRx(T.names[nm]) + "$" : "", c);
      input.value = query;
      widthSide = side;
      for (k = zoom; k < n && (k === zoom || depth[k] > depth[zoom]); k++)
        if (isHit(k)) { any = true; break; }
      if (!any || total(widthSide, zoom) === 0) zoom = 0;
      draw();
      saveState();
    }
    // rows of words from the left, wrapped at the width: [text, class,
    // onclick, name]; each as wide as the browser draws it
    function flow(items, y) {
      var x = 6, j, t, w;
      for (j = 0; j < items.length; j++) {
        t = lists.appendChild(label(x, "start", items[j][1], items[j][0]));
        t.setAttribute("y", y + RH / 2);
        if (/ sp_picked/.test(items[j][1]))
          t.setAttribute("font-weight", "bold");
        w = t.getComputedTextLength ? t.getComputedTextLength() : 0;
        if (!(w > 0)) w = items[j][0].length * CHAR;
        if (x > 6 && x + w > W - 6) {
          x = 24;
          y += RH;
          t.setAttribute("x", x);
          t.setAttribute("y", y + RH / 2);
        }
        if (items[j][2]) t.addEventListener("click", items[j][2]);
        if (items[j][3]) t.setAttribute("data-name", items[j][3]);
        x += w + FS / 2;
      }
      return y + RH;
    }
    // under the graph, in a diff: for each run, the paths only it has, by
    // name, the largest LISTMAX, then how many more; a click highlights them
    function drawLists(y) {
      var j, k, L, c, items, room, rest, restNs, cls, what, nm;
      while (lists.firstChild) lists.removeChild(lists.firstChild);
      for (j = 0; j < onlyLists.length; j++) {
        c = onlyLists[j][0];
        L = onlyLists[j][1];
        what = c === "added" ? "after" : "before";
        var tr = total(L.side, 0), of = " of the " + what + " run";
        var head = "Only in " + what + " (" + (c === "added" ? "gold" :
            "purple") + "): ";
        if (L.paths === 0) items = [[head + "none", "sp_only_none", null]];
        else items = [[head + plural(L.paths, "path", "paths") + ", " +
            (T.merged_nodes > 0 ? "\u2248" : "") + fmtShare(L.ns / tr) + of +
            ":", "sp_btn sp_only_all sp_only_" + c, pick.bind(null, c, -1)]];
        room = Math.min(L.names.length, LISTMAX);
        for (k = 0; k < room; k++) {
          nm = L.names[k].nm;
          cls = "sp_btn sp_only sp_only_" + c;
          if (only === c && query === "^" + escapeRx(T.names[nm]) + "$")
            cls += " sp_picked";
          items.push([fit(T.names[nm], 40 * CHAR) + " " +
              fmtShare(L.names[k].ns / tr) + (L.names[k].paths > 1 ? " (" +
              plural(L.names[k].paths, "path", "paths") + ")" : "") +
              (k + 1 < L.names.length ? "," : ""), cls, pick.bind(null, c, nm),
              T.names[nm]]);
        }
        if (L.names.length > room) {
          rest = L.names.length - room;
          restNs = 0;
          for (k = room; k < L.names.length; k++) restNs += L.names[k].ns;
          items.push(["and " + plural(rest, "name", "names") + " more, " +
              fmtShare(restNs / tr), "sp_only_rest", null]);
        }
        y = flow(items, y);
      }
      return y;
    }

    // --- putting it together ---

    function legendText() {
      var by = D.by === "total" ? "total" : "self";
      return "red: grew, blue: shrank (" + by + " time" +
          (D.negate ? ", negated: before - after" : "") +
          (scale !== 1 ? ", before normalized x" + scale.toFixed(4) : "") +
          (D.minDelta > 0 ? ", changes of at most " + D.minDelta +
          "% are grey" : "") + "; full colour: " + fmtNs(maxabs) +
          "); gold: only in after, purple: only in before";
    }
    function draw() {
      var h, y;
      if (legend) {
        while (legend.firstChild) legend.removeChild(legend.firstChild);
        var lt = legend.appendChild(label(6, "start", "sp_legend",
            legendText()));
        lt.setAttribute("y", RH * 1.5);
        widthBtn.textContent = "Widths: " + (widthSide === AFTER ?
            "after" : "before");
      }
      layoutTop();
      h = drawFlame();
      details.setAttribute("y", h + RH / 2);
      matched.setAttribute("y", h + RH * 1.5);
      showMatch();
      y = drawLists(h + RH * 2);
      callersHead.setAttribute("y", y + RH / 2);
      y = drawCallers(y);
      svg.setAttribute("height", y);
      svg.setAttribute("viewBox", "0 0 " + W + " " + y);
      svg.setAttribute("data-frames", drawnFrames);
      if (host)
        host.dispatchEvent(new CustomEvent("sp-flame-drawn",
            { bubbles: true }));
    }

    // the state as a URL fragment: zoom=the path's names, search, in a diff
    // only=added|removed and widths; not in another page, whose fragment
    // is its own
    function saveState() {
      var parts = [];
      if (host) return;
      if (zoom > 0) parts.push("zoom=" + pathOf(zoom).map(
          encodeURIComponent).join("/"));
      if (query) parts.push("search=" + encodeURIComponent(query));
      if (only) parts.push("only=" + only);
      if (D && widthSide !== (D.beforeWidths ? BEFORE : AFTER))
        parts.push("widths=" + (widthSide === AFTER ? "after" : "before"));
      var h = parts.length ? "#" + parts.join("&") : "";
      if (h === location.hash || (h === "" && location.hash === "")) return;
      try {
        history.replaceState(null, "", h || location.pathname +
            location.search);
      } catch (err) {
        location.hash = h;
      }
    }
    function find(pathNames) {
      var k = 0, j, c;
      for (j = 0; j < pathNames.length; j++) {
        for (c = first[k]; c >= 0; c = next[c])
          if (T.names[name[c]] === pathNames[j]) break;
        if (c < 0) break;
        k = c;
      }
      return k;
    }
    function loadState() {
      var h = host ? "" : location.hash.replace(/^#/, "");
      var kv = Object.create(null);
      h.split("&").forEach(function (part) {
        var at = part.indexOf("=");
        if (at > 0) kv[part.slice(0, at)] = part.slice(at + 1);
      });
      zoom = kv.zoom ? find(kv.zoom.split("/").map(decodeURIComponent)) : 0;
      setSearch(kv.search ? decodeURIComponent(kv.search) : "", kv.only);
      input.value = query;
      if (D) widthSide = kv.widths === "before" ? BEFORE :
          kv.widths === "after" ? AFTER : D.beforeWidths ? BEFORE : AFTER;
    }

    function zoomTo(k) {
      zoom = k;
      draw();
      saveState();
    }
    // search for what the box holds (typing: once it rests for a moment)
    var typing = 0, TYPING_MS = 250;
    function search() {
      clearTimeout(typing);
      if (input.value === query && only === null) return;
      setSearch(input.value);
      draw();
      saveState();
    }
    function clearSearch() {
      clearTimeout(typing);
      input.value = "";
      setSearch("");
      draw();
      saveState();
    }
    function reset() {
      clearTimeout(typing);
      zoom = 0;
      input.value = "";
      setSearch("");
      draw();
      saveState();
    }

    function frameIndex(ev) {
      var t = ev.target;
      while (t && t !== flame && !(t.getAttribute && t.getAttribute("data-i")))
        t = t.parentNode;
      return t && t !== flame ? +t.getAttribute("data-i") : -1;
    }
    flame.addEventListener("click", function (ev) {
      var k = frameIndex(ev);
      if (k >= 0) zoomTo(k);
    });
    flame.addEventListener("mouseover", function (ev) {
      var k = frameIndex(ev);
      if (k < 0) return;
      details.textContent = T.names[name[k]] + ": " + (D ? "after " +
          fmtNs(total(AFTER, k)) + ", before " + fmtNs(total(BEFORE, k)) +
          ", " + changeText(k) : timesOf(AFTER, k) + ", " +
          fmtPct(total(AFTER, k) / total(AFTER, 0)) + " of the run");
    });
    flame.addEventListener("mouseout", function () {
      details.textContent = " ";
    });
    resetBtn.addEventListener("click", reset);
    clearBtn.addEventListener("click", clearSearch);
    input.addEventListener("input", function () {
      clearTimeout(typing);
      typing = setTimeout(search, TYPING_MS);
    });
    input.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter") {
        ev.preventDefault();
        search();
      }
    });
    if (widthBtn) widthBtn.addEventListener("click", function () {
      widthSide = widthSide === AFTER ? BEFORE : AFTER;
      if (total(widthSide, zoom) === 0) zoom = 0;
      draw();
      saveState();
    });
    // Escape resets; "/" (but in the box, where it is typed) and Ctrl-F
    // go to the search box: anywhere in sp-flame's page, in another page
    // only when the focus is in the graph's host
    (host || doc).addEventListener("keydown", function (ev) {
      var toBox = (ev.ctrlKey || ev.metaKey) && (ev.key === "f" ||
          ev.key === "F");
      if (ev.key === "Escape") {
        reset();
        input.blur();
      } else if (toBox || (ev.key === "/" && ev.target !== input)) {
        ev.preventDefault();
        input.focus();
        input.select();
      }
    });
    if (!host)
      window.addEventListener("hashchange", function () {
        loadState();
        draw();
      });
    var resizing = 0;
    window.addEventListener("resize", function () {
      clearTimeout(resizing);
      resizing = setTimeout(function () {
        var w = windowWidth();
        if (w === W) return;
        W = w;
        draw();
      }, 100);
    });

    loadState();
    draw();
    // for the tests: drawn, and how long after the navigation began
    svg.setAttribute("data-ready", "1");
    if (window.performance && performance.now)
      svg.setAttribute("data-ready-ms", Math.round(performance.now()));
  }

  // sp-flame's page is the graph; another page holds its graphs in
  // elements of class sp-flame, each with its data and its <svg>
  var root = doc.documentElement, hosts, j;
  if (root.namespaceURI === SVG) {
    graph(root, JSON.parse(doc.getElementById("sp-data").textContent),
        null);
  } else {
    hosts = doc.querySelectorAll(".sp-flame");
    for (j = 0; j < hosts.length; j++)
      graph(hosts[j].querySelector("svg"), JSON.parse(hosts[j].querySelector(
          "script[type='application/json']").textContent), hosts[j]);
  }
})();
