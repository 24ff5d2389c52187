// Highrise: the tower seen from above. Each cell shows the half on top (the number a play
// there must match) and its level, coloured by height with a shadow that grows with it; the
// top dominoes are outlined across their two cells, and a cell standing on clear spacers
// shows them. A play is two cells: click one, then the other beside it (after picking a
// domino from the hand, or not). Moves (docs/notation.md): "5-3@a1,b1", "5-3@a1^,b1" (a
// clear spacer on a1 first), "draw", "pass".

import { s, svgRoot, clickable, tip } from "../dom.js";
import { drawDominoHand, tileKey, halfFace } from "../domino.js";

const C = 64; // a cell, in SVG units
const GAP = 6;

// Dominoes: the page offers pips or numerals, and keeps every figure readable (fit.js).
export { drawsNumerals, setNumerals } from "../domino.js";
export const keepFiguresReadable = true;

export function parseMove(notation) {
  const text = notation.trim();
  const m = /^([0-6W])-([0-6W])\s*@\s*([a-h]\d)(\^?)\s*,\s*([a-h]\d)(\^?)$/i.exec(text);
  if (!m) return null;
  return { hand: tileKey(`${m[1]}-${m[2]}`), target: `${m[3].toLowerCase()},${m[5].toLowerCase()}`, spacer: Boolean(m[4] || m[6]) };
}

function levelFill(level) {
  if (level === null || level === undefined) return "#eee9dc";
  if (level === 0) return "#d8d2c2";
  const l = Math.min(level, 9);
  return `hsl(${205 - l * 20}, 62%, ${84 - l * 4}%)`;
}

/** The clear spacers under each cell, from the levels' plays ("5-3@a1^,b1" puts one on a1). */
function spacersByCell(view) {
  const count = new Map();
  for (const level of view.levels) {
    for (const play of level) {
      const cells = play.split("@")[1].split(",");
      for (const cell of cells) if (cell.endsWith("^")) count.set(cell.slice(0, -1), (count.get(cell.slice(0, -1)) || 0) + 1);
    }
  }
  return count;
}

export function drawBoard(ctx) {
  const { view } = ctx;
  const base = ((ctx.assets && ctx.assets.bases) || {})[view.basement_layout] || { cols: 4, rows: 4 };
  const cells = new Map(view.cells.map((c) => [c.cell, c]));
  const where = (name) => {
    const col = name.charCodeAt(0) - 97;
    const row = Number(name.slice(1)) - 1;
    // Row 1 nearest the player: at the bottom.
    return { x: col * (C + GAP), y: (base.rows - 1 - row) * (C + GAP) };
  };
  const width = base.cols * (C + GAP) - GAP;
  const height = base.rows * (C + GAP) - GAP;
  const svg = svgRoot(-34, -14, width + 48, height + 44, { class: "tower-board", "aria-label": "the tower from above" });
  const spacers = spacersByCell(view);

  // Which cells can be clicked now: any cell of a legal pair, or with a first cell picked,
  // the cells that pair with it.
  const pairs = [...ctx.targets].filter((t) => t.includes(",")).map((t) => t.split(","));
  const first = ctx.partial;
  const clickableCells = new Set();
  for (const [a, b] of pairs) {
    if (first === null) clickableCells.add(a).add(b);
    else if (a === first) clickableCells.add(b);
    else if (b === first) clickableCells.add(a);
  }

  for (let col = 0; col < base.cols; col++) {
    svg.append(s("text", { class: "axis", x: col * (C + GAP) + C / 2, y: height + 22, text: String.fromCharCode(97 + col) }));
  }
  for (let row = 0; row < base.rows; row++) {
    svg.append(s("text", { class: "axis", x: -18, y: (base.rows - 1 - row) * (C + GAP) + C / 2 + 5, text: String(row + 1) }));
  }

  const layer = s("g", { class: "cells" });
  for (const cell of view.cells) {
    const { x, y } = where(cell.cell);
    const level = cell.level;
    const lift = Math.min(level || 0, 8) * 1.2;
    const g = s("g", { class: "cell", "data-cell": cell.cell, transform: `translate(${x},${y})` });
    g.append(
      s("rect", { class: "cell-shadow", x: lift, y: lift, width: C, height: C, rx: 6, opacity: level ? 0.25 : 0 }),
      s("rect", { class: "cell-top", width: C, height: C, rx: 6, fill: levelFill(level) }),
    );
    if (cell.top !== null) {
      const face = halfFace(cell.top, C * 0.8);
      face.setAttribute("transform", `translate(${C / 2},${C / 2 - 2})`);
      g.append(face);
    }
    if (level !== null) g.append(s("text", { class: "cell-level", x: C - 6, y: C - 6, text: level === 0 ? "B" : `L${level}` }));
    const spacer = spacers.get(cell.cell);
    if (spacer) {
      g.append(
        s("rect", { class: "spacer", x: 5, y: C - 15, width: 10, height: 10, rx: 2 }),
        spacer > 1 ? s("text", { class: "spacer-count", x: 19, y: C - 6, text: `×${spacer}` }) : null,
      );
    }
    const words = `${cell.cell}: ${cell.top === null ? "empty" : `${cell.top} on top`}, ${level === 0 ? "basement" : level === null ? "" : `level ${level}`}${cell.domino ? ` (${cell.domino})` : ""}${spacer ? `, ${spacer} spacer${spacer > 1 ? "s" : ""}` : ""}`;
    g.append(tip(words));
    if (first === cell.cell) g.classList.add("picked");
    if (clickableCells.has(cell.cell) || first === cell.cell) {
      g.classList.add("target");
      g.setAttribute("data-target", cell.cell);
      clickable(g, () => pickCell(ctx, pairs, cell.cell), words);
    }
    layer.append(g);
  }
  svg.append(layer, outlines(view, cells, where));
  return svg;
}

/** First click: remember the cell; second: the pair it makes (or start again on the same cell). */
function pickCell(ctx, pairs, cell) {
  const first = ctx.partial;
  if (first === null) return ctx.setPartial(cell);
  if (first === cell) return ctx.setPartial(null);
  const pair = pairs.find(([a, b]) => (a === first && b === cell) || (a === cell && b === first));
  if (pair) ctx.pickTarget(pair.join(","));
}

/** The top dominoes: two side-by-side cells whose tops are halves of one domino at one level. */
function outlines(view, cells, where) {
  const g = s("g", { class: "outlines" });
  const done = new Set();
  for (const cell of view.cells) {
    if (!cell.domino || done.has(cell.cell)) continue;
    const col = cell.cell.charCodeAt(0);
    const row = Number(cell.cell.slice(1));
    const partners = [`${String.fromCharCode(col + 1)}${row}`, `${String.fromCharCode(col)}${row + 1}`];
    const mate = partners.map((n) => cells.get(n)).find((o) => o && o.domino === cell.domino && o.level === cell.level);
    if (!mate && !cell.level) continue; // half a basement domino: the cell's edge says enough
    const a = where(cell.cell);
    const b = mate ? where(mate.cell) : a;
    done.add(cell.cell);
    if (mate) done.add(mate.cell);
    const x = Math.min(a.x, b.x) + 2;
    const y = Math.min(a.y, b.y) + 2;
    g.append(
      s("rect", {
        class: `domino-outline${mate ? "" : " half-only"}`,
        x,
        y,
        width: Math.abs(a.x - b.x) + C - 4,
        height: Math.abs(a.y - b.y) + C - 4,
        rx: 8,
      }),
    );
  }
  return g;
}

export function drawHand(ctx) {
  return drawDominoHand(ctx);
}

export function summary({ view }) {
  return [
    `Hand ${view.hand_number}`,
    `pile ${view.pile}`,
    `${view.spacers_left} clear spacer${view.spacers_left === 1 ? "" : "s"} left`,
    `base ${view.basement_layout}`,
  ];
}

export function prompt(view) {
  if (view.phase === "afterdraw") return `Play the domino you drew (${view.drawn}) or pass`;
  return "Lay a domino across two cells";
}

export function seatFacts(view, seat) {
  const n = view.hand_sizes[seat];
  return `${n} domino${n === 1 ? "" : "es"} · ${view.scores[seat]} pts`;
}

export function sideName(view, side, name) {
  return name(side);
}

export function sheet({ view, names }) {
  return {
    head: ["", ...view.scores.map((_, i) => names[i] || `P${i + 1}`)],
    rows: [],
    foot: ["Total", ...view.scores.map(String)],
  };
}
