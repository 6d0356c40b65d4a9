// The page of `analyse --html` around its data (html_page.cpp fills in the JSON and the
// Content-Security-Policy): style, layout and the script that draws the cards and the chart
// and steps through the game. Everything inline: the page opens from a file with no network.
// The script builds the DOM with createElement and textContent only: the data is a
// document's text (the card signs are constant shapes, made with createElementNS).
#include "analyse/html_template.h"

namespace conquian::analyse {

// The table drawn as cards: seats, rows of cards and melds, a card's face and back, the middle.
const char* const kCardStyle = R"CSS(.seat { margin: 6px 0; padding: 6px; border-radius: 6px; }
.seat.acting { outline: 3px solid #f5c542; }
.seat .label { font-size: 13px; margin-bottom: 4px; }
.row { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; min-height: 64px; }
.meld { display: flex; gap: 1px; padding: 2px; margin-right: 8px; background: rgba(0,0,0,.18); border-radius: 5px; }
.card { width: 42px; height: 60px; background: #fff; border: 1px solid #999; border-radius: 5px;
        position: relative; box-shadow: 1px 1px 2px rgba(0,0,0,.35); color: #222; }
.card .rank { position: absolute; top: 2px; left: 4px; font-size: 14px; font-weight: bold; }
.card svg { position: absolute; bottom: 5px; right: 4px; width: 26px; height: 26px; }
.card.small { width: 30px; height: 42px; }
.card.small .rank { font-size: 11px; }
.card.small svg { width: 17px; height: 17px; bottom: 3px; right: 2px; }
.card.back { background: repeating-linear-gradient(45deg, #8b1e2d, #8b1e2d 4px, #a8323f 4px, #a8323f 8px); }
.card.back .count { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
                    color: #fff; font-weight: bold; font-size: 16px; text-shadow: 0 0 3px #000; }
#middle { display: flex; gap: 24px; align-items: center; margin: 8px 0; padding: 6px; }
.what { font-size: 12px; }
)CSS";

const char* const kHtmlStyle =
    R"CSS(body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 12px; background: #f4f1ea; color: #222; }
h1 { font-size: 18px; margin: 0 0 6px 0; }
#main { display: flex; gap: 16px; align-items: flex-start; }
#felt { background: #2f6b43; border-radius: 10px; padding: 10px; min-width: 640px; color: #f4f1ea; }
#controls { margin: 8px 0; display: flex; gap: 6px; align-items: center; }
button { font-size: 15px; padding: 3px 10px; }
#side { max-width: 520px; }
#note { background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: 8px; min-height: 60px; font-size: 14px; }
#note .cls { font-weight: bold; text-transform: uppercase; }
.cls-blunder { color: #c0392b; } .cls-mistake { color: #d35400; } .cls-good { color: #7d6608; }
.cls-best { color: #1e8449; } .cls-forced, .cls-unsolved { color: #777; }
#moves { max-height: 300px; overflow-y: auto; font-size: 12px; background: #fff; border: 1px solid #ccc;
         border-radius: 6px; margin-top: 8px; padding: 4px 0; }
#moves div { padding: 1px 6px; cursor: pointer; white-space: nowrap; }
#moves div.current { background: #f5e3a1; }
#chart { background: #fff; border: 1px solid #ccc; border-radius: 6px; margin-top: 8px; }
#summary { font-size: 13px; margin-top: 8px; }
)CSS";

const char* const kHtmlBody = R"HTML(<body data-step="0">
<h1 id="title"></h1>
<div id="controls">
  <button id="first" title="Home">&#x25C0;&#x25C0;</button>
  <button id="prev" title="Left arrow">&#x25C0;</button>
  <button id="next" title="Right arrow">&#x25B6;</button>
  <button id="last" title="End">&#x25B6;&#x25B6;</button>
  <span id="step-label"></span>
</div>
<div id="main">
  <div id="felt">
    <div id="seats"></div>
    <div id="middle">
      <div><div class="what">stock</div><div id="stock"></div></div>
      <div><div class="what" id="up-label">face up</div><div id="up" class="row"></div></div>
      <div><div class="what">dead</div><div id="dead" class="row"></div></div>
    </div>
    <div id="next-text"></div>
  </div>
  <div id="side">
    <div id="note"></div>
    <svg id="chart" width="520" height="170"></svg>
    <div id="moves"></div>
    <div id="summary"></div>
  </div>
</div>
)HTML";

const char* const kCardScript = R"JS("use strict";
const SVG = "http://www.w3.org/2000/svg";

// The DOM is built with createElement, createElementNS and textContent only, never from
// markup: every string of the data (ids, players, card labels, notes) came from a document.
function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
function svgEl(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Suit signs as small shapes (no font needed), by deck family: constant [tag, attributes].
const FRENCH = {
  c: {color: "#222", shapes: [["circle", {cx: 10, cy: 6, r: 3.6}], ["circle", {cx: 5.8, cy: 11, r: 3.6}],
                              ["circle", {cx: 14.2, cy: 11, r: 3.6}], ["path", {d: "M9 10 L7.5 18 L12.5 18 L11 10 Z"}]]},
  d: {color: "#c0392b", shapes: [["path", {d: "M10 1.5 L17 10 L10 18.5 L3 10 Z"}]]},
  h: {color: "#c0392b", shapes: [["path", {d: "M10 18 L2.6 10.2 A4.3 4.3 0 0 1 10 5 A4.3 4.3 0 0 1 17.4 10.2 Z"}]]},
  s: {color: "#222", shapes: [["path", {d: "M10 1.5 L17.2 10.5 A3.6 3.6 0 0 1 11 13 L12.8 18.5 L7.2 18.5 L9 13 A3.6 3.6 0 0 1 2.8 10.5 Z"}]]},
};
const SPANISH = {
  o: {color: "#c99a06", shapes: [["circle", {cx: 10, cy: 10, r: 8}], ["circle", {cx: 10, cy: 10, r: 4.5, fill: "#fff3c4"}]]},
  c: {color: "#b03a2e", shapes: [["path", {d: "M4 2.5 H16 Q16 10 10 11 Q4 10 4 2.5 Z"}], ["rect", {x: 9, y: 11, width: 2, height: 4.5}],
                                 ["rect", {x: 5.5, y: 15.5, width: 9, height: 2.5, rx: 1}]]},
  e: {color: "#2e5e9e", shapes: [["path", {d: "M9.2 1.5 L10.8 1.5 L10.8 13 L9.2 13 Z"}], ["rect", {x: 5.5, y: 13, width: 9, height: 1.8}],
                                 ["rect", {x: 9.2, y: 14.8, width: 1.6, height: 3.7}]]},
  b: {color: "#2e7d32", shapes: [["path", {d: "M7.5 2 Q12.5 1 12.5 5 L11.2 18.5 L8.8 18.5 L7.5 5 Z"}]]},
};
const PALETTE = ["#222", "#c0392b", "#2e5e9e", "#2e7d32", "#8e44ad", "#d35400", "#16a085", "#7f8c8d"];

function suitOf(token, deck) {
  let best = -1;
  deck.suits.forEach((s, i) => { if (token.endsWith(s) && (best < 0 || s.length > deck.suits[best].length)) best = i; });
  return best;
}

function card(token, small) {
  const box = document.createElement("div");
  box.className = "card" + (small ? " small" : "");
  box.dataset.card = token;
  // A look other than the deck's own (the board's option, D.look, from D.looks): the card is
  // drawn as its counterpart in the other 40-card deck; its token stays the deck's.
  const look = D.look && D.looks && D.looks[D.deck.name] ? D.looks[D.deck.name][D.look] : null;
  const deck = look ? look.deck : D.deck;
  const shown = look && look.cards[token] ? look.cards[token] : token;
  const si = suitOf(shown, deck);
  const label = si < 0 ? "" : deck.suits[si];
  const rank = shown.slice(0, shown.length - label.length);
  const family = deck.name.startsWith("spanish") ? SPANISH : deck.name.startsWith("french") ? FRENCH : null;
  const sign = family && family[label] ? family[label] : null;
  box.dataset.look = sign ? (family === SPANISH ? "spanish" : "french") : "";
  const color = sign ? sign.color : PALETTE[Math.max(si, 0) % PALETTE.length];
  const r = document.createElement("span");
  r.className = "rank";
  r.style.color = color;
  r.textContent = rank;
  box.appendChild(r);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("fill", color);
  if (sign) for (const [tag, attrs] of sign.shapes) svg.appendChild(svgEl(tag, attrs));
  else svg.appendChild(svgEl("text", {x: 10, y: 15, "font-size": 14, "text-anchor": "middle"}, label));
  box.appendChild(svg);
  box.title = token;
  return box;
}

function cardRow(el, tokens, small) {
  el.replaceChildren(...tokens.map(t => card(t, small)));
}
)JS";

const char* const kHtmlScript = R"JS(const D = JSON.parse(document.getElementById("data").textContent);
const A = D.analysis;
const N = A.moves.length;
let step = 0;

function valueText(v) {
  if (v === null || v === undefined) return "unsolved";
  if (typeof v === "number") return (v >= 0 ? "+" : "") + v.toFixed(3);
  return v.draw ? "a draw" : "seat " + v.winner + " wins";
}

function renderSeats(P) {
  const box = document.getElementById("seats");
  box.replaceChildren();
  P.hands.forEach((hand, s) => {
    const seat = document.createElement("div");
    seat.className = "seat" + (P.to_act === s ? " acting" : "");
    seat.id = "seat-" + s;
    const name = D.players && D.players[s] ? " (" + D.players[s] + ")" : "";
    seat.appendChild(el("div", {class: "label"}, "seat " + s + name + (s === D.dealer ? ", dealer" : "") +
      ": hand " + hand.length + ", table " + P.tables[s].flat().length));
    const h = document.createElement("div");
    h.className = "row hand";
    h.id = "hand-" + s;
    cardRow(h, hand, false);
    const t = document.createElement("div");
    t.className = "row table";
    t.id = "table-" + s;
    for (const meld of P.tables[s]) {
      const m = document.createElement("div");
      m.className = "meld";
      cardRow(m, meld, true);
      t.appendChild(m);
    }
    seat.append(h, t);
    box.appendChild(seat);
  });
}

function renderNote() {
  const note = document.getElementById("note");
  if (step === 0) {
    note.replaceChildren(el("b", {}, "The deal."), " " + N + " moves follow; use the buttons or the arrow keys.");
    return;
  }
  const m = A.moves[step - 1];
  note.replaceChildren();
  const head = document.createElement("div");
  head.append(el("b", {}, "Move " + m.index), ", seat " + m.seat + ": ",
              el("span", {class: "cls cls-" + m["class"]}, m["class"]));
  const text = document.createElement("div");
  text.style.fontFamily = "DejaVu Sans Mono, monospace";
  text.style.margin = "4px 0";
  text.textContent = D.move_text[step - 1];
  const body = document.createElement("div");
  body.id = "note-text";
  body.textContent = m.note;
  note.append(head, text, body);
  // The seat's own view on a line of its own: what the player could know.
  const sv = m.seat_view;
  if (sv === undefined || m["class"] === "forced") return;
  const view = document.createElement("div");
  view.id = "note-seat-view";
  view.style.marginTop = "4px";
  if (sv === null) {
    const why = m.unsolved && m.unsolved.seat_view;
    view.textContent = "seat " + m.seat + "'s own view: " + (why ? "unsolved: " + why : "not evaluated");
  } else {
    const own = v => (m.seat === 0 ? v : -v);
    const worlds = sv.enumerated ? "every one of " + sv.world_count + " worlds" : sv.worlds + " worlds sampled of " + sv.world_count;
    view.append("seat " + m.seat + "'s own view: ", el("span", {class: "cls cls-" + sv["class"]}, sv["class"]), " ");
    view.appendChild(document.createTextNode("its expected score " + valueText(own(sv.before)) + " with the best move, " +
      valueText(own(sv.after)) + " with the move played (" + worlds + ")"));
  }
  note.appendChild(view);
}

function renderChart() {
  const svg = document.getElementById("chart");
  const W = +svg.getAttribute("width"), H = +svg.getAttribute("height"), L = 34, R = 10, T = 10, B = 22;
  const x = k => L + (N ? k * (W - L - R) / N : 0);
  const y = v => T + (1 - v) / 2 * (H - T - B);
  svg.replaceChildren(svgEl("line", {x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: "#bbb"}));
  for (const v of [1, -1]) svg.appendChild(svgEl("line", {x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "#eee"}));
  for (const [v, t] of [[1, "+1"], [0, "0"], [-1, "-1"]]) svg.appendChild(svgEl("text", {x: 2, y: y(v) + 4, "font-size": 10}, t));
  svg.appendChild(svgEl("text", {x: L, y: H - 6, "font-size": 10, fill: "#555"},
    "seat 0's expected score (stock unknown; hindsight where unsolved); rings: seat-view mistakes"));
  let path = "", pen = false;
  D.chart.forEach((v, k) => {
    if (v === null) { pen = false; return; }
    path += (pen ? "L" : "M") + x(k).toFixed(1) + " " + y(v).toFixed(1) + " ";
    pen = true;
  });
  svg.appendChild(svgEl("path", {d: path, fill: "none", stroke: "#2e5e9e", "stroke-width": 2}));
  svg.appendChild(svgEl("line", {id: "cursor", x1: x(step), x2: x(step), y1: T, y2: H - B, stroke: "#f39c12", "stroke-width": 2}));
  // Blunders and mistakes, marked where the move left the game; a click goes there.
  for (const m of A.moves) {
    if (m["class"] !== "blunder" && m["class"] !== "mistake") continue;
    const v = D.chart[m.index] === null ? 0 : D.chart[m.index];
    const c = document.createElementNS(SVG, "circle");
    c.setAttribute("cx", x(m.index));
    c.setAttribute("cy", y(v));
    c.setAttribute("r", 6);
    c.setAttribute("fill", m["class"] === "blunder" ? "#c0392b" : "#e67e22");
    c.setAttribute("class", "marker marker-" + m["class"]);
    c.dataset.move = m.index;
    c.style.cursor = "pointer";
    c.addEventListener("click", ev => { ev.stopPropagation(); go(m.index); });
    const t = document.createElementNS(SVG, "title");
    t.textContent = "move " + m.index + ": " + m["class"];
    c.appendChild(t);
    svg.appendChild(c);
  }
  // Mistakes from the seat's own view: a ring around the point (the fairest judgement).
  for (const m of A.moves) {
    if (!m.seat_view || m.seat_view["class"] !== "mistake") continue;
    const v = D.chart[m.index] === null ? 0 : D.chart[m.index];
    const c = document.createElementNS(SVG, "circle");
    c.setAttribute("cx", x(m.index));
    c.setAttribute("cy", y(v));
    c.setAttribute("r", 9);
    c.setAttribute("fill", "none");
    c.setAttribute("stroke", "#8e44ad");
    c.setAttribute("stroke-width", 2.5);
    c.setAttribute("class", "marker marker-seat-view");
    c.dataset.move = m.index;
    c.style.cursor = "pointer";
    c.addEventListener("click", ev => { ev.stopPropagation(); go(m.index); });
    const t = document.createElementNS(SVG, "title");
    t.textContent = "move " + m.index + ": a mistake from seat " + m.seat + "'s own view";
    c.appendChild(t);
    svg.appendChild(c);
  }
  svg.onclick = ev => {
    const r = svg.getBoundingClientRect();
    go(Math.round((ev.clientX - r.left - L) / ((W - L - R) / Math.max(N, 1))));
  };
}

function renderMoves() {
  const box = document.getElementById("moves");
  box.replaceChildren();
  const row = (k, text, cls) => {
    const d = document.createElement("div");
    d.dataset.step = k;
    d.append(k ? k + ". " : "", el("span", {class: "cls-" + cls}, cls), " ", text);
    d.addEventListener("click", () => go(k));
    box.appendChild(d);
  };
  row(0, "the deal", "forced");
  A.moves.forEach((m, i) => row(i + 1, D.move_text[i], m["class"]));
}

function renderSummary() {
  const S = A.summary;
  const box = document.getElementById("summary");
  box.replaceChildren(el("b", {}, "Summary"), el("br"));
  for (const seat of S.seats) {
    const lost = Object.entries(seat.expected_lost).map(([k, v]) => ", " + seat.mistakes_by[k] + " mistakes and lost " +
      v.toFixed(3) + " (" + k.replace("_", " ") + ")").join("");
    box.append("seat " + seat.seat + ": " + seat.decisions + " decisions, " + seat.blunders + " blunders, " + seat.mistakes +
               " mistakes, " + seat.unsolved + " unsolved" + lost, el("br"));
  }
  box.append(S.decisive ? "first decisive mistake: move " + S.decisive.index + " by seat " + S.decisive.seat + " (" + S.decisive.by + ")"
                        : "no decisive mistake: " + S.decisive_note);
}

function render() {
  const P = D.positions[step];
  document.body.dataset.step = step;
  renderSeats(P);
  const stock = document.getElementById("stock");
  const back = el("div", {class: "card back"});
  back.appendChild(el("span", {class: "count"}, P.stock));
  stock.replaceChildren(back);
  stock.dataset.count = P.stock;
  cardRow(document.getElementById("up"), P.up === null ? [] : [P.up], false);
  document.getElementById("up-label").textContent = P.up === null ? "face up" : "face up (seat " + P.up_seat + ")";
  cardRow(document.getElementById("dead"), P.dead, true);
  document.getElementById("next-text").textContent = P.next;
  document.getElementById("step-label").textContent = "after move " + step + " of " + N;
  renderNote();
  const cursor = document.getElementById("cursor");
  if (cursor) {
    const W = +document.getElementById("chart").getAttribute("width");
    const cx = 34 + (N ? step * (W - 44) / N : 0);
    cursor.setAttribute("x1", cx);
    cursor.setAttribute("x2", cx);
  }
  for (const d of document.querySelectorAll("#moves div")) {
    d.classList.toggle("current", +d.dataset.step === step);
    if (+d.dataset.step === step && d.scrollIntoView) d.scrollIntoView({block: "nearest"});
  }
}

function go(k) {
  step = Math.max(0, Math.min(N, k));
  render();
  try { history.replaceState(null, "", "#move=" + step); } catch (e) { /* a page without history */ }
}

document.addEventListener("keydown", ev => {
  if (ev.key === "ArrowRight") go(step + 1);
  else if (ev.key === "ArrowLeft") go(step - 1);
  else if (ev.key === "Home") go(0);
  else if (ev.key === "End") go(N);
  else return;
  ev.preventDefault();
});
document.getElementById("first").onclick = () => go(0);
document.getElementById("prev").onclick = () => go(step - 1);
document.getElementById("next").onclick = () => go(step + 1);
document.getElementById("last").onclick = () => go(N);

document.getElementById("title").textContent = A.id + " (" + A.ruleset + "): " +
  (A.outcome === null ? "unfinished" : valueText(A.outcome)) +
  " after " + N + " moves";
renderMoves();
renderChart();
renderSummary();
// #move=N opens the page at move N; then #keys=ArrowRight,ArrowLeft,... presses those keys
// and #click=SELECTOR,... clicks those elements, in order (the headless browser test,
// tests/analyse_html_test.sh, steps through the page with them).
const hash = new URLSearchParams(location.hash.slice(1));
go(parseInt(hash.get("move") || "0", 10) || 0);
for (const key of (hash.get("keys") || "").split(",").filter(Boolean))
  document.dispatchEvent(new KeyboardEvent("keydown", {key: key, bubbles: true}));
for (const sel of (hash.get("click") || "").split(",").filter(Boolean)) {
  const target = document.querySelector(sel);
  if (target) target.dispatchEvent(new MouseEvent("click", {bubbles: true}));
}
)JS";

}  // namespace conquian::analyse
