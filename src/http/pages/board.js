
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
