// Wildfire: the hub in the middle with the centre double and its four arms; every tile
// since, branching at doubles; the open ends with their places; the open obligation
// (a Wild One or Wildfire still to be completed) ringed in flame, with the hub's number.
// Moves (docs/notation.md): "5-3@e2" (inner half first), "5-3@e2 knock", "hub 7", "draw", "pass".

import { s, clickable, tip, round } from "../dom.js";
import { drawDominoHand, tileShape } from "../domino.js";
import { drawRadial, parsePlay, sheetTable, U } from "./radial_board.js";

const HUB_RADIUS = 46;

// Dominoes: the page offers pips or numerals, and keeps every figure readable (fit.js).
export { drawsNumerals, setNumerals } from "../domino.js";
export const keepFiguresReadable = true;

export function parseMove(notation) {
  const text = notation.trim().toLowerCase();
  if (text === "draw") return { target: "draw" };
  const hub = /^hub\s+(\d)$/.exec(text);
  if (hub) return { target: `hub ${hub[1]}` };
  return parsePlay(notation);
}

const numberText = (value) => (value < 0 ? "?" : value === 1 ? "W" : String(value));

/** The hub: its nine numbers round the centre double, the one lit now glowing. */
function drawHub(g, ctx, centre) {
  const { view } = ctx;
  const lit = view.obligation ? view.obligation.hub : null;
  g.append(s("circle", { class: "hub", r: HUB_RADIUS }), s("circle", { class: "hub-inner", r: HUB_RADIUS - 17 }));
  for (let n = 1; n <= 9; n++) {
    const angle = -Math.PI / 2 + ((n - 1) * 2 * Math.PI) / 9;
    const x = Math.cos(angle) * (HUB_RADIUS - 8.5);
    const y = Math.sin(angle) * (HUB_RADIUS - 8.5);
    const key = `hub ${n}`;
    const number = s(
      "g",
      { class: `hub-number${n === lit ? " lit" : ""}`, transform: `translate(${round(x)},${round(y)})` },
      s("circle", { r: 8.5 }),
      s("text", { y: 4, text: n === 1 ? "W" : String(n) }),
    );
    if (ctx.targets.has(key)) {
      number.classList.add("target");
      number.setAttribute("data-target", key);
      clickable(number, () => ctx.pickTarget(key), `call ${n}`);
    }
    g.append(number);
  }
  if (centre) g.append(tileShape(centre.halves, { angle: 90, u: U * 0.95, cls: "centre-tile" }));
  g.append(tip("the hub (e0)"));
}

/** The open obligation ringed in flame; its words are in the line under the board (summary),
 * where they cover no tile. */
function obligationNote(ctx, at) {
  const ob = ctx.view.obligation;
  if (!ob || !at.has(ob.end)) return [];
  const p = at.get(ob.end);
  const words = `${ob.kind}: ${ob.hub === null ? "hub not pressed" : `match ${numberText(ob.hub)}`} · ${ob.slots_left} to go`;
  return [s("circle", { class: "obligation-ring", cx: round(p.x), cy: round(p.y), r: U * 1.35 }, tip(words))];
}

export function drawBoard(ctx) {
  const obligationEnd = ctx.view.obligation ? ctx.view.obligation.end : null;
  return drawRadial(ctx, {
    arms: (ctx.assets && ctx.assets.arms) || 4,
    centreRadius: HUB_RADIUS,
    drawCentre: drawHub,
    // A plain double and the Double Wild One lie crosswise; Wildfires never do.
    isDouble: (entry) => entry.halves[0] === entry.halves[1],
    nodeClass: (id) => (id === obligationEnd ? "obligation" : ""),
    valueText: numberText,
    valueWords: (v) => (v < 0 ? "the hub is not pressed yet" : v === 1 ? "a Wild One must go here" : `a ${v} goes here`),
    notes: obligationNote,
  });
}

export function drawHand(ctx) {
  return drawDominoHand(ctx);
}

export function summary({ view }) {
  const parts = [`Round ${view.round}`, `pile ${view.pile}`];
  const ob = view.obligation;
  if (ob) parts.push(`${ob.kind} at e${ob.end}: ${ob.hub === null ? "hub not pressed" : `match ${numberText(ob.hub)}`}, ${ob.slots_left} to go`);
  if (view.penalty !== null && view.penalty !== undefined) parts.push(`P${view.penalty + 1} draws a penalty tile`);
  return parts;
}

export function prompt(view) {
  if (view.phase === "afterdraw") return `Play the tile you drew (${view.drawn}) or pass`;
  if (view.phase === "hub") return "Call the hub's number";
  if (view.obligation) return `Complete the ${view.obligation.kind}`;
  return "Play a tile on an open end";
}

export function seatFacts(view, seat) {
  const facts = [`${view.hand_sizes[seat]} tile${view.hand_sizes[seat] === 1 ? "" : "s"}`];
  if (view.knocked[seat]) facts.push("knocked");
  if (view.loses_turn[seat]) facts.push("loses a turn");
  facts.push(`${view.scores[seat]} pts`);
  return facts.join(" · ");
}

export function sideName(view, side, name) {
  return name(side);
}

export function sheet({ view, names }) {
  const heads = view.scores.map((_, i) => names[i] || `P${i + 1}`);
  return sheetTable(view, heads, (i) => `Round ${i + 1}`);
}

/** The board in words, for a screen reader: the hub, each open end and what it needs, the
 * open obligation. */
export function describe({ view }) {
  const words = [`Wildfire, round ${view.round}. The hub is ${view.layout[0] || "empty"}.`];
  const ends = (view.open_ends || []).map(
    (end) => `e${end.end} needs a ${numberText(end.value)}${end.double && end.free ? ` (a double: ${end.free} side${end.free === 1 ? "" : "s"} free)` : ""}`,
  );
  words.push(ends.length ? `Open ends: ${ends.join("; ")}.` : "No open ends.");
  const ob = view.obligation;
  if (ob) {
    const hub = ob.hub === null ? "the hub's number not yet named" : `match ${numberText(ob.hub)}`;
    words.push(`Open obligation: ${ob.kind} at e${ob.end}, ${hub}, ${ob.slots_left} to go.`);
  }
  words.push(`${view.pile} tile${view.pile === 1 ? "" : "s"} in the pile.`);
  return words.join(" ");
}
