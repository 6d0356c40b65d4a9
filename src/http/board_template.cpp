// The board's page: the library, a pasted record, the card table, the table drawn as cards,
// the legal moves in words with their values, the tree of lines played, the evaluation chart
// of `analyse`. Every answer comes from the API (specs/serve.md); the page decides nothing
// about the game. The DOM is built with createElement and textContent only.
#include "http/board_template.h"

namespace conquian::http {

const char* const kBoardStyle =
    R"CSS(body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 10px; background: #f4f1ea; color: #222; }
h1 { font-size: 18px; margin: 0 0 6px 0; }
h2 { font-size: 14px; margin: 8px 0 4px 0; }
#main { display: flex; gap: 14px; align-items: flex-start; }
#left { width: 300px; font-size: 13px; }
#felt { background: #2f6b43; border-radius: 10px; padding: 10px; min-width: 600px; color: #f4f1ea; }
#controls { margin: 8px 0; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
button { font-size: 14px; padding: 2px 8px; }
#side { width: 460px; font-size: 13px; }
.box { background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: 6px; margin-bottom: 8px; }
#legal div, #tree div, #library div { padding: 2px 4px; cursor: pointer; }
#legal div:hover, #tree div:hover, #library div:hover { background: #f5e3a1; }
#tree div.current { background: #f5e3a1; font-weight: bold; }
#tree, #library, #legal { max-height: 260px; overflow-y: auto; }
#tree div.variation { padding-left: 18px; color: #555; }
.value { float: right; color: #555; }
.illegal { color: #c0392b; } .legal { color: #1e8449; }
#status { min-height: 18px; color: #8b1e2d; }
#seal { font-family: monospace; font-size: 11px; word-break: break-all; }
textarea { width: 290px; height: 90px; font-size: 11px; }
pre { font-size: 11px; white-space: pre-wrap; max-height: 200px; overflow-y: auto; }
.cls-blunder { color: #c0392b; } .cls-mistake { color: #d35400; }
#legal div.take { font-weight: bold; }
#legal div.lay, #legal div.choice { padding-left: 18px; }
#legal div.lay { color: #555; } #legal div.lay.picked { color: #222; text-decoration: underline; }
#legal div.choice div.move { padding-left: 18px; }
)CSS";

const char* const kBoardBody = R"HTML(<body>
<h1>conquian board</h1>
<div id="status"></div>
<div id="main">
  <div id="left">
    <h2>Library</h2>
    <div id="library" class="box"></div>
    <h2>Paste a record</h2>
    <textarea id="paste" spellcheck="false"></textarea><br>
    <select id="paste-format"><option>detect</option><option>yaml</option><option>json</option><option>jsonl</option></select>
    <button id="paste-open">Open</button>
    <h2>Card table</h2>
    <div class="box">
      <select id="table-ruleset"></select>
      <select id="table-seat"><option value="0">seat 0</option><option value="1">seat 1</option></select>
      <select id="table-player"></select>
      <select id="table-swap"><option value="">swap as the ruleset</option><option value="1">swap on</option><option value="0">swap off</option></select>
      <select id="table-forcing"><option value="">forcing as the ruleset</option><option value="1">forcing on</option><option value="0">forcing off</option></select>
      <select id="table-match"><option value="">one deal</option><option value="3">a match to 3 points</option><option value="5">a match to 5 points</option></select>
      <button id="table-new">Deal</button>
      <div id="match"></div>
      <button id="table-next" disabled>Next deal of the match</button>
      <div id="seal"></div>
    </div>
    <h2>Cards</h2>
    <div class="box">
      <select id="look"><option value="">as the deck</option><option value="spanish">the Spanish look</option><option value="french">the French look</option></select>
    </div>
  </div>
  <div>
    <div id="title"></div>
    <div id="controls">
      <button id="first" title="Home">&#x25C0;&#x25C0;</button>
      <button id="prev" title="Left arrow">&#x25C0;</button>
      <button id="next" title="Right arrow">&#x25B6;</button>
      <button id="last" title="End">&#x25B6;&#x25B6;</button>
      <button id="mainline" title="m">main line</button>
      <span id="ply"></span>
    </div>
    <div id="felt">
      <div id="seats"></div>
      <div id="middle">
        <div><div class="what">stock</div><div id="stock"></div></div>
        <div><div class="what">face up</div><div id="up" class="row"></div></div>
        <div><div class="what">dead</div><div id="dead" class="row"></div></div>
      </div>
      <div id="next-text"></div>
    </div>
    <pre id="table-text"></pre>
  </div>
  <div id="side">
    <h2>Moves</h2>
    <div class="box">
      <select id="mode"><option value="exact">every card known</option><option value="view">the seat's view</option></select>
      <select id="movetime"><option>200</option><option selected>1000</option><option>5000</option></select> ms
      <button id="values">Values</button> <button id="hint">Hint</button> <button id="stop">Stop</button>
      <div id="progress"></div>
      <div id="hint-text"></div>
      <div id="legal"></div>
    </div>
    <h2>Lines</h2>
    <div id="tree" class="box"></div>
    <h2>Analysis</h2>
    <div class="box"><button id="analyse">Analyse</button>
      <svg id="chart" width="440" height="150"></svg>
      <div id="blunders"></div></div>
    <pre id="record"></pre>
    <button id="record-open">Open this record in the board</button>
  </div>
</div>
)HTML";

const char* const kBoardScript = R"JS(
const TOKEN = new URLSearchParams(location.search).get("token") || "";
const D = {deck: {name: "", ranks: [], suits: []}};
let S = null;        // the session's last state
let tree = null;     // the lines: nodes {move, words, children, parent, main}
let node = null;     // the current node
let values = null;   // the last solve's answer, for the legal moves
let recordText = "";
let tableSession = null;  // the finished card-table deal whose record is shown
let picking = null;       // the take whose short list is open: {take, arrangement}

async function api(method, path, body) {
  const opts = {method, headers: {"X-Conquian-Token": TOKEN}};
  if (body !== undefined) { opts.body = JSON.stringify(body); opts.headers["Content-Type"] = "application/json"; }
  const res = await fetch(path, opts);
  const json = await res.json();
  if (!res.ok) throw new Error(json.error || ("HTTP " + res.status));
  return json;
}
function say(text) { document.getElementById("status").textContent = text; }
function guard(f) { return async (...a) => { try { say(""); await f(...a); } catch (e) { say(e.message); } }; }

async function loadLibrary() {
  const lib = await api("GET", "/api/library");
  const box = document.getElementById("library");
  box.replaceChildren();
  lib.games.forEach(g => {
    const d = el("div", {"data-game": g.id}, g.game + " (" + g.ruleset + "): " + g.verdict + ", " + g.outcome);
    d.title = g.text;
    d.addEventListener("click", guard(() => openGame({game: g.id})));
    box.appendChild(d);
  });
  const rs = document.getElementById("table-ruleset");
  rs.replaceChildren(...lib.table_rulesets.map(n => el("option", {value: n}, n)));
  rs.value = lib.table_rulesets.includes("american") ? "american" : lib.table_rulesets[0];
  const ps = document.getElementById("table-player");
  ps.replaceChildren(...lib.players.map(n => el("option", {value: n}, n)));
  D.looks = lib.looks || {};
}

function newNode(move, words, parent, main) { return {move, words, parent, children: [], main}; }
function pathOf(n) { const out = []; for (; n && n.parent; n = n.parent) out.unshift(n.move); return out; }
function depth(n) { let k = 0; for (; n && n.parent; n = n.parent) ++k; return k; }

async function openGame(request) {
  const st = await api("POST", "/api/open", request);
  tree = newNode(null, "the deal", null, true);
  let at = tree;
  for (const m of st.main_line) { const c = newNode(m.move, m.words, at, true); at.children.push(c); at = c; }
  node = tree;
  for (let k = 0; k < st.ply && node.children.length; ++k) node = node.children[0];
  document.getElementById("title").textContent = (st.game.game || "") + " - " + st.ruleset +
    (st.game.players && st.game.players.length ? " - " + st.game.players.join(" vs ") : "") + " - " + st.game.text;
  values = null;
  document.getElementById("chart").replaceChildren();
  document.getElementById("blunders").replaceChildren();
  document.getElementById("record").textContent = "";
  document.getElementById("seal").textContent = "";
  show(st);
}

async function goTo(n) {
  if (!S || S.card_table) return;
  const st = await api("POST", "/api/session/" + S.session + "/goto", {moves: pathOf(n)});
  node = n;
  values = null;
  show(st);
}

function show(st) {
  S = st;
  D.deck = st.deck;
  D.look = document.getElementById("look").value;
  picking = null;
  renderTable();
  renderMatch();
  renderLegal();
  renderTree();
  document.getElementById("ply").textContent = "move " + st.ply + (st.over ? " - " + st.outcome : "");
  document.body.dataset.ply = st.ply;
  document.body.dataset.over = st.over ? "1" : "0";
}

function renderTable() {
  const T = S.table;
  const seats = document.getElementById("seats");
  seats.replaceChildren();
  document.getElementById("table-text").textContent = T.cards ? "" : (T.text || "");
  document.getElementById("next-text").textContent = T.next || "";
  if (!T.cards) return;
  const P = T.cards;
  P.hands.forEach((hand, s) => {
    const seat = el("div", {class: "seat" + (P.to_act === s ? " acting" : "")});
    let who = "seat " + s;
    if (S.card_table) who += s === S.card_table.seat ? " (you)" : " (" + S.card_table.player + ")";
    if (P.said) who += ": " + P.said[s] + ", chips " + (P.chips[s] >= 0 ? "+" : "") + P.chips[s];
    seat.appendChild(el("div", {class: "label"}, who));
    const row = el("div", {class: "row"});
    if (P.hidden && P.hidden[s]) for (let i = 0; i < P.hidden[s]; ++i) row.appendChild(el("div", {class: "card back"}));
    else hand.forEach(t => row.appendChild(card(t, false)));
    seat.appendChild(row);
    const tab = el("div", {class: "row"});
    (P.tables[s] || []).forEach((meld, i) => {
      const m = el("div", {class: "meld"});
      cardRow(m, meld, true);
      if (P.pays && P.pays[s][i]) m.title = "pays " + P.pays[s][i];
      tab.appendChild(m);
    });
    seat.appendChild(tab);
    seats.appendChild(seat);
  });
  const stock = document.getElementById("stock");
  const back = el("div", {class: "card back"});
  back.appendChild(el("span", {class: "count"}, String(P.stock)));
  stock.replaceChildren(back);
  cardRow(document.getElementById("up"), P.up ? [P.up] : [], false);
  cardRow(document.getElementById("dead"), P.dead || [], true);
}

function valueOf(move) {
  if (!values || !values.moves) return "";
  const key = JSON.stringify(move);
  for (const v of values.moves) {
    if (JSON.stringify(v.move) !== key) continue;
    if (v.value) return v.value.draw ? "draw" : "seat " + v.value.winner + " wins";
    if (v.chances) return (v.chances.expected0 >= 0 ? "+" : "") + v.chances.expected0.toFixed(3);
    if (typeof v.expected === "number")
      return v.expected.toFixed(3) + " [" + v.ci95[0].toFixed(2) + ", " + v.ci95[1].toFixed(2) + "]";
  }
  return "";
}

function moveRow(m, i, text) {
  const d = el("div", {class: "move", "data-legal": i}, text);
  const v = valueOf(m.move);
  if (v) d.appendChild(el("span", {class: "value"}, v));
  d.addEventListener("click", guard(() => play(m)));
  return d;
}

// The legal moves: each take once per card taken; a click opens its short list (the few
// tables it may make, the server's default first picked) and then the discards.
function renderLegal() {
  const box = document.getElementById("legal");
  box.replaceChildren();
  const takes = new Map();
  (S.legal || []).forEach((m, i) => {
    if (m.take === undefined) { box.appendChild(moveRow(m, i, m.words)); return; }
    if (!takes.has(m.take)) {
      const head = el("div", {class: "take", "data-take": m.take}, m.words.split(":")[0]);
      head.addEventListener("click", () => {
        picking = picking && picking.take === m.take ? null : {take: m.take, arrangement: null};
        renderLegal();
      });
      const choice = el("div", {class: "choice"});
      box.append(head, choice);
      takes.set(m.take, {choice, moves: []});
    }
    takes.get(m.take).moves.push([m, i]);
  });
  if (!picking || !takes.has(picking.take)) return;
  const {choice, moves} = takes.get(picking.take);
  const ways = new Map();
  for (const [m] of moves) if (!ways.has(m.arrangement)) ways.set(m.arrangement, m);
  if (picking.arrangement === null) for (const [k, m] of ways) if (m.default) picking.arrangement = k;
  if (ways.size > 1) for (const [k, m] of ways) {
    const lay = el("div", {class: "lay" + (k === picking.arrangement ? " picked" : ""), "data-arrangement": k},
      (m.lay.length ? "lay " + m.lay_words : "lay nothing from the hand") + (m.default ? " (default)" : ""));
    lay.addEventListener("click", () => { picking.arrangement = k; renderLegal(); });
    choice.appendChild(lay);
  }
  for (const [m, i] of moves) if (m.arrangement === picking.arrangement) choice.appendChild(moveRow(m, i, m.words));
}

function renderTree() {
  const box = document.getElementById("tree");
  box.replaceChildren();
  if (S.card_table) {
    (S.log || []).forEach(w => box.appendChild(el("div", {}, w)));
    return;
  }
  // The line of first children, each other child's line indented under the move it leaves.
  listLine(tree, 0, box);
}

function listLine(start, indent, box) {
  // Down the line of first children; the other children of each node as indented lines.
  let n = start;
  while (n.children.length) {
    const [first, ...rest] = n.children;
    box.appendChild(treeRow(first, indent));
    for (const r of rest) { box.appendChild(treeRow(r, indent + 1)); listLine(r, indent + 1, box); }
    n = first;
  }
}
function treeRow(c, indent) {
  const d = el("div", {class: (c === node ? "current" : "") + (indent ? " variation" : "")}, depth(c) + ". " + c.words);
  d.addEventListener("click", guard(() => goTo(c)));
  return d;
}

async function play(m) {
  const st = await api("POST", "/api/session/" + S.session + "/play", {move: m.move});
  if (st.card_table) {
    st.log = (S.log || []).concat(st.played.map(p => p.words));
    values = null;
    show(st);
    if (st.over) await finishTable();
    return;
  }
  const key = JSON.stringify(m.move);
  let child = node.children.find(c => JSON.stringify(c.move) === key);
  if (!child) { child = newNode(m.move, m.words, node, false); node.children.push(child); }
  node = child;
  values = null;
  show(st);
}

async function solve(allMoves) {
  if (!S) return;
  const mode = S.card_table ? "view" : document.getElementById("mode").value;
  const movetime = Number(document.getElementById("movetime").value);
  const prog = document.getElementById("progress");
  prog.textContent = "thinking...";
  const timer = setInterval(async () => {
    try {
      const p = await api("GET", "/api/session/" + S.session + "/progress");
      if (p.progress) prog.textContent = "nodes " + p.progress.nodes + ", worlds " + p.progress.worlds;
    } catch (e) { void e; }
  }, 250);
  try {
    const a = await api("POST", "/api/session/" + S.session + "/solve", {mode, movetime, all_moves: allMoves});
    values = a;
    const basis = a.basis ? " (" + a.basis + (a.stopped ? ", stopped" : "") + ")" : "";
    document.getElementById("hint-text").textContent = a.best_words ? "best: " + a.best_words + basis : "no move to choose" + basis;
    document.body.dataset.hint = a.best_words || "";
    renderLegal();
  } finally { clearInterval(timer); prog.textContent = ""; }
}

async function newTable() {
  const ruleset = document.getElementById("table-ruleset").value;
  const seat = Number(document.getElementById("table-seat").value);
  const player = document.getElementById("table-player").value;
  const pick = id => { const v = document.getElementById(id).value; return v === "" ? null : v === "1"; };
  const target = document.getElementById("table-match").value;
  const st = await api("POST", "/api/new", {ruleset, seat, player, swap: pick("table-swap"), forcing: pick("table-forcing"),
                                            match: target === "" ? null : Number(target)});
  await startTable(st);
}

// The match's next deal, after the finished one on the board.
async function nextTable() {
  if (!S || !S.card_table) return;
  await startTable(await api("POST", "/api/new", {next: S.session}));
}

async function startTable(st) {
  st.log = st.played.map(p => p.words);
  tree = null; node = null; values = null;
  const t = st.card_table;
  document.getElementById("title").textContent = "card table: " + st.ruleset + ", you at seat " + t.seat + " against " + t.player;
  document.getElementById("seal").textContent = "commitment " + t.commitment;
  document.getElementById("record").textContent = "";
  document.body.dataset.seal = "";
  show(st);
  if (st.over) await finishTable();
}

// The match's score, from the server: its points, what the next deal counts, its winner.
function renderMatch() {
  const box = document.getElementById("match");
  const next = document.getElementById("table-next");
  const M = S && S.card_table && S.card_table.match;
  next.disabled = !(M && S.over && !M.over);
  document.body.dataset.match = M ? (M.over ? "over" : "on") : "";
  document.body.dataset.matchDeals = M ? M.deals : "";
  if (!M) { box.textContent = ""; return; }
  const names = S.card_table.players;
  const score = M.total.map((p, s) => names[s] + " " + p).join(", ");
  box.textContent = "match to " + M.target + ": " + score + (M.over ? " - " + names[M.winner] + " won the match"
    : " - deal " + (M.deals + (S.over ? 0 : 1)) + (S.over ? " over" : "") + ", the next counts " + M.multiplier);
}

function hex(buf) { return Array.from(new Uint8Array(buf)).map(b => b.toString(16).padStart(2, "0")).join(""); }

async function finishTable() {
  const r = await api("GET", "/api/session/" + S.session + "/record");
  recordText = r.record;
  tableSession = S.session;
  // In a match, the match so far (its deals, this one last, each with its score): one file
  // that `check` accepts; else the deal's own record.
  document.getElementById("record").textContent = r.match_record || r.record;
  document.body.dataset.matchRecord = r.match_record || "";
  const t = S.card_table;
  const deal = t.deal;
  const words = t.salt + ":" + deal.hands.flat().concat(deal.stock || []).join(" ");
  const seal = document.getElementById("seal");
  let verdict;
  if (words !== t.preimage) verdict = "the server's words differ from the deal's cards";
  else if (!(window.crypto && crypto.subtle)) verdict = "this page cannot hash (no SubtleCrypto outside a secure context)";
  else {
    const digest = "sha256:" + hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(words)));
    verdict = digest === t.commitment ? "verified" : "MISMATCH: " + digest;
  }
  seal.textContent = "commitment " + t.commitment + " - salt " + t.salt + " - " + verdict;
  document.body.dataset.seal = verdict;
}

function drawChart(points, rows) {
  const svg = document.getElementById("chart");
  svg.replaceChildren();
  const W = 440, H = 150, n = Math.max(points.length - 1, 1);
  const x = k => 10 + (W - 20) * k / n, y = v => H / 2 - (H / 2 - 10) * v;
  svg.appendChild(svgEl("line", {x1: 10, x2: W - 10, y1: y(0), y2: y(0), stroke: "#bbb"}));
  let d = "";
  points.forEach((v, k) => { if (v !== null) d += (d ? " L" : "M") + x(k).toFixed(1) + " " + y(v).toFixed(1); });
  svg.appendChild(svgEl("path", {d, fill: "none", stroke: "#2e5e9e", "stroke-width": 2}));
  rows.forEach(r => {
    if (r.cls !== "blunder" && r.cls !== "mistake") return;
    const c = svgEl("circle", {cx: x(r.k), cy: y(points[r.k] || 0), r: 4, fill: r.cls === "blunder" ? "#c0392b" : "#d35400"});
    c.addEventListener("click", guard(() => goToPly(r.k)));
    svg.appendChild(c);
  });
}

async function goToPly(k) {
  let n = tree;
  for (let i = 0; i < k && n.children.length; ++i) n = n.children.find(c => c.main) || n.children[0];
  await goTo(n);
}

async function analyse() {
  if (!S || S.card_table) return;
  say("analysing...");
  const a = await api("POST", "/api/session/" + S.session + "/analysis", {});
  say("");
  const rows = [];
  const box = document.getElementById("blunders");
  box.replaceChildren();
  (a.analysis.moves || []).forEach((m, i) => {
    const cls = m.class || "";
    rows.push({k: i, cls});
    if (cls === "blunder" || cls === "mistake") {
      const main = pathTo(i + 1);
      const d = el("div", {class: "cls-" + cls}, (i + 1) + ". " + cls + ": " + (main ? main.words : ""));
      d.addEventListener("click", guard(() => goToPly(i)));
      box.appendChild(d);
    }
  });
  const dec = a.analysis.summary && a.analysis.summary.decisive;
  if (dec) box.appendChild(el("div", {}, "first decisive mistake: move " + dec.index + " by seat " + dec.seat));
  drawChart(a.chart, rows);
}
function pathTo(k) { let n = tree; for (let i = 0; i < k && n.children.length; ++i) n = n.children[0]; return n === tree ? null : n; }

function step(delta) {
  if (!node) return;
  if (delta < 0 && node.parent) return goTo(node.parent);
  if (delta > 0 && node.children.length) return goTo(node.children.find(c => c.main) || node.children[0]);
}
function ends(last) {
  if (!node) return;
  let n = node;
  if (last) while (n.children.length) n = n.children[0];
  else n = tree;
  return goTo(n);
}
function mainLine() {
  if (!node) return;
  let n = node;
  while (n.parent && !n.main) n = n.parent;
  return goTo(n);
}

document.getElementById("first").addEventListener("click", guard(() => ends(false)));
document.getElementById("last").addEventListener("click", guard(() => ends(true)));
document.getElementById("prev").addEventListener("click", guard(() => step(-1)));
document.getElementById("next").addEventListener("click", guard(() => step(1)));
document.getElementById("mainline").addEventListener("click", guard(mainLine));
document.getElementById("values").addEventListener("click", guard(() => solve(true)));
document.getElementById("hint").addEventListener("click", guard(() => solve(false)));
document.getElementById("stop").addEventListener("click", guard(() => S && api("POST", "/api/session/" + S.session + "/stop", {})));
document.getElementById("analyse").addEventListener("click", guard(analyse));
document.getElementById("table-new").addEventListener("click", guard(newTable));
document.getElementById("table-next").addEventListener("click", guard(nextTable));
document.getElementById("look").addEventListener("change", () => { if (S) { D.look = document.getElementById("look").value; renderTable(); } });
document.getElementById("paste-open").addEventListener("click", guard(() => openGame({
  record: document.getElementById("paste").value, format: document.getElementById("paste-format").value})));
document.getElementById("record-open").addEventListener("click", guard(() => { if (tableSession !== null) return openGame({table: tableSession}); }));
document.addEventListener("keydown", e => {
  if (e.target && (e.target.tagName === "TEXTAREA" || e.target.tagName === "SELECT")) return;
  const k = {ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => ends(false), End: () => ends(true), m: mainLine}[e.key];
  if (k) { e.preventDefault(); guard(k)(); }
});
const drop = document.getElementById("paste");
drop.addEventListener("dragover", e => e.preventDefault());
drop.addEventListener("drop", e => {
  e.preventDefault();
  const f = e.dataTransfer.files[0];
  if (f) f.text().then(t => { drop.value = t; });
});
guard(loadLibrary)();
)JS";

}  // namespace conquian::http
