const D = JSON.parse(document.getElementById("data").textContent);
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
