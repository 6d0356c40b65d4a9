"use strict";
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
