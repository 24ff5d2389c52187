// Domino tiles as SVG, shared by Wildfire, Wildstar and Highrise. A number's half is drawn
// as pips, as on the real tiles, or (a setting of the page, kept in localStorage) as the
// digit the notation writes; the wild halves (W, D, T, S) get a shape as well as a letter.

import { h, s, round } from "./dom.js";

const FLAME = "M0,-1 C0.55,-0.35 0.75,0.25 0.45,0.7 C0.25,1 -0.25,1 -0.45,0.7 C-0.75,0.25 -0.55,-0.35 0,-1 Z";

function starPath(r) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? r * 0.45 : r;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${round(Math.cos(angle) * radius)},${round(Math.sin(angle) * radius)}`);
  }
  return `M${points.join(" L")} Z`;
}

// Where the pips of 0..9 sit on a half (or 1..6 on a die's face), in thirds of its pip
// field: the layouts of a double-nine set (7: two rows of three and the middle; 8: all but
// the middle).
export const PIP_SPOTS = {
  0: [],
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  7: [[-1, -1], [1, -1], [-1, 0], [0, 0], [1, 0], [-1, 1], [1, 1]],
  8: [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]],
  9: [[-1, -1], [0, -1], [1, -1], [-1, 0], [0, 0], [1, 0], [-1, 1], [0, 1], [1, 1]],
};

export const HALVES_KEY = "gamenight.halves";
let numerals = readNumerals();

function readNumerals() {
  try {
    return localStorage.getItem(HALVES_KEY) === "numerals";
  } catch {
    return false; // storage refused (a private window): pips, the default
  }
}

/** Are numbers' halves drawn as digits (true) or as pips (false, the default)? */
export function drawsNumerals() {
  return numerals;
}

/** Draw numbers' halves as digits or as pips from now on, and remember the choice. */
export function setNumerals(on) {
  numerals = Boolean(on);
  try {
    localStorage.setItem(HALVES_KEY, numerals ? "numerals" : "pips");
  } catch {
    // Not remembered, but still drawn so on this page.
  }
}

/** One half's face, centred on (0, 0), `u` wide. */
export function halfFace(symbol, u) {
  const g = s("g", { class: `half half-${symbol}` });
  const size = u * 0.62;
  if (symbol === "W" || symbol === "D" || symbol === "T") {
    // A flame: the Wild One (W), the Double (D) and Triple (T) Wildfires.
    g.append(s("path", { d: FLAME, class: "flame", transform: `scale(${round(u * 0.38)})` }));
    g.append(s("text", { class: "flame-letter", "font-size": round(u * 0.5), y: round(u * 0.22), text: symbol }));
  } else if (symbol === "S") {
    g.append(s("path", { d: starPath(u * 0.4), class: "star" }));
  } else if (!numerals && PIP_SPOTS[symbol]) {
    // The pips' field is most of the half, each pip a sixth of it across.
    g.setAttribute("data-pips", symbol);
    const step = u * 0.27;
    for (const [dx, dy] of PIP_SPOTS[symbol]) {
      g.append(s("circle", { class: "pip", cx: round(dx * step), cy: round(dy * step), r: round(u * 0.085) }));
    }
  } else {
    g.append(s("text", { class: "pips", "font-size": round(size), y: round(size * 0.36), text: symbol }));
  }
  return g;
}

/** The two halves of a tile as written: "5-3" -> ["5", "3"]; "SS" -> ["S", "S"]; "S" -> ["S", "?"]. */
export function halvesOf(tile) {
  if (tile === "SS") return ["S", "S"];
  if (tile === "S") return ["S", ""]; // a single star: one star half, one plain
  const [a, b] = tile.split("-");
  return [a, b];
}

/** The same tile whichever way round it is written: "3-5" and "5-3" give "3-5". */
export function tileKey(tile) {
  return halvesOf(tile.toUpperCase()).slice().sort().join("-");
}

/**
 * A tile at (x, y), its long side turned `angle` degrees from pointing right, the first
 * half at the back (towards the end it is laid on). `u` is the size of one half.
 */
export function tileShape(halves, { x = 0, y = 0, angle = 0, u = 20, cls = "" } = {}) {
  const g = s("g", {
    class: `tile ${cls}`.trim(),
    transform: `translate(${round(x)},${round(y)}) rotate(${round(angle)})`,
  });
  g.append(s("rect", { class: "tile-body", x: -u, y: -u / 2, width: 2 * u, height: u, rx: u * 0.14 }));
  g.append(s("line", { class: "tile-divider", x1: 0, y1: -u * 0.38, x2: 0, y2: u * 0.38 }));
  // Each face is turned back by `angle` so its digit reads upright whatever the tile's turn.
  const [a, b] = halves;
  const first = halfFace(a, u);
  first.setAttribute("transform", `translate(${round(-u / 2)},0) rotate(${round(-angle)})`);
  const second = halfFace(b, u);
  second.setAttribute("transform", `translate(${round(u / 2)},0) rotate(${round(-angle)})`);
  g.append(first, second);
  return g;
}

/** A hand tile as a small standalone <svg>, upright, for the hand and the choice lists. */
export function tileIcon(tile, u = 26, vertical = false) {
  const halves = halvesOf(tile);
  const width = vertical ? u + 4 : 2 * u + 4;
  const height = vertical ? 2 * u + 4 : u + 4;
  const svg = s("svg", {
    class: "tile-icon",
    viewBox: `${-width / 2} ${-height / 2} ${width} ${height}`,
    width,
    height,
    "aria-hidden": "true",
  });
  svg.append(tileShape(halves, { u, angle: vertical ? 90 : 0 }));
  return svg;
}

/** The seat's tiles, in the order received; the one just drawn is marked. */
export function drawDominoHand(ctx, handKey = tileKey) {
  const { view } = ctx;
  if (!view.hand) return null;
  const row = h("div", { class: "tiles-row" });
  for (const tile of view.hand) {
    const key = handKey(tile);
    const on = ctx.playable.has(key);
    const picked = ctx.selection.hand === key;
    const button = h(
      "button",
      {
        type: "button",
        class: `hand-tile${on ? " playable" : ""}${picked ? " picked" : ""}${tile === view.drawn ? " drawn" : ""}`,
        "data-tile": tile,
        title: tile === view.drawn ? `${tile}: just drawn` : tile,
        disabled: !on,
        onclick: () => ctx.pickHand(key),
      },
      tileIcon(tile, 30, true),
    );
    row.append(button);
  }
  if (!view.hand.length) row.append(h("p", { class: "empty", text: "No tiles in hand." }));
  return row;
}
