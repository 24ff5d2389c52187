// Wildstar: the star centre piece with the hand's double and its five arms, then every
// tile laid since. Moves (docs/notation.md): "4-6@e3" (inner half first), "S-7@e3" (a
// single star declared as the end's number and 7), "SS@e3" (the double star), "draw", "pass".
// Picking a single star and an end leaves the ten declarations in the list to choose from.

import { s, tip, round } from "../dom.js";
import { drawDominoHand, tileShape, tileKey } from "../domino.js";
import { drawRadial, parsePlay, sheetTable, U } from "./radial_board.js";

const STAR_RADIUS = 44;

// Dominoes: the page offers pips or numerals, and keeps every figure readable (fit.js).
export { drawsNumerals, setNumerals } from "../domino.js";
export const keepFiguresReadable = true;

export function parseMove(notation) {
  if (notation.trim().toLowerCase() === "draw") return { target: "draw" };
  return parsePlay(notation);
}

const handKey = (tile) => (tile === "S" || tile === "SS" ? tile : tileKey(tile));

function starPoints(outer, inner, points) {
  const out = [];
  for (let i = 0; i < 2 * points; i++) {
    const r = i % 2 ? inner : outer;
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    out.push(`${round(Math.cos(a) * r)},${round(Math.sin(a) * r)}`);
  }
  return out.join(" ");
}

function drawStar(g, ctx, centre) {
  const { view } = ctx;
  g.append(s("polygon", { class: "star-piece", points: starPoints(STAR_RADIUS, STAR_RADIUS * 0.5, 5) }));
  if (centre) g.append(tileShape(centre.halves, { angle: 90, u: U, cls: "centre-tile" }));
  g.append(tip(`the star centre (e0): ${view.arms} of ${view.arms_needed} arms out`));
}

export function drawBoard(ctx) {
  return drawRadial(ctx, {
    arms: (ctx.assets && ctx.assets.arms) || 5,
    centreRadius: STAR_RADIUS,
    drawCentre: drawStar,
    // A double, or the double star standing in for one, lies crosswise.
    isDouble: (entry) => entry.halves[0] === entry.halves[1],
    nodeClass: () => "",
    valueText: (v) => String(v),
    valueWords: (v) => `a ${v} (or a wildstar) goes here`,
  });
}

export function drawHand(ctx) {
  return drawDominoHand(ctx, handKey);
}

function teamName(view, team) {
  return `Team ${view.teams[team].map((seat) => `P${seat + 1}`).join("+")}`;
}

export function summary({ view }) {
  const parts = [`Hand ${view.hand_number} of ${view.hands_in_game}`, `centre ${view.centre}`, `pile ${view.pile}`];
  if (view.stage === "centre") parts.push(`centre stage: ${view.arms} of ${view.arms_needed} arms out`);
  parts.push(view.lowest_wins ? "lowest total wins" : "highest total wins");
  return parts;
}

export function prompt(view) {
  if (view.phase === "afterdraw") return `Play the tile you drew (${view.drawn}) or pass`;
  if (view.stage === "centre") return `Play a ${view.centre.split("-")[0]} around the centre`;
  return "Play a tile on an open end";
}

export function seatFacts(view, seat) {
  const facts = [`${view.hand_sizes[seat]} tile${view.hand_sizes[seat] === 1 ? "" : "s"}`];
  if (view.teams) {
    const team = view.teams.findIndex((t) => t.includes(seat));
    facts.push(`${teamName(view, team)}: ${view.scores[team]} pts`);
  } else facts.push(`${view.scores[seat]} pts`);
  return facts.join(" · ");
}

/** A winner is a seat, or a team with Partners. */
export function sideName(view, side, name) {
  return view.teams ? teamName(view, side) : name(side);
}

export function sheet({ view, names }) {
  const heads = view.teams ? view.teams.map((_, t) => teamName(view, t)) : view.scores.map((_, i) => names[i] || `P${i + 1}`);
  return sheetTable(view, heads, (i) => `Hand ${i + 1}`);
}
