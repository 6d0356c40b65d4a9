
const TOKEN = new URLSearchParams(location.search).get("token") || "";
const D = {deck: {name: "", ranks: [], suits: []}};
let S = null;        // the session's last state
let tree = null;     // the lines: nodes {move, words, children, parent, main}
let node = null;     // the current node
let values = null;   // the last solve's answer, for the legal moves
let recordText = "";
let tableSession = null;  // the finished card-table deal whose record is shown
let picking = null;       // the take whose short list is open: {take, arrangement}
let place = 0;            // the position on screen, counted: an answer for an older one is dropped
let marks = [];           // the analysis's class of each main-line move (blunder, mistake), by ply
let chart = null;         // the analysis's values by ply, for the chart
let opened = null;        // how the game on the board was opened, for the address: {game} or {session}

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

// A move's words as the chosen look draws its cards: each card the server wrote (the deck's
// letters, or a French suit's symbol) is rewritten as the look's counterpart, so the words
// name the cards the page draws. Without another look the words stay as written.
const SYMBOLS = {c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660"};
function lookWords(text) {
  const look = D.look && D.looks && D.looks[D.deck.name] ? D.looks[D.deck.name][D.look] : null;
  if (!text || !D.deck.ranks) return text;
  const french = n => n.startsWith("french");
  const written = {};  // each card as the server writes it (letters or symbols) -> as the page names it
  for (const r of D.deck.ranks) for (const u of D.deck.suits) {
    const token = r + u;
    const as = french(D.deck.name) && SYMBOLS[u] ? r + SYMBOLS[u] : token;
    // Without another look, one notation across the page: a French card's letters as symbols.
    const other = look ? look.cards[token] : token;
    if (!other) continue;
    const deck = look ? look.deck : D.deck;
    const ou = deck.suits.find(x => other.endsWith(x)) || "";
    written[as] = written[token] = french(deck.name) && SYMBOLS[ou] ? other.slice(0, other.length - ou.length) + SYMBOLS[ou] : other;
  }
  return text.replace(/[0-9A-Za-z]+[\u2660-\u2666]?/g, w => written[w] || w);
}

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

// The tree of a game opened on the board: its main line from the server.
function startTree(st) {
  tree = newNode(null, "the deal", null, true);
  let at = tree;
  for (const m of st.main_line) { const c = newNode(m.move, m.words, at, true); at.children.push(c); at = c; }
  node = tree;
  for (let k = 0; k < st.ply && node.children.length; ++k) node = node.children[0];
}

// The title names the game; its verdict and result (a Pan deal's final chips) show only at its end.
function gameTitle(st, game) {
  document.getElementById("title").textContent = ((game && game.game) || "") + " - " + st.ruleset +
    (game && game.players && game.players.length ? " - " + game.players.join(" vs ") : "");
  D.gameText = game ? game.text : "";
}

function forgetAnalysis() {
  marks = []; chart = null;
  document.getElementById("chart").replaceChildren();
  document.getElementById("blunders").replaceChildren();
}

async function openGame(request, line, ply) {
  const st = await api("POST", "/api/open", request);
  startTree(st);
  gameTitle(st, st.game);
  opened = st.game.id !== null && st.game.id !== undefined ? {game: st.game.id} : {session: st.session};
  values = null;
  forgetAnalysis();
  document.getElementById("record").textContent = "";
  document.getElementById("seal").replaceChildren();
  show(st, !!(line || ply));
  if (line || ply) await followLine(line || mainPath(ply));
}

async function goTo(n, quiet) {
  if (!S || S.card_table) return;
  const st = await api("POST", "/api/session/" + S.session + "/goto", {moves: pathOf(n)});
  node = n;
  values = null;
  show(st, quiet);
}

// A line from the address (moves from the deal): down the tree, new nodes where it leaves it.
async function followLine(moves) {
  let n = tree;
  for (const m of moves) {
    const key = JSON.stringify(m);
    let c = n.children.find(x => JSON.stringify(x.move) === key);
    if (!c) { c = newNode(m, "", n, false); n.children.push(c); }
    n = c;
  }
  // The words of moves off the tree: each as the position before it lists it.
  const unworded = [];
  for (let c = n; c && c.parent; c = c.parent) if (!c.words) unworded.unshift(c);
  for (const c of unworded) {
    const before = await api("POST", "/api/session/" + S.session + "/goto", {moves: pathOf(c.parent)});
    const key = JSON.stringify(c.move);
    const listed = (before.legal || []).find(m => JSON.stringify(m.move) === key);
    c.words = listed ? listed.words : key;
  }
  const st = await api("POST", "/api/session/" + S.session + "/goto", {moves});
  node = n;
  show(st, true);
}

// A new position on screen: what was asked of the one before (a hint, values, a running
// solve's progress) is cleared, and the address says where the board is.
function show(st, quiet) {
  S = st;
  ++place;
  D.deck = st.deck;
  D.look = document.getElementById("look").value;
  picking = null;
  values = null;
  document.getElementById("hint-text").textContent = "";
  document.getElementById("progress").textContent = "";
  document.body.dataset.hint = "";
  const table = !!st.card_table;
  document.body.dataset.cardTable = table ? "1" : "0";
  // At the card table the deal is played forward only, from the seat's own view.
  document.getElementById("steppers").hidden = table;
  document.getElementById("mode-box").hidden = table;
  document.getElementById("analysis-box").hidden = table;
  document.getElementById("tree-head").textContent = table ? "Play so far" : "Lines";
  renderTable();
  renderMatch();
  renderResult();
  renderLegal();
  renderTree();
  if (chart) drawChart();
  document.getElementById("ply").textContent = "move " + st.ply + (st.over ? " - " + st.outcome : "");
  document.body.dataset.ply = st.ply;
  document.body.dataset.over = st.over ? "1" : "0";
  remember(quiet);
}

// The result at a deal's end: at the card table in the seat's words, else the record's verdict.
function renderResult() {
  const box = document.getElementById("result");
  box.hidden = !S.over;
  if (!S.over) { box.textContent = ""; return; }
  const t = S.card_table;
  if (!t) { box.textContent = D.gameText || S.outcome; return; }
  const won = / (\d+) won/.exec(S.outcome);
  let text = !won ? "Drawn" : Number(won[1]) === t.seat ? "You won" : "You lost: " + S.outcome;
  const M = t.match;
  if (M) text += " - match to " + M.target + ": " + M.total.map((p, s) => t.players[s] + " " + p).join(", ");
  box.textContent = text;
}

// The address holds the place: a library game and its line, a pasted game's session and its
// line, or a card-table deal's session. A reload or Back comes back to it.
function placeHash() {
  if (!S) return "";
  if (S.card_table) return "#table=" + S.session;
  const path = node ? pathOf(node) : [];
  let onMain = true;
  for (let n = node; n && n.parent; n = n.parent) onMain = onMain && n.main;
  const where = onMain ? "ply=" + path.length : "line=" + encodeURIComponent(JSON.stringify(path));
  return opened && opened.game !== undefined ? "#game=" + opened.game + "&" + where : "#session=" + S.session + "&" + where;
}
function remember(quiet) {
  const h = placeHash();
  if (!h || h === location.hash) return;
  if (quiet) history.replaceState(null, "", location.pathname + location.search + h);
  else history.pushState(null, "", location.pathname + location.search + h);
}
async function restore() {
  const q = new URLSearchParams(location.hash.slice(1));
  if (q.has("table")) {
    const st = await api("GET", "/api/session/" + encodeURIComponent(q.get("table")));
    if (!st.card_table) throw new Error("the address names a session that is not a card-table deal");
    st.log = ["(resumed at move " + st.ply + ")"];
    return startTable(st, true);
  }
  const line = q.has("line") ? JSON.parse(q.get("line")) : null;
  const ply = Number(q.get("ply") || 0);
  if (q.has("game")) {
    if (S && !S.card_table && opened && String(opened.game) === q.get("game") && tree) return goToLine(line, ply);
    return openGame({game: Number(q.get("game"))}, line, ply);
  }
  if (q.has("session")) {
    if (S && !S.card_table && S.session === Number(q.get("session")) && tree) return goToLine(line, ply);
    const st = await api("GET", "/api/session/" + encodeURIComponent(q.get("session")));
    if (st.card_table || !st.main_line) throw new Error("the address names a session that is not a game on the board");
    startTree(st);
    gameTitle(st, st.game);
    opened = {session: st.session};
    forgetAnalysis();
    show(st, true);
    return followLine(line || mainPath(ply));
  }
}
function mainPath(ply) {
  const out = [];
  for (let n = tree; n && n.children.length && out.length < ply; ) { n = n.children[0]; out.push(n.move); }
  return out;
}
async function goToLine(line, ply) { return followLine(line || mainPath(ply)); }

function renderTable() {
  const T = S.table;
  const seats = document.getElementById("seats");
  seats.replaceChildren();
  document.getElementById("table-text").textContent = T.cards ? "" : (T.text || "");
  document.getElementById("next-text").textContent = lookWords(T.next || "");
  if (!T.cards) return;
  const P = T.cards;
  seats.className = P.hands.length > 2 ? "many" : "";
  P.hands.forEach((hand, s) => {
    const seat = el("div", {class: "seat" + (P.to_act === s ? " acting" : "")});
    let who = "seat " + s;
    // Chips as every command writes them: signed, after the seat's name.
    if (P.chips) who += " " + (P.chips[s] >= 0 ? "+" : "") + P.chips[s];
    if (S.card_table) who += s === S.card_table.seat ? " (you)" : " (" + S.card_table.player + ")";
    if (P.said) who += " - " + P.said[s];
    seat.appendChild(el("div", {class: "label"}, who));
    const row = el("div", {class: "row"});
    if (P.hidden && P.hidden[s]) for (let i = 0; i < P.hidden[s]; ++i) row.appendChild(el("div", {class: "card back"}));
    else hand.forEach(t => row.appendChild(card(t, false)));
    seat.appendChild(row);
    const tab = el("div", {class: "row"});
    (P.tables[s] || []).forEach((meld, i) => {
      const m = el("div", {class: "meld"});
      cardRow(m, meld, true);
      if (P.pays && P.pays[s][i]) m.appendChild(el("span", {class: "pays"}, "pays " + P.pays[s][i]));
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
  document.getElementById("up-from").textContent =
    P.up && P.up_seat !== null && P.up_seat !== undefined ? (P.up_turned ? "turned by seat " : "thrown by seat ") + P.up_seat : "";
  document.getElementById("pot-box").hidden = P.pot === undefined;
  document.getElementById("pot").textContent = P.pot === undefined ? "" : String(P.pot);
  cardRow(document.getElementById("dead"), P.dead || [], true);
}

const signed = (x, k) => (x >= 0 ? "+" : "") + x.toFixed(k);
// A move's value as the last answer gives it: an exact result ("seat 1 wins in 7"), the
// chances, or an estimate with its interval and the worlds behind it. An interval that spans
// every outcome says nothing: it reads "not enough worlds".
function valueOf(move) {
  if (!values || !values.moves) return null;
  const key = JSON.stringify(move);
  for (const v of values.moves) {
    if (JSON.stringify(v.move) !== key) continue;
    if (v.value) {
      if (v.value.draw) return {text: "draw", score: 0};
      const plies = typeof v.plies === "number" ? " in " + v.plies : "";
      return {text: "seat " + v.value.winner + " wins" + plies, score: v.value.winner === S.to_act ? 1 : -1};
    }
    if (v.chances) return {text: signed(v.chances.expected0, 3), score: v.chances.expected0};
    if (typeof v.expected === "number") {
      const worlds = values.worlds !== undefined ? values.worlds : v.worlds;
      const lo = v.ci95[0], hi = v.ci95[1];
      const wide = values.bounds ? lo <= values.bounds[0] && hi >= values.bounds[1] : hi - lo >= 1.99;
      const text = wide ? "not enough worlds (" + worlds + ")"
        : signed(v.expected, 2) + " [" + signed(lo, 2) + ", " + signed(hi, 2) + "]" + (worlds !== undefined ? " - " + worlds + " worlds" : "");
      return {text, score: v.expected, thin: wide};
    }
  }
  return null;
}

function moveRow(m, i, text) {
  const d = el("div", {class: "move", "data-legal": i}, lookWords(text));
  const v = valueOf(m.move);
  if (v) d.appendChild(el("span", {class: "value" + (v.thin ? " thin" : "")}, v.text));
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
      const head = el("div", {class: "take", "data-take": m.take}, lookWords(m.words.split(":")[0]));
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
  // A take's best value shows on its line without opening it.
  for (const {choice, moves} of takes.values()) {
    let best = null;
    for (const [m] of moves) { const v = valueOf(m.move); if (v && (!best || v.score > best.score)) best = v; }
    if (best) choice.previousSibling.appendChild(el("span", {class: "value" + (best.thin ? " thin" : "")}, "best " + best.text));
  }
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
    (S.log || []).forEach(w => box.appendChild(el("div", {}, lookWords(w))));
    box.scrollTop = box.scrollHeight;  // the newest move, the built-in player's included, in view
    return;
  }
  // The line of first children, each other child's line indented under the move it leaves.
  listLine(tree, 0, box);
  const current = box.querySelector("div.current");
  if (current) {
    const top = current.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
  }
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
  const k = depth(c);
  const d = el("div", {class: (c === node ? "current" : "") + (indent ? " variation" : ""), "data-ply": k},
               k + ". " + lookWords(c.words));
  const cls = c.main && marks[k - 1];
  if (cls === "blunder" || cls === "mistake")
    d.appendChild(el("span", {class: "mark cls-" + cls, title: cls}, cls === "blunder" ? "??" : "?"));
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
  const asked = place;
  const mode = S.card_table ? "view" : document.getElementById("mode").value;
  const movetime = Number(document.getElementById("movetime").value);
  const prog = document.getElementById("progress");
  prog.textContent = "thinking...";
  const session = S.session;
  const timer = setInterval(async () => {
    try {
      const p = await api("GET", "/api/session/" + session + "/progress");
      if (p.progress && asked === place) prog.textContent = "nodes " + p.progress.nodes + ", worlds " + p.progress.worlds;
    } catch (e) { void e; }
  }, 250);
  try {
    const a = await api("POST", "/api/session/" + session + "/solve",
                        {mode, movetime, all_moves: allMoves, position: String(asked)});
    // The answer is for the position it was asked of: shown only while that one is on screen.
    if (asked !== place || a.position !== String(asked)) return;
    values = a;
    const basis = a.basis ? " (" + a.basis + (a.stopped ? ", stopped" : "") + ")" : "";
    const worlds = typeof a.worlds === "number" ? ", " + a.worlds + " worlds" + (a.elapsed_ms ? " in " + (a.elapsed_ms / 1000).toFixed(1) + " s" : "") : "";
    document.getElementById("hint-text").textContent =
      (a.best_words ? "best: " + lookWords(a.best_words) : "no move to choose") + basis + worlds;
    document.body.dataset.hint = a.best_words || "";
    renderLegal();
  } finally { clearInterval(timer); if (asked === place) prog.textContent = ""; }
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

async function startTable(st, quiet) {
  if (!st.log) st.log = st.played.map(p => p.words);
  tree = null; node = null; values = null; opened = null;
  forgetAnalysis();
  const t = st.card_table;
  document.getElementById("title").textContent = "card table: " + st.ruleset + ", you at seat " + t.seat + " against " + t.player;
  showSeal(null, "commitment " + t.commitment);
  document.getElementById("record").textContent = "";
  document.body.dataset.seal = "";
  show(st, quiet);
  if (st.over) await finishTable();
}

// The seal as a badge (sealed, verified, or a mismatch), its figures in small type under it.
function showSeal(verdict, detail) {
  const box = document.getElementById("seal");
  const ok = verdict === "verified";
  const badge = el("span", {class: "badge " + (verdict === null ? "" : ok ? "ok" : "bad")},
                   verdict === null ? "sealed deal" : ok ? "seal verified" : "seal: " + verdict);
  box.replaceChildren(badge, el("div", {class: "detail"}, detail));
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
  void seal;
  showSeal(verdict, "commitment " + t.commitment + " - salt " + t.salt);
  document.body.dataset.seal = verdict;
  renderResult();
}

// The analysis's chart: seat 0's value after each move (-1: seat 1 wins, +1: seat 0 wins),
// with its axes, the moves marked that lost value, and the move on the board. A click
// anywhere goes to the nearest move.
function drawChart() {
  const {points, rows} = chart;
  const svg = document.getElementById("chart");
  svg.replaceChildren();
  const W = 440, H = 170, L = 34, R = 8, T = 16, B = 22, n = Math.max(points.length - 1, 1);
  const x = k => L + (W - L - R) * k / n, y = v => T + (H - T - B) * (1 - v) / 2;
  svg.appendChild(svgEl("text", {x: L, y: 11}, "value for seat 0 (+1 seat 0 wins, -1 seat 1 wins)"));
  for (const v of [1, 0, -1]) {
    svg.appendChild(svgEl("line", {x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: v ? "#eee" : "#bbb"}));
    svg.appendChild(svgEl("text", {x: L - 4, y: y(v) + 3, "text-anchor": "end"}, (v > 0 ? "+" : "") + v));
  }
  svg.appendChild(svgEl("line", {x1: L, x2: L, y1: T, y2: H - B, stroke: "#999"}));
  const step = Math.max(1, Math.ceil(n / 8));
  for (let k = 0; k <= n; k += step) svg.appendChild(svgEl("text", {x: x(k), y: H - 6, "text-anchor": "middle"}, String(k)));
  svg.appendChild(svgEl("text", {x: W - R, y: H - 6, "text-anchor": "end"}, "move"));
  const at = S && !S.card_table ? S.ply : -1;
  if (at >= 0 && at <= n) svg.appendChild(svgEl("line", {x1: x(at), x2: x(at), y1: T, y2: H - B, stroke: "#f5c542", "stroke-width": 3, class: "current"}));
  let d = "";
  points.forEach((v, k) => { if (v !== null) d += (d ? " L" : "M") + x(k).toFixed(1) + " " + y(v).toFixed(1); });
  svg.appendChild(svgEl("path", {d, fill: "none", stroke: "#2e5e9e", "stroke-width": 2}));
  rows.forEach(r => {
    if (r.cls !== "blunder" && r.cls !== "mistake") return;
    svg.appendChild(svgEl("circle", {cx: x(r.k), cy: y(points[r.k] || 0), r: 4, fill: r.cls === "blunder" ? "#c0392b" : "#d35400"}));
  });
  svg.onclick = guard(e => {
    const box = svg.getBoundingClientRect();
    const px = (e.clientX - box.left) * W / box.width;
    return goToPly(Math.max(0, Math.min(n, Math.round((px - L) / (W - L - R) * n))));
  });
}

async function goToPly(k) {
  let n = tree;
  for (let i = 0; i < k && n.children.length; ++i) n = n.children.find(c => c.main) || n.children[0];
  await goTo(n);
}

async function analyse() {
  if (!S || S.card_table) return;
  forgetAnalysis();
  say("analysing...");
  const a = await api("POST", "/api/session/" + S.session + "/analysis", {});
  say("");
  const rows = [];
  const box = document.getElementById("blunders");
  box.replaceChildren();
  marks = [];
  (a.analysis.moves || []).forEach((m, i) => {
    const cls = m.class || "";
    rows.push({k: i, cls});
    marks[i] = cls;
    if (cls === "blunder" || cls === "mistake") {
      const main = pathTo(i + 1);
      const d = el("div", {class: "cls-" + cls}, (i + 1) + ". " + cls + ": " + (main ? main.words : ""));
      d.addEventListener("click", guard(() => goToPly(i)));
      box.appendChild(d);
    }
  });
  const dec = a.analysis.summary && a.analysis.summary.decisive;
  if (dec) box.appendChild(el("div", {}, "first decisive mistake: move " + dec.index + " by seat " + dec.seat));
  chart = {points: a.chart, rows};
  drawChart();
  renderTree();
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
document.getElementById("look").addEventListener("change", () => {
  if (S) { D.look = document.getElementById("look").value; renderTable(); renderLegal(); renderTree(); }
});
// A select used once gives the arrow keys back to stepping.
document.querySelectorAll("select").forEach(s => s.addEventListener("change", () => s.blur()));
window.addEventListener("popstate", guard(restore));
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
guard(async () => { await loadLibrary(); if (location.hash.length > 1) await restore(); })();
