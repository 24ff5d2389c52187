// The board of the two radial domino games, Wildfire (the hub) and Wildstar (the star):
// the layout as a tree around its centre, each open end with dashed places where the next
// tiles go, and the draw pile. What differs between the two (the centre's look, how a
// layout entry is written, the obligation) comes in as options from wildfire.js and
// wildstar.js.

import { s, svgRoot, clickable, tip, round } from "../dom.js";
import { tileShape, tileKey, halvesOf } from "../domino.js";
import { radialLayout } from "../radial.js";

export const U = 20; // one half of a tile, in SVG units

/** "9-4@e0" -> {halves: ["9", "4"], parent: 0, hub: null}; the centre "9-9" -> parent null. */
export function parseEntry(entry) {
  const [tile, place] = entry.split("@");
  if (!place) return { halves: halvesOf(tile), parent: null, hub: null };
  const [end, hub] = place.split(":");
  return { halves: tile === "SS" ? ["S", "S"] : tile.split("-"), parent: Number(end.replace(/^e/i, "")), hub: hub ?? null };
}

/** A play "5-3@e2", "5-3@e2 knock", "S-7@e3", "SS@e3": the tile (either way round) and its end. */
export function parsePlay(notation) {
  const m = /^(SS|[0-9WDTS]-[0-9WDT])\s*@\s*e?(\d+)/i.exec(notation.trim());
  if (!m) return null;
  const tile = m[1].toUpperCase();
  // A single star is held as "S" whatever number it is declared with.
  const hand = tile === "SS" ? "SS" : tile.startsWith("S-") ? "S" : tileKey(tile);
  return { hand, target: `e${m[2]}` };
}

/**
 * The SVG of the layout. options: {arms, centreRadius, drawCentre(g, ctx), isDouble(entry),
 * nodeClass(id, ctx), notes(ctx, layoutAt) -> [svg elements]}.
 */
export function drawRadial(ctx, options) {
  const { view } = ctx;
  const entries = view.layout.map(parseEntry);
  const nodes = entries.map((e, id) => ({ id, parent: e.parent }));
  const open = new Map(view.open_ends.map((o) => [o.end, o.free]));
  const values = new Map(view.open_ends.map((o) => [o.end, o.value]));
  const { at, ghosts } = radialLayout(nodes, open, { arms: options.arms, u: U, centreRadius: options.centreRadius });
  // Frame what is drawn, not the whole circle it could fill: a young layout is drawn large.
  const pad = U * 1.5;
  const points = [...at.values(), ...ghosts, { x: 0, y: 0 }];
  const reach = options.centreRadius + U;
  const x0 = Math.min(-reach, ...points.map((p) => p.x)) - pad;
  const x1 = Math.max(reach, ...points.map((p) => p.x)) + pad;
  const y0 = Math.min(-reach, ...points.map((p) => p.y)) - pad - U;
  // A strip along the bottom for the draw pile, clear of the tiles.
  const y1 = Math.max(reach, ...points.map((p) => p.y)) + pad + 3 * U;
  const svg = svgRoot(x0, y0, x1 - x0, y1 - y0, { class: `layout-board ${view.game}`, "aria-label": "the layout" });

  const links = s("g", { class: "links" });
  const tiles = s("g", { class: "tiles" });
  const places = s("g", { class: "places" });
  svg.append(s("rect", { class: "table-felt", x: x0, y: y0, width: x1 - x0, height: y1 - y0 }), links);

  const target = (end) => `e${end}`;
  const asTarget = (node, end, label) => {
    const key = target(end);
    node.setAttribute("data-end", key);
    if (ctx.targets.has(key)) {
      node.classList.add("target");
      node.setAttribute("data-target", key);
      clickable(node, () => ctx.pickTarget(key), label);
    }
    return node;
  };

  entries.forEach((entry, id) => {
    if (id === 0 || !at.has(id)) return;
    const p = at.get(id);
    const q = at.get(entry.parent) || { x: 0, y: 0 };
    links.append(s("line", { class: "link", x1: round(q.x), y1: round(q.y), x2: round(p.x), y2: round(p.y) }));
    const crosswise = options.isDouble(entry);
    // The tile laid last stands out, so that whoever looks up sees what just happened.
    const cls = `${options.nodeClass(id, ctx)}${id === entries.length - 1 ? " newest" : ""}`;
    const g = tileShape(entry.halves, { x: p.x, y: p.y, angle: p.angle + (crosswise ? 90 : 0), u: U, cls });
    g.setAttribute("data-entry", id); // which tile it is, for the animations and the last moves' marks
    g.append(tip(`e${id}: ${view.layout[id]}`));
    if (open.has(id)) asTarget(g, id, `end e${id}`);
    tiles.append(g);
  });

  for (const ghost of ghosts) {
    const value = values.get(ghost.end);
    const g = s("g", {
      class: `place${ghost.end === (view.obligation && view.obligation.end) ? " owed" : ""}`,
      transform: `translate(${round(ghost.x)},${round(ghost.y)})`,
    });
    g.append(
      s("rect", { class: "place-outline", x: -U, y: -U / 2, width: 2 * U, height: U, rx: U * 0.2, transform: `rotate(${round(ghost.angle)})` }),
      s("text", { class: "place-value", y: U * 0.05, text: options.valueText(value) }),
      s("text", { class: "place-end", y: U * 1.1, text: `e${ghost.end}` }),
      tip(`open end e${ghost.end}: ${options.valueWords(value)}`),
    );
    asTarget(g, ghost.end, `end e${ghost.end}`);
    places.append(g);
  }

  const centre = s("g", { class: "centre" });
  options.drawCentre(centre, ctx, entries[0]);
  if (open.has(0)) asTarget(centre, 0, "the centre, e0");
  svg.append(centre, tiles, places, ...(options.notes ? options.notes(ctx, at) : []));
  svg.append(pileShape(ctx, x1 - 1.6 * U, y1 - 1.9 * U));
  return svg;
}

/** The draw pile in a corner of the board: clicking it draws when drawing is a choice. */
function pileShape(ctx, x, y) {
  const { view } = ctx;
  const g = s("g", { class: "pile", transform: `translate(${round(x)},${round(y)})` });
  for (let i = Math.min(3, view.pile) - 1; i >= 0; i--) {
    g.append(s("rect", { class: "pile-tile", x: -U + i * 3, y: -U / 2 - i * 3, width: 2 * U, height: U, rx: U * 0.14 }));
  }
  g.append(s("text", { class: "pile-count", y: U * 1.25, text: `pile ${view.pile}` }));
  if (ctx.targets.has("draw")) {
    g.classList.add("target");
    g.setAttribute("data-target", "draw");
    clickable(g, () => ctx.pickTarget("draw"), "draw a tile");
  }
  return g;
}

/** The rows of a score sheet with a column per seat (or team) and a total row. */
export function sheetTable(view, heads, rowName) {
  if (!view.sheet) return null;
  return {
    head: ["", ...heads],
    rows: view.sheet.map((row, i) => [rowName(i), ...row.map(String)]),
    foot: ["Total", ...view.scores.map(String)],
  };
}
