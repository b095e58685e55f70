/* sp-report's script: highlight, filter, sort, collapse, per-rank detail.
 * It reads the names and per-rank records of each run from its
 * <script type="application/json" class="sp-data"> and fetches nothing. */
(function () {
  "use strict";
  var sections = document.querySelectorAll("section.run");
  var data = [];

  function runOf(el) { return el.closest("section.run"); }
  function dataOf(sec) { return data[Array.prototype.indexOf.call(sections, sec)]; }

  /* Every part of the page that stands for a region carries its name in
   * data-region (sp-scale's chart lines in data-name), so that a region
   * is found by name in every run and in the comparisons.  The flame
   * graphs' frames (sp-flame's script draws them, again at each zoom)
   * are looked up when they are drawn. */
  var byName = new Map();
  var FLAME = "svg.flamegraph";
  function regionOf(el) {
    var r = el.getAttribute("data-region");
    return r !== null ? r : el.getAttribute("data-name");
  }
  function indexRegions() {
    var els = document.querySelectorAll("[data-region], .scalechart g.series[data-name]"), i;
    for (i = 0; i < els.length; i++) {
      if (els[i].closest(FLAME)) continue;
      var r = regionOf(els[i]);
      if (!byName.has(r)) byName.set(r, []);
      byName.get(r).push(els[i]);
    }
  }

  /* Click a region anywhere: highlighted everywhere; again: cleared. */
  var lit = null;
  function lightFlames(scope) {
    var f = scope.querySelectorAll(FLAME + " g[data-region]"), i;
    for (i = 0; i < f.length; i++)
      f[i].classList.toggle("hl", f[i].getAttribute("data-region") === lit);
  }
  function highlight(region) {
    var i, on = lit !== null ? byName.get(lit) || [] : [];
    for (i = 0; i < on.length; i++) on[i].classList.remove("hl");
    if (region === lit || region === null) lit = null;
    else {
      lit = region;
      on = byName.get(region) || [];
      for (i = 0; i < on.length; i++) on[i].classList.add("hl");
    }
    lightFlames(document);
  }

  function fmt(v) { return v === null ? "-" : v.toFixed(6); }

  /* A row's per-rank detail: rank, calls, total, avg, min, max. */
  function detail(tr) {
    var next = tr.nextElementSibling;
    if (next && next.classList.contains("detail")) { next.remove(); return; }
    var region = tr.getAttribute("data-ri");
    var d = dataOf(runOf(tr));
    if (region === null || !d) return;
    var recs = d.ranks[+region] || [];
    var row = document.createElement("tr"), td = document.createElement("td");
    row.className = "detail";
    td.colSpan = tr.children.length;
    var t = document.createElement("table"), h = t.insertRow(), i, k;
    ["rank", "calls", "total [s]", "avg [s]", "min [s]", "max [s]"].forEach(function (s) {
      var th = document.createElement("th"); th.textContent = s; h.appendChild(th);
    });
    for (i = 0; i < recs.length; i++) {
      var r = t.insertRow();
      for (k = 0; k < 6; k++)
        r.insertCell().textContent = k < 2 ? String(recs[i][k]) : fmt(recs[i][k]);
    }
    var cap = document.createElement("div");
    cap.textContent = d.names[+region] + ": " + recs.length + " rank(s) with calls";
    td.appendChild(cap);
    td.appendChild(t);
    row.appendChild(td);
    tr.after(row);
  }

  function cellValue(tr, k) {
    var s = tr.children[k] ? tr.children[k].textContent.trim() : "";
    var x = parseFloat(s);
    return isNaN(x) ? null : x;
  }

  /* Headers sort on click, flattening the tree; a third click restores it. */
  function sortBy(th) {
    var table = th.closest("table"), body = table.tBodies[0];
    var k = +th.getAttribute("data-k"), rows = [], i;
    var state = th.classList.contains("desc") ? "asc" :
      th.classList.contains("asc") ? "" : "desc";
    var ths = table.querySelectorAll("th");
    for (i = 0; i < ths.length; i++) ths[i].classList.remove("asc", "desc");
    var det = body.querySelectorAll("tr.detail");
    for (i = 0; i < det.length; i++) det[i].remove();
    for (i = 0; i < body.rows.length; i++) rows.push(body.rows[i]);
    if (!table.spOrder) table.spOrder = rows.slice();
    if (state === "") rows = table.spOrder.slice();
    else {
      th.classList.add(state);
      rows.sort(function (a, b) {
        var x, y;
        if (k === 0) {
          x = a.children[0].textContent.replace(/^[\s\u2502\u2514\u2500]+/, "");
          y = b.children[0].textContent.replace(/^[\s\u2502\u2514\u2500]+/, "");
          return (state === "asc" ? 1 : -1) * (x < y ? -1 : x > y ? 1 : 0);
        }
        x = cellValue(a, k); y = cellValue(b, k);
        if (x === y) return 0;
        if (x === null) return 1;
        if (y === null) return -1;
        return state === "asc" ? x - y : y - x;
      });
    }
    for (i = 0; i < rows.length; i++) body.appendChild(rows[i]);
  }

  function collapse(sec, all) {
    var rows = sec.querySelectorAll("table.tree tbody tr"), i;
    for (i = 0; i < rows.length; i++) {
      if (rows[i].classList.contains("detail")) { if (all) rows[i].remove(); continue; }
      rows[i].classList.toggle("folded", all && +rows[i].getAttribute("data-d") > 0);
    }
    apply();
  }

  /* The filter: comma-separated terms, any case; ^ anchors at the start. */
  var terms = [];
  function matches(name) {
    if (!terms.length) return true;
    var n = name.toLowerCase();
    return terms.some(function (t) {
      return t.charAt(0) === "^" ? n.indexOf(t.slice(1)) === 0 : n.indexOf(t) >= 0;
    });
  }

  function apply() {
    var shown = 0, total = 0, s, i;
    for (s = 0; s < data.length; s++) {
      if (!data[s]) continue;
      total += data[s].names.length;
      shown += data[s].names.filter(matches).length;
    }
    var els = document.querySelectorAll("tbody tr[data-region], .hs[data-region], " +
      "figure.imb[data-region], figure.hist[data-region], " +
      "svg:not(.flamegraph) g[data-region]");
    for (i = 0; i < els.length; i++) {
      var hide = !matches(els[i].getAttribute("data-region")) ||
        els[i].classList.contains("folded");
      els[i].classList.toggle("hidden", hide);
    }
    var out = document.querySelectorAll(".hs.outside");
    for (i = 0; i < out.length; i++) out[i].classList.toggle("hidden", terms.length > 0);
    var c = document.getElementById("filter-count");
    if (c) c.textContent = shown + " of " + total + " regions";
  }

  function init() {
    var s, timer = null;
    for (s = 0; s < sections.length; s++) {
      var el = sections[s].querySelector("script.sp-data");
      try { data[s] = el ? JSON.parse(el.textContent) : null; }
      catch (err) { data[s] = null; }
    }
    indexRegions();
    document.addEventListener("sp-flame-drawn", function (ev) { lightFlames(ev.target); });
    document.addEventListener("click", function (ev) {
      var t = ev.target, sec = runOf(t), el;
      if ((el = t.closest("th[data-k]"))) { sortBy(el); return; }
      if (sec && (el = t.closest("button[data-act]"))) {
        collapse(sec, el.getAttribute("data-act") === "collapse"); return;
      }
      if (t.closest("tr.detail")) return;
      el = t.closest("[data-region], .scalechart g.series[data-name]");
      if (!el) return;
      var region = regionOf(el);
      if (sec && el.matches("table.tree tbody tr")) detail(el);
      highlight(region);
      if (sec && el.classList.contains("hs")) {
        var row = sec.querySelector("table.tree tbody tr.hl");
        if (row) row.scrollIntoView({ block: "nearest" });
      }
    });
    var box = document.getElementById("filter-box");
    if (box) box.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        terms = box.value.split(",").map(function (t) { return t.trim().toLowerCase(); })
          .filter(function (t) { return t.length > 0 && t !== "^"; });
        apply();
      }, 150);
    });
    window.addEventListener("beforeprint", function () {
      var d = document.querySelectorAll("details"), i;
      for (i = 0; i < d.length; i++) d[i].open = true;
    });
    apply();
  }
  init();
}());
