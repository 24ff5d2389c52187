// What just happened, on the board (issue 28, item 6): each move is animated as it arrives
// (a tile slides from the hand or the pile to its place, a pawn walks its path, a Fireball
// rolls down its rollway and the pieces it hits fall), and the last move of every seat stays
// marked in the seat's colour until that seat's next one.
//
// The page draws each state at once, whole and final, and only then does this module move
// what was drawn: an animation is a Web Animation on an element already in its place, never
// a wait. A click, a move sent or a state received is handled as if nothing moved, and the
// log is written in the server's order whatever plays. Every render draws the board afresh,
// so the animations still running are started again on the new elements at the time they
// had reached. With prefers-reduced-motion nothing moves; the marks are drawn all the same.
//
// A "move" here is a decision that changes the board: a tile laid, a walk, a Fireball aimed.
// A pass, a draw or a card played leaves a seat's mark as it is (a Fireball Island card
// window asks every seat to pass again and again).

import { s, round, tip } from "./dom.js";
import { tileKey, tileShape } from "./domino.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const SLIDE_MS = 650; // a tile from the hand or the pile to its place
const STEP_MS = 170; // a pawn, one space
const WALK_MOST_MS = 2400;
const ROLL_MS = 1300; // a Fireball down its rollway

/** Which board moves a game has, and how they are read from an event and the views. */
const GAMES = {
  wildfire: "radial",
  wildstar: "radial",
  highrise: "tower",
  "fireball-island": "island",
};

export class Motion {
  constructor(game) {
    this.kind = GAMES[game] || null;
    this.reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    this.marks = new Map(); // seat -> {n, ...what to mark}
    this.running = []; // [{seat, key, start, duration, build(svg, hand, overlay, ctx) -> [[element, keyframes, options]]}]
    this.handRects = new Map(); // the hand's tiles where they were drawn before this state
    this.drawn = null; // the board, hand and marks' layer drawn last, for the next frame
    this.frame = null;
  }

  /** News from the server, before the page draws it: `before` and `after` are the seat's
   * views, `fresh` the new events in the server's order. Decides the marks and the motions. */
  news(fresh, before, after, { seat: mySeat, assets, hand }) {
    if (!this.kind || !after) return;
    // A page that has just opened (or came back after a long gap) is told the whole game: it
    // marks what it can read from the events, and animates nothing of the past.
    const animate = Boolean(before) && !this.reduced.matches;
    // The reader's own tile slides from where it was in the hand: read before the hand is drawn again.
    this.handRects = new Map();
    if (hand && animate && fresh.some((e) => e.seat === mySeat)) {
      for (const tile of hand.querySelectorAll("[data-tile]")) this.handRects.set(tile.dataset.tile, tile.getBoundingClientRect());
    }
    const read = { radial: readRadial, tower: readTower, island: readIsland }[this.kind];
    const now = document.timeline.currentTime || performance.now();
    for (const motion of read(this, fresh, before, after, { mySeat, assets })) {
      if (!animate) continue;
      // A newer motion of the same thing replaces the one still playing: the newest state wins.
      this.running = this.running.filter((m) => m.key !== motion.key);
      this.running.push({ ...motion, start: now });
    }
  }

  /** A seat's move: its mark now says this move, whatever it said before. */
  mark(seat, n, what) {
    this.marks.set(seat, { n, ...what });
  }

  /** After a render: the marks on the fresh board, and the motions still running started on
   * its elements where they were. */
  dress(svg, hand, ctx) {
    if (!this.kind || !svg || svg.namespaceURI !== SVG_NS) return;
    const overlay = s("g", { class: "last-moves", "aria-hidden": "true" });
    const drawMarks = { radial: marksRadial, tower: marksTower, island: marksIsland }[this.kind];
    drawMarks(this, svg, overlay, ctx);
    svg.append(overlay);
    if (!this.running.length) return;
    // Started at the next frame, before it is painted: where things come from is read once
    // the whole page is drawn (one layout, not one more for the news), and no frame shows a
    // tile first at its place and then back at its start.
    this.drawn = { svg, hand, overlay, ctx };
    if (!this.frame) this.frame = requestAnimationFrame(() => this.play());
  }

  /** The motions still running, started on the board drawn last, where they had got to. */
  play() {
    this.frame = null;
    const { svg, hand, overlay, ctx } = this.drawn;
    if (!svg.isConnected) return; // the page shows no game now
    const now = document.timeline.currentTime || performance.now();
    this.running = this.running.filter((m) => now < m.start + m.duration);
    for (const motion of this.running) {
      for (const [element, keyframes, options] of motion.build(svg, hand, overlay, ctx)) {
        if (!element) continue;
        element.setAttribute("data-motion-seat", motion.seat); // whose move it shows
        const animation = element.animate(keyframes, { duration: motion.duration, fill: "backwards", ...options });
        animation.currentTime = now - motion.start; // negative: not begun yet
      }
    }
  }
}

// -- where things are ----------------------------------------------------------------------

/** A point on the screen (client pixels) in the SVG's own units; null when not laid out. */
function toSvg(svg, x, y) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  return new DOMPoint(x, y).matrixTransform(m.inverse());
}

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

function inView(rect) {
  return rect.width > 0 && rect.bottom > 0 && rect.top < window.innerHeight && rect.right > 0 && rect.left < window.innerWidth;
}

/** Where a tile comes from, in the SVG's units: the reader's own hand tile as it was drawn,
 * the pile (a tile just drawn and played), or the seat's line in the players' list (its hand,
 * as far as the others know); off screen, the bottom edge of the board. */
function source(motion, svg, { seat, mySeat, tile, fromPile }) {
  let rect = null;
  if (fromPile) rect = rectOf(svg.querySelector(".pile"));
  if (!rect && seat === mySeat && tile) rect = motion.handRects.get(tile) || null;
  if (!rect) {
    const line = rectOf(document.querySelector(`#seats li[data-seat="${seat}"]`));
    if (line && inView(line)) rect = line;
  }
  if (!rect) {
    const board = svg.getBoundingClientRect();
    rect = { left: board.left + board.width / 2, top: board.bottom, width: 0, height: 0 };
  }
  const c = centre(rect);
  return toSvg(svg, c.x, c.y);
}

function rectOf(node) {
  return node ? node.getBoundingClientRect() : null;
}

/** The translation of an SVG element's transform: where it stands in its parent's units. */
function placeOf(node) {
  const list = node.transform && node.transform.baseVal;
  if (!list || !list.numberOfItems) return { x: 0, y: 0 };
  const m = list.getItem(0).matrix;
  return { x: m.e, y: m.f };
}

const px = (p) => `${round(p.x)}px ${round(p.y)}px`;

/** A seat's number in its colour, for a mark. */
function tag(seat, x, y, words) {
  return s(
    "g",
    { class: `mark-tag seat-colour-${seat}`, transform: `translate(${round(x)},${round(y)})` },
    s("circle", { r: 9 }),
    s("text", { y: 3.5, text: String(seat + 1) }),
    tip(words),
  );
}

/** The seats' events that change the board (a pass, a draw or a card does not). */
function boardMoves(fresh, test) {
  return fresh.filter((e) => e.seat !== null && e.seat !== undefined && e.notation && test(e.notation));
}

// -- Wildfire and Wildstar: a tile laid on an end ------------------------------------------------

const PLAY = /^(SS|[0-9WDTS]-[0-9WDT])\s*@\s*e?(\d+)/i;

/** The layout entry a play made: the same tile, laid on the same end ("7-T@e9" is held as
 * "7-T@e9:2" once the hub is pressed). The newest such entry; -1 if the layout has none. */
function entryOf(layout, notation) {
  const m = PLAY.exec(notation.trim());
  if (!m) return -1;
  const want = `${m[1].toUpperCase() === "SS" ? "SS" : tileKey(m[1])}@e${m[2]}`;
  for (let i = layout.length - 1; i > 0; i--) {
    const [tile, place] = layout[i].split(":")[0].split("@");
    if (`${tile === "SS" ? "SS" : tileKey(tile)}@${place.toLowerCase()}` === want) return i;
  }
  return -1;
}

function readRadial(motion, fresh, before, after, { mySeat }) {
  const motions = [];
  const drawn = new Set(); // seats whose last decision was a draw: the tile they play comes from the pile
  for (const e of fresh) {
    if (e.seat === null || e.seat === undefined || !e.notation) continue;
    const text = e.notation.trim().toLowerCase();
    if (text === "draw") {
      drawn.add(e.seat);
      if (e.seat === mySeat && before && after.drawn) motions.push(drawToHand(after.drawn, mySeat));
      continue;
    }
    const entry = entryOf(after.layout || [], e.notation);
    if (entry < 0) continue; // a pass, a hub called: the board's marks stay
    motion.mark(e.seat, e.n, { entry, text: after.layout[entry], deal: dealOf(after) });
    const m = PLAY.exec(e.notation.trim());
    const tile = m[1].toUpperCase() === "SS" ? "SS" : m[1].toUpperCase().startsWith("S-") ? "S" : null;
    const fromPile = drawn.has(e.seat);
    drawn.delete(e.seat);
    motions.push({
      seat: e.seat,
      key: `entry ${entry}`,
      duration: SLIDE_MS,
      build: (svg) => {
        const node = svg.querySelector(`[data-entry="${entry}"]`);
        if (!node) return [];
        const hand = tile || handTileFor(motion, m[1]);
        const from = source(motion, svg, { seat: e.seat, mySeat, tile: hand, fromPile });
        if (!from) return [];
        const at = placeOf(node);
        const offset = { x: from.x - at.x, y: from.y - at.y };
        return [[node, [{ translate: px(offset) }, { translate: "0px 0px" }], { id: "motion-tile", easing: "ease-out" }]];
      },
    });
  }
  return motions;
}

/** The hand tile (as the hand writes it) that a play's tile is: "5-3" is held as "3-5" or "5-3". */
function handTileFor(motion, tile) {
  const key = tileKey(tile.toUpperCase());
  for (const held of motion.handRects.keys()) if (tileKey(held) === key) return held;
  return null;
}

/** The tile just drawn slides from the pile into the reader's hand. */
function drawToHand(tile, seat) {
  return {
    seat,
    key: `hand ${tile}`,
    duration: SLIDE_MS,
    build: (svg, hand) => {
      const button = hand && hand.querySelector(`[data-tile="${CSS.escape(tile)}"]`);
      const pile = rectOf(svg.querySelector(".pile"));
      if (!button || !pile) return [];
      const to = centre(button.getBoundingClientRect());
      const from = centre(pile);
      const offset = { x: from.x - to.x, y: from.y - to.y };
      return [[button, [{ translate: px(offset) }, { translate: "0px 0px" }], { id: "motion-draw", easing: "ease-out" }]];
    },
  };
}

/** Which round (Wildfire) or hand (Wildstar, Highrise) a view is of: a mark is of one. */
function dealOf(view) {
  return `${view.round ?? ""}/${view.hand_number ?? ""}`;
}

function marksRadial(motion, svg, overlay, ctx) {
  for (const [seat, mark] of motion.marks) {
    // A new round or hand lays a new layout: a mark of the last one marks nothing.
    if (mark.deal !== dealOf(ctx.view) || ctx.view.layout[mark.entry] !== mark.text) continue;
    const node = svg.querySelector(`[data-entry="${mark.entry}"]`);
    if (!node) continue;
    node.classList.add("last-move", `seat-colour-${seat}`);
    node.setAttribute("data-mark-seat", seat);
    const at = placeOf(node);
    overlay.append(tag(seat, at.x, at.y - 16, `${ctx.names[seat] || `P${seat + 1}`}'s last tile`));
  }
}

// -- Highrise: a domino across two cells ---------------------------------------------------

const LAY = /^([0-6W])-([0-6W])\s*@\s*([a-h]\d)\^?\s*,\s*([a-h]\d)\^?$/i;

function readTower(motion, fresh, before, after, { mySeat }) {
  const motions = [];
  const drawn = new Set();
  for (const e of fresh) {
    if (e.seat === null || e.seat === undefined || !e.notation) continue;
    if (e.notation.trim().toLowerCase() === "draw") {
      drawn.add(e.seat);
      if (e.seat === mySeat && before && after.drawn) motions.push(drawToHand(after.drawn, mySeat));
      continue;
    }
    const m = LAY.exec(e.notation.trim());
    if (!m) continue;
    const cells = [m[3].toLowerCase(), m[4].toLowerCase()];
    const halves = [m[1].toUpperCase(), m[2].toUpperCase()];
    motion.mark(e.seat, e.n, { cells, tile: `${halves[0]}-${halves[1]}`, deal: dealOf(after) });
    const fromPile = drawn.has(e.seat);
    drawn.delete(e.seat);
    motions.push({
      seat: e.seat,
      key: `cells ${cells.join(",")}`,
      duration: SLIDE_MS,
      build: (svg, hand, overlay) => {
        const box = cellsBox(svg, cells);
        if (!box) return [];
        const from = source(motion, svg, { seat: e.seat, mySeat, tile: handTileFor(motion, halves.join("-")), fromPile });
        if (!from) return [];
        // A domino of the cells' size flies in over them; the cells show their new tops as it lands.
        const across = box.width >= box.height;
        const u = Math.min(box.width, box.height) - 8;
        const flying = tileShape(halves, { angle: across ? 0 : 90, u, cls: "flying" });
        const holder = s("g", { class: "flying-tile", "data-cells": cells.join(","), transform: `translate(${round(box.x + box.width / 2)},${round(box.y + box.height / 2)})` }, flying);
        overlay.append(holder);
        const offset = { x: from.x - (box.x + box.width / 2), y: from.y - (box.y + box.height / 2) };
        const options = { id: "motion-tile", easing: "ease-out", fill: "both" };
        const steps = [[holder, [{ translate: px(offset), opacity: 1 }, { translate: "0px 0px", opacity: 1, offset: 0.85 }, { translate: "0px 0px", opacity: 0 }], options]];
        for (const cell of cells) {
          const node = svg.querySelector(`[data-cell="${cell}"]`);
          steps.push([node, [{ opacity: 0.35 }, { opacity: 0.35, offset: 0.8 }, { opacity: 1 }], { id: "motion-cell" }]);
        }
        return steps;
      },
    });
  }
  return motions;
}

/** The box two cells cover, in the SVG's units (a cell is drawn at its group's translation). */
function cellsBox(svg, cells) {
  const boxes = [];
  for (const cell of cells) {
    const node = svg.querySelector(`[data-cell="${cell}"]`);
    const top = node && node.querySelector(".cell-top");
    if (!top) return null;
    const at = placeOf(node);
    // The cell's square as drawn (its attributes: nothing here waits for a layout).
    const b = { x: top.x.baseVal.value, y: top.y.baseVal.value, width: top.width.baseVal.value, height: top.height.baseVal.value };
    boxes.push({ x0: at.x + b.x, y0: at.y + b.y, x1: at.x + b.x + b.width, y1: at.y + b.y + b.height });
  }
  const x0 = Math.min(...boxes.map((b) => b.x0));
  const y0 = Math.min(...boxes.map((b) => b.y0));
  const x1 = Math.max(...boxes.map((b) => b.x1));
  const y1 = Math.max(...boxes.map((b) => b.y1));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function marksTower(motion, svg, overlay, ctx) {
  // Older moves first, so the newest mark is drawn on top where two share a cell.
  const marks = [...motion.marks].sort((a, b) => a[1].n - b[1].n);
  for (const [seat, mark] of marks) {
    if (mark.deal !== dealOf(ctx.view)) continue; // a new hand: a new tower
    const box = cellsBox(svg, mark.cells);
    if (!box) continue;
    const words = `${ctx.names[seat] || `P${seat + 1}`}'s last domino: ${mark.tile} on ${mark.cells.join(", ")}`;
    overlay.append(
      s("rect", {
        class: `last-move-cells seat-colour-${seat}`,
        "data-mark-seat": seat,
        "data-cells": mark.cells.join(","),
        x: round(box.x - 3),
        y: round(box.y - 3),
        width: round(box.width + 6),
        height: round(box.height + 6),
        rx: 9,
      }),
      tag(seat, box.x + 4, box.y + 4, words),
    );
  }
}

// -- Fireball Island: walks, Fireballs and the pieces they hit -------------------------------

function readIsland(motion, fresh, before, after, { assets }) {
  if (!assets || !assets.spaces) return [];
  const spaces = new Map(assets.spaces.map((sp) => [sp.id, sp]));
  const rollways = new Map(assets.rollways.map((r) => [r.id, r]));
  const motions = [];
  const moves = boardMoves(fresh, (text) => text.trim().toLowerCase() !== "pass");
  let aimed = null;
  for (const e of moves) {
    const text = e.notation.trim();
    if (rollways.has(text)) {
      aimed = { seat: e.seat, rollway: text };
      motion.mark(e.seat, e.n, { fireball: text });
    } else if (isWalk(text, spaces)) {
      motion.mark(e.seat, e.n, { walk: null }); // its path is read below, from the two views
    }
  }
  if (aimed) motions.push(rollFireball(assets, rollways.get(aimed.rollway), aimed.seat));
  if (!before) return motions;
  // Every piece that changed place: walked, or hit by a Fireball (into a smolder pit, or the
  // water: no walk ends there).
  after.pieces.forEach((to, seat) => {
    const from = before.pieces[seat];
    if (from === to || !spaces.has(from) || !spaces.has(to)) return;
    const hit = ["pit", "water"].includes(spaces.get(to).kind);
    const path = hit ? [from, to] : walkPath(assets, from, to, lastWalk(moves, seat, before), walkLength(before, seat));
    // A walk is the move of whoever chose it (a MOVE BACK's player), else the piece's own
    // seat's; a piece hit shows where it was hit, on its own seat's mark.
    const chooser = hit ? seat : chooserOf(moves, before, seat);
    if (!motion.marks.has(chooser)) motion.mark(chooser, 0, {});
    motion.marks.get(chooser).walk = { seat, path, hit };
    motions.push(hit ? fall(seat, path, spaces) : walkAlong(seat, path, spaces));
  });
  return motions;
}

function isWalk(text, spaces) {
  return text.split(">").every((id) => spaces.has(id.toUpperCase()));
}

/** The whole walk, when the event wrote it ("WT5>WT6>WT7"): the spaces entered in order. */
function lastWalk(moves, seat, before) {
  for (let i = moves.length - 1; i >= 0; i--) {
    const text = moves[i].notation.trim().toUpperCase();
    if (text.includes(">") && (moves[i].seat === seat || moverOf(before) === seat)) return text.split(">");
  }
  return null;
}

function moverOf(view) {
  return view && view.decision && view.decision.kind === "walk" ? view.decision.mover : null;
}

/** Who chose the walk of `seat`'s piece: the decision's chooser when it was a walk of that
 * piece (a MOVE BACK is its player's), else the seat itself. */
function chooserOf(moves, before, seat) {
  if (before.decision && before.decision.kind === "walk" && before.decision.mover === seat) {
    const chooser = before.decision.seat;
    if (moves.some((e) => e.seat === chooser)) return chooser;
  }
  return seat;
}

function walkLength(before, seat) {
  const d = before.decision;
  return d && d.kind === "walk" && d.mover === seat && typeof d.steps === "number" ? d.steps : null;
}

/** The spaces a piece went through from `from` to `to`: the written walk when there is one,
 * else a walk of the decision's length along the links (never the same space twice), else the
 * shortest; a cave's new cave or anything unlinked: the two spaces. */
function walkPath(assets, from, to, written, length) {
  if (written && written[written.length - 1] === to) return [from, ...written];
  const next = new Map();
  const link = (a, b) => next.set(a, [...(next.get(a) || []), b]);
  for (const l of assets.links) {
    link(l.from, l.to);
    if (l.kind !== "one-way") link(l.to, l.from);
  }
  if (length) {
    let budget = 20000; // a guard: the trails branch little, but never search for long
    const path = [from];
    const seen = new Set([from]);
    const dfs = (at) => {
      if (--budget < 0) return false;
      if (path.length - 1 === length) return at === to;
      for (const n of next.get(at) || []) {
        if (seen.has(n)) continue;
        seen.add(n);
        path.push(n);
        if (dfs(n)) return true;
        path.pop();
        seen.delete(n);
      }
      return false;
    };
    if (dfs(from)) return path;
  }
  const back = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift();
    if (at === to) break;
    for (const n of next.get(at) || []) {
      if (!back.has(n)) {
        back.set(n, at);
        queue.push(n);
      }
    }
  }
  if (!back.has(to)) return [from, to];
  const path = [];
  for (let at = to; at !== null; at = back.get(at)) path.unshift(at);
  return path;
}

function pieceOffsets(seat, path, spaces) {
  const end = spaces.get(path[path.length - 1]).at;
  return path.map((id) => {
    const [x, y] = spaces.get(id).at;
    return { x: x - end[0], y: y - end[1] };
  });
}

function walkAlong(seat, path, spaces) {
  const offsets = pieceOffsets(seat, path, spaces);
  return {
    seat,
    key: `piece ${seat}`,
    duration: Math.min(WALK_MOST_MS, Math.max(2, path.length - 1) * STEP_MS),
    build: (svg) => {
      const node = svg.querySelector(`.pieces [data-piece="${seat}"]`);
      if (!node) return [];
      return [[node, offsets.map((o) => ({ translate: px(o) })), { id: "motion-walk", easing: "linear" }]];
    },
  };
}

/** A piece the Fireball hit: it waits where it stood until the ball comes by, then falls. */
function fall(seat, path, spaces) {
  const [start] = pieceOffsets(seat, path, spaces);
  const drop = { x: start.x * 0.5, y: start.y * 0.5 + 30 };
  return {
    seat,
    key: `piece ${seat}`,
    duration: ROLL_MS + 500,
    build: (svg) => {
      const node = svg.querySelector(`.pieces [data-piece="${seat}"]`);
      if (!node) return [];
      const keyframes = [
        { translate: px(start), opacity: 1 },
        { translate: px(start), opacity: 1, offset: 0.6 },
        { translate: px(drop), opacity: 0.4, offset: 0.8 },
        { translate: "0px 0px", opacity: 1 },
      ];
      return [[node, keyframes, { id: "motion-fall", easing: "ease-in" }]];
    },
  };
}

function rollFireball(assets, rollway, seat) {
  const fireball = assets.fireballs.find((f) => f.id === rollway.fireball);
  const points = [...(fireball && rollway.spaces.length > 1 ? [fireball.at] : []), ...rollway.points];
  const [x0, y0] = points[0];
  return {
    seat,
    key: "fireball",
    duration: ROLL_MS,
    build: (svg, hand, overlay) => {
      const ball = s("circle", { class: "rolling-fireball", cx: x0, cy: y0, r: 13 });
      overlay.append(ball);
      const keyframes = points.map(([x, y]) => ({ translate: px({ x: x - x0, y: y - y0 }), opacity: 1 }));
      keyframes[keyframes.length - 1].opacity = 0;
      return [[ball, keyframes, { id: "motion-fireball", easing: "ease-in", fill: "both" }]];
    },
  };
}

function marksIsland(motion, svg, overlay, ctx) {
  const assets = ctx.assets;
  if (!assets || !assets.spaces) return;
  const spaces = new Map(assets.spaces.map((sp) => [sp.id, sp]));
  const rollways = new Map(assets.rollways.map((r) => [r.id, r]));
  const name = (seat) => ctx.names[seat] || `P${seat + 1}`;
  for (const [seat, mark] of [...motion.marks].sort((a, b) => a[1].n - b[1].n)) {
    if (mark.fireball && rollways.has(mark.fireball)) {
      const r = rollways.get(mark.fireball);
      overlay.append(
        s("polyline", {
          class: `last-fireball seat-colour-${seat}`,
          "data-mark-seat": seat,
          "data-rollway": r.id,
          points: r.points.map((p) => p.join(",")).join(" "),
        }),
      );
      const [x, y] = r.points[Math.floor(r.points.length / 2)];
      overlay.append(tag(seat, x + 14, y - 14, `${name(seat)} rolled a Fireball down ${r.id}`));
    }
    const walk = mark.walk;
    if (walk && walk.path.every((id) => spaces.has(id))) {
      const points = walk.path.map((id) => spaces.get(id).at.join(",")).join(" ");
      overlay.append(s("polyline", { class: `last-walk seat-colour-${walk.seat}`, "data-mark-seat": seat, points }));
      const [x, y] = spaces.get(walk.path[0]).at;
      const from = walk.path[0];
      const words = walk.hit ? `${name(walk.seat)} was Fireballed off ${from}` : `${name(walk.seat)} came from ${from}`;
      overlay.append(
        s(
          "g",
          { class: `came-from seat-colour-${walk.seat}`, "data-mark-seat": seat, "data-space": from, "data-piece": walk.seat },
          s("circle", { cx: x, cy: y, r: 15 }),
          tip(words),
        ),
      );
    }
  }
}
