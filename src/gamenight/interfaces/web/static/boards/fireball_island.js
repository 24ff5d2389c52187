// Fireball Island: the island as docs/board.svg draws it (positions, links, rollways and
// Fireballs come from /api/boards/fireball-island, the same data and geometry), with the
// pieces, the jewel, the Magic Charm tokens, the aimed rollway and the legal targets.
// Moves (docs/notation.md): a walk's end space ("TA8", or a whole walk "WT5>WT6>WT7"), a
// rollway ("A-1"), a card ("FIREBALL", "TAKE_1_CARD@3"), "trade", "cave", "exit", "pass".
// A walk is picked by its end space, a rollway by its arrow, a card from the hand (then the
// opponent's piece for TAKE 1 CARD), "cave" by the cave the piece is in, "exit" by the
// trail space it leaves by.

import { h, s, svgRoot, clickable, tip, round } from "../dom.js";
import { PIP_SPOTS } from "../domino.js";

// Zoomed in, the island a little larger than its own size: a space is a finger wide and its
// code is never drawn under 12 CSS px (tests/web/test_layout.py). A frame narrower than
// 700 pixels starts zoomed in: the whole island there is too small to read.
export const zoomScale = 1.3;
export const zoomBelowWidth = 700;

export const SEAT_COLOURS = ["#e63946", "#1d70b8", "#2a9d3f", "#f4a300", "#8e44ad", "#00a6a6", "#d35400", "#5d6d7e"];
const CARD_KEYS = /^(FIREBALL|FAKE_JEWEL|CANCEL|MAGIC_TALISMAN|REROLL|TAKE_ANOTHER_TURN|TAKE_1_CARD|MOVE_AHEAD_\d|MOVE_BACK_\d|DOUBLE_NEXT_ROLL)$/;

export function parseMove(notation, view) {
  const text = notation.trim();
  const lower = text.toLowerCase();
  if (lower === "pass" || lower === "roll") return {};
  if (lower === "trade") return { hand: "trade" };
  if (lower === "cave" && view.to_act !== null && view.to_act >= 0) return { target: view.pieces[view.to_act] };
  if (lower === "exit" && view.decision && view.decision.exit) return { target: view.decision.exit };
  const take = /^([A-Z0-9_]+)@(\d+)$/i.exec(text);
  if (take) return { hand: take[1].toUpperCase(), target: `P${take[2]}` };
  if (CARD_KEYS.test(text.toUpperCase())) return { hand: text.toUpperCase() };
  if (text.includes("-")) return { target: text }; // a rollway: V-chute, A-1
  const walk = text.toUpperCase().split(">");
  return { target: walk[walk.length - 1] };
}

function cardTitle(assets, key) {
  const card = ((assets && assets.cards) || []).find((c) => c.key === key);
  return card ? card.title : key.replace(/_/g, " ");
}

/** A card's tooltip: its title, and what it does. */
function cardTip(assets, key) {
  const card = ((assets && assets.cards) || []).find((c) => c.key === key);
  return card && card.does ? `${card.title}\n${card.does}` : cardTitle(assets, key);
}

function spaceShape(space, assets) {
  const c = assets.colours;
  const [x, y] = space.at;
  const at = { cx: x, cy: y };
  if (space.kind === "water") return [s("ellipse", { ...at, rx: 36, ry: 22, fill: c.water[0], stroke: c.water[1], "stroke-width": 2 }), "white"];
  if (space.kind === "pit") return [s("circle", { ...at, r: 19, fill: c.pit[0], stroke: c.pit[1], "stroke-width": 2 }), "black"];
  if (space.kind === "cave") {
    return [s("rect", { x: x - 21, y: y - 11, width: 42, height: 22, rx: 11, fill: c.cave[0], stroke: c.cave[1], "stroke-width": 1.5 }), "white"];
  }
  if (space.kind === "bridge") {
    return [s("rect", { x: x - 18, y: y - 11, width: 36, height: 22, rx: 3, fill: c.bridge[0], stroke: c.bridge[1], "stroke-width": 2 }), "white"];
  }
  let [fill, stroke] = space.dark ? c.dark : space.safe ? c.safe : c.trail;
  let width = 1.5;
  if (space.dark && space.safe) [stroke, width] = [c.safe[0], 3.5];
  if (space.rock_chip) [stroke, width] = [c.rock_chip, 3.5];
  const r = space.place ? assets.radius.place : assets.radius.space;
  return [s("circle", { ...at, r, fill, stroke, "stroke-width": width }), space.dark ? "white" : "black"];
}

function arrowDefs(assets) {
  const defs = s("defs");
  const colours = new Set([...assets.rollways.map((r) => r.colour), assets.colours.water[1]]);
  for (const colour of colours) {
    defs.append(
      s(
        "marker",
        { id: `arrow-${colour.slice(1)}`, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto" },
        s("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }),
      ),
    );
  }
  return defs;
}

export function drawBoard(ctx) {
  const { view, assets } = ctx;
  if (!assets || !assets.spaces) return h("p", { text: "The island is loading…" });
  const spaces = new Map(assets.spaces.map((sp) => [sp.id, sp]));
  const fireballs = new Map(assets.fireballs.map((f) => [f.id, f]));
  const svg = svgRoot(0, 0, assets.width, assets.height, { class: "island", "aria-label": "Fireball Island" });
  const c = assets.colours;
  svg.append(
    arrowDefs(assets),
    s("rect", { width: assets.width, height: assets.height, fill: c.sea }),
    s("rect", { x: 25, y: 25, width: assets.width - 45, height: assets.height - 40, rx: 90, fill: c.island }),
  );

  // Links under everything: trails, the dashed ways into caves, the water's one way out.
  const links = s("g", { class: "links" });
  for (const link of assets.links) {
    const [x1, y1] = spaces.get(link.from).at;
    const [x2, y2] = spaces.get(link.to).at;
    const line = { x1, y1, x2, y2 };
    if (link.kind === "trail") links.append(s("line", { ...line, stroke: c.link, "stroke-width": 5, "stroke-linecap": "round" }));
    else if (link.kind === "cave") links.append(s("line", { ...line, stroke: "#262626", "stroke-width": 2, "stroke-dasharray": "4 3" }));
    else {
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const back = assets.radius.space + 2;
      links.append(
        s("line", {
          x1,
          y1,
          x2: round(x2 - ((x2 - x1) * back) / len),
          y2: round(y2 - ((y2 - y1) * back) / len),
          stroke: c.water[1],
          "stroke-width": 2.5,
          "stroke-dasharray": "6 4",
          "marker-end": `url(#arrow-${c.water[1].slice(1)})`,
        }),
      );
    }
  }
  for (const pit of assets.pits) {
    if (!pit.rock_chip) continue;
    const [x1, y1] = spaces.get(pit.space).at;
    const [x2, y2] = spaces.get(pit.rock_chip).at;
    links.append(s("line", { x1, y1, x2, y2, stroke: c.rock_chip, "stroke-width": 2, "stroke-dasharray": "2 3" }));
  }
  svg.append(links);
  for (const seg of assets.segments) {
    if (!seg.label) continue;
    svg.append(s("text", { class: "segment-label", x: seg.label[0], y: seg.label[1] + 4, text: seg.name }));
  }

  const [rollways, badges] = drawRollways(ctx, fireballs);
  svg.append(rollways);

  const spaceLayer = s("g", { class: "spaces" });
  for (const space of assets.spaces) {
    const [shape, textColour] = spaceShape(space, assets);
    const g = s("g", { class: "space", "data-space": space.id }, tip(space.title), shape);
    g.append(s("text", { class: "space-label", x: space.at[0], y: space.at[1] + 3, fill: textColour, text: space.id }));
    if (ctx.targets.has(space.id)) {
      g.classList.add("target");
      g.setAttribute("data-target", space.id);
      g.append(s("circle", { class: "target-ring", cx: space.at[0], cy: space.at[1], r: (space.place ? 17 : 12.5) + 7 }));
      clickable(g, () => ctx.pickTarget(space.id), `go to ${space.id}, ${space.name}`);
    }
    spaceLayer.append(g);
  }
  svg.append(spaceLayer);

  for (const f of assets.fireballs) {
    const [x, y] = f.at;
    svg.append(
      s(
        "g",
        { class: "fireball" },
        tip(`${f.name}: ${f.where}`),
        s("circle", { cx: x, cy: y, r: 14, fill: "#e0241b", stroke: f.colour, "stroke-width": 4 }),
        s("text", { class: "fireball-label", x, y: y + 5, text: f.id }),
      ),
    );
  }
  for (const space of assets.spaces) {
    if (!space.place) continue;
    svg.append(s("text", { class: "place-name", x: space.at[0], y: space.at[1] + 31, text: space.place }));
  }
  svg.append(drawTokens(view, spaces), drawPieces(ctx, spaces), drawJewel(view, spaces), badges, drawDie(view, assets));
  return svg;
}

function drawRollways(ctx, fireballs) {
  const { view, assets } = ctx;
  const g = s("g", { class: "rollways" });
  const badges = []; // drawn last, above every arrow
  for (const r of assets.rollways) {
    const colour = r.colour;
    const aimed = view.aim === r.id;
    const target = ctx.targets.has(r.id);
    const group = s("g", { class: `rollway${aimed ? " aimed" : ""}`, "data-rollway": r.id }, tip(`rollway ${r.id}: ${r.spaces.join(" ")}`));
    const points = r.points.map((p) => p.join(",")).join(" ");
    const marker = `url(#arrow-${colour.slice(1)})`;
    if (r.spaces.length > 1) {
      const [fx, fy] = fireballs.get(r.fireball).at;
      group.append(
        s("line", { x1: fx, y1: fy, x2: r.points[0][0], y2: r.points[0][1], stroke: colour, "stroke-width": 1.5, "stroke-dasharray": "5 4", opacity: 0.6 }),
      );
    }
    const width = aimed || target ? 6 : 3;
    group.append(s("polyline", { class: "rollway-line", points, fill: "none", stroke: colour, "stroke-width": width, "stroke-linejoin": "round", opacity: 0.9, "marker-end": marker }));
    group.append(s("text", { class: "rollway-label", x: r.label[0], y: r.label[1] + 4, "text-anchor": r.anchor, fill: colour, text: r.id }));
    if (target) {
      // A wide invisible stroke makes the thin arrow easy to hit with a finger, and a badge
      // halfway down names it: the badge is the target's handle (its centre is on the way).
      group.append(s("polyline", { class: "hit", points, fill: "none", stroke: "transparent", "stroke-width": 22 }));
      group.classList.add("target");
      group.addEventListener("click", () => ctx.pickTarget(r.id));
      const [bx, by] = r.points[Math.floor(r.points.length / 2)];
      const badge = s(
        "g",
        { class: "rollway-badge target", "data-target": r.id, transform: `translate(${bx},${by})` },
        s("rect", { x: -24, y: -11, width: 48, height: 22, rx: 11, fill: "white", stroke: colour, "stroke-width": 3 }),
        s("text", { y: 4.5, "text-anchor": "middle", fill: colour, text: r.id }),
      );
      clickable(badge, () => ctx.pickTarget(r.id), `aim down ${r.id}`);
      badges.push(badge);
    }
    g.append(group);
  }
  return [g, s("g", { class: "rollway-badges" }, badges)];
}

/** Pieces sharing a space stand in a small ring round it, so each stays visible and clickable. */
function drawPieces(ctx, spaces) {
  const { view } = ctx;
  const g = s("g", { class: "pieces" });
  const bySpace = new Map();
  view.pieces.forEach((space, seat) => bySpace.set(space, [...(bySpace.get(space) || []), seat]));
  for (const [space, seats] of bySpace) {
    const at = spaces.get(space) ? spaces.get(space).at : [0, 0];
    seats.forEach((seat, i) => {
      const angle = (i / seats.length) * 2 * Math.PI - Math.PI / 2;
      const spread = seats.length > 1 ? 17 : 0;
      const x = at[0] + Math.cos(angle) * spread;
      const y = at[1] + Math.sin(angle) * spread - (seats.length > 1 ? 0 : 4);
      const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
      const lying = view.lying[seat];
      const acting = view.to_act === seat; // whose decision it is: ringed
      const piece = s("g", {
        class: `piece${lying ? " lying" : ""}${acting ? " acting" : ""}`,
        "data-piece": seat,
        transform: `translate(${round(x)},${round(y)}) scale(1.45)`,
      });
      if (acting) piece.append(s("circle", { class: "acting-ring", r: 14 }));
      const name = ctx.names[seat] || `P${seat + 1}`;
      piece.append(tip(`${name} (P${seat + 1}) on ${space}${lying ? ", lying down" : ""}`));
      if (lying) piece.append(s("ellipse", { rx: 12, ry: 6, fill: colour, stroke: "white", "stroke-width": 2, transform: "rotate(-20)" }));
      else {
        piece.append(
          s("path", { d: "M-8,9 L-4,-2 L4,-2 L8,9 Z", fill: colour, stroke: "white", "stroke-width": 1.5 }),
          s("circle", { cy: -6, r: 6, fill: colour, stroke: "white", "stroke-width": 1.5 }),
        );
      }
      piece.append(s("text", { class: "piece-label", y: lying ? 3.5 : 7, text: String(seat + 1) }));
      if (view.tokens[seat]) piece.append(s("circle", { class: "charm", cx: 8, cy: -10, r: 4 }));
      const key = `P${seat + 1}`;
      if (ctx.targets.has(key)) {
        piece.classList.add("target");
        piece.setAttribute("data-target", key);
        clickable(piece, () => ctx.pickTarget(key), `against ${name}`);
      }
      g.append(piece);
    });
  }
  return g;
}

/** This turn's roll as a die in the sea's top corner; a doubled roll shows the die and "×2". */
function drawDie(view, assets) {
  const g = s("g", { class: "die", transform: `translate(${assets.width - 70},${70})` });
  if (!view.roll) return g;
  const face = view.was_doubled ? view.roll / 2 : view.roll;
  g.append(s("rect", { x: -24, y: -24, width: 48, height: 48, rx: 9 }), tip(`rolled ${view.roll}${view.was_doubled ? " (doubled)" : ""}`));
  for (const [dx, dy] of PIP_SPOTS[face] || []) g.append(s("circle", { class: "pip", cx: dx * 12, cy: dy * 12, r: 4.5 }));
  if (view.was_doubled) g.append(s("text", { class: "die-times", x: 0, y: 44, text: "×2" }));
  if (view.rolling === "cave") g.append(s("text", { class: "die-times", x: 0, y: view.was_doubled ? 62 : 44, text: "for a cave" }));
  return g;
}

function gem(x, y) {
  return s("polygon", {
    class: "jewel",
    points: `${x},${y - 9} ${x + 8},${y - 2} ${x},${y + 9} ${x - 8},${y - 2}`,
  });
}

function drawJewel(view, spaces) {
  const g = s("g", { class: "jewel-mark" });
  const { owner, at } = view.jewel;
  if (owner !== null && owner !== undefined) {
    const space = spaces.get(view.pieces[owner]);
    if (space) g.append(gem(space.at[0] + 14, space.at[1] - 16), tip(`the jewel: held by P${owner + 1}`));
  } else if (at && spaces.get(at)) {
    const [x, y] = spaces.get(at).at;
    g.append(gem(x + 16, y - 14), tip(`the jewel, on ${at}`));
  }
  return g;
}

/** The Magic Charm tokens still in the Ruin at Witchlord Step: one for each seat yet to collect. */
function drawTokens(view, spaces) {
  const g = s("g", { class: "tokens" });
  const ruin = spaces.get("WS");
  if (!ruin) return g;
  const left = view.collected.filter((x) => !x).length;
  for (let i = 0; i < left; i++) g.append(s("circle", { class: "charm", cx: ruin.at[0] - 22 + i * 9, cy: ruin.at[1] + 22, r: 4 }));
  if (left) g.append(tip(`${left} Magic Charm token${left === 1 ? "" : "s"} in the Ruin`));
  return g;
}

export function drawHand(ctx) {
  const { view, assets } = ctx;
  if (!view.hand) return null;
  const row = h("div", { class: "cards-row" });
  for (const key of view.hand) {
    const on = ctx.playable.has(key);
    row.append(
      h(
        "button",
        {
          type: "button",
          class: `card${on ? " playable" : ""}${ctx.selection.hand === key ? " picked" : ""}`,
          "data-card": key,
          "data-tile": key,
          disabled: !on,
          title: cardTip(assets, key),
          onclick: () => ctx.pickHand(key),
        },
        h("span", { class: "card-title", text: cardTitle(assets, key) }),
      ),
    );
  }
  if (view.tokens[view.seat]) {
    const on = ctx.playable.has("trade");
    row.append(
      h("button", {
        type: "button",
        class: `card token${on ? " playable" : ""}`,
        "data-card": "trade",
        disabled: !on,
        title: "trade the Magic Charm token in for a full hand of 4",
        onclick: () => ctx.pickHand("trade"),
        text: "Magic Charm token",
      }),
    );
  }
  if (!row.childNodes.length) row.append(h("p", { class: "empty", text: "No cards in hand." }));
  return row;
}

export function summary({ view, window, myTurn }) {
  const parts = [`Turn ${view.turns}`];
  if (view.roll) parts.push(`rolled ${view.roll}${view.was_doubled ? " (doubled)" : ""}`);
  if (view.ahead) parts.push(`moving ahead ${view.ahead}`);
  if (view.aim) parts.push(`Fireball aimed down ${view.aim}`);
  parts.push(`pile ${view.pile}`);
  // A card window asks everyone at once: its words name the seat the rules ask first, which
  // is nobody's cue but that seat's.
  if (view.decision) parts.push(window && !myTurn ? "a card window is open" : view.decision.words);
  return parts;
}

export function prompt(view) {
  return view.decision ? view.decision.words : "Your move";
}

export function seatFacts(view, seat) {
  const facts = [`${view.hand_sizes[seat]} card${view.hand_sizes[seat] === 1 ? "" : "s"}`, `on ${view.pieces[seat]}`];
  if (view.jewel.owner === seat) facts.push("has the jewel");
  if (view.tokens[seat]) facts.push("holds a charm");
  if (view.lying[seat]) facts.push("lying down");
  return facts.join(" · ");
}

export function sideName(view, side, name) {
  return name(side);
}

// Fireball Island keeps no score (the result names the winner, if any): its sheet is where
// everyone stands.
export const keepsScore = false;
export const sheetTitle = "The explorers";

export function sheet({ view, names }) {
  const rows = view.pieces.map((space, i) => [
    names[i] || `P${i + 1}`,
    view.jewel.owner === i ? `${space} ◆` : space,
    String(view.hand_sizes[i]),
    view.tokens[i] ? "held" : view.collected[i] ? "traded" : "-",
  ]);
  return { head: ["", "space (◆ jewel)", "cards", "charm"], rows, foot: null };
}

/** The map's legend, beside the board: each kind of space as it is drawn, in words. */
export function legend(assets) {
  const c = assets.colours;
  const swatch = (...shapes) => s("svg", { viewBox: "-14 -14 28 28", width: 28, height: 28, "aria-hidden": "true" }, shapes);
  const disc = (fill, stroke, width = 1.5) => s("circle", { r: 10, fill, stroke, "stroke-width": width });
  const rows = [
    [disc(c.trail[0], c.trail[1]), "A trail space, labelled with its code: the trail's letters and the space's number along it (WT5)."],
    [disc(c.dark[0], c.dark[1]), "A dark space: landing there (not passing over) draws a card."],
    [disc(c.safe[0], c.safe[1]), "A gray space: safe, no Fireball can hit a piece there."],
    [disc(c.dark[0], c.safe[0], 3.5), "Dark with a gray ring: both."],
    [disc(c.trail[0], c.rock_chip, 3.5), "A Rock Chip: a Fireballed piece walks out of its smolder pit from here, and drops its jewel here."],
    [disc(c.pit[0], c.pit[1]), "A smolder pit: where a Fireball knocks a piece (a turn spent standing up); safe."],
    [s("rect", { x: -12, y: -7, width: 24, height: 14, rx: 7, fill: c.cave[0], stroke: c.cave[1] }), "A cave, beside a trail space (dashed line); safe."],
    [s("rect", { x: -11, y: -7, width: 22, height: 14, rx: 2, fill: c.bridge[0], stroke: c.bridge[1], "stroke-width": 2 }), "A bridge."],
    [s("ellipse", { rx: 12, ry: 8, fill: c.water[0], stroke: c.water[1], "stroke-width": 2 }), "The water below Great Sway Bluff: safe; the way out is onto the bluff."],
    [s("circle", { r: 8, fill: (assets.fireballs[0] || {}).colour || "#d62728", stroke: "#7a1010" }), "A Fireball, with its letter; its rollways are the arrows in its colour (A-1)."],
  ];
  return h(
    "details",
    { id: "legend", class: "panel legend" }, // folded, as the rules are, until asked for
    h("summary", {}, h("h2", { text: "Map legend" })),
    h("ul", {}, rows.map(([shape, words]) => h("li", {}, swatch(shape), h("span", { text: words })))),
  );
}

/** The board in words, for a screen reader: where each piece stands and its danger (a safe
 * place, or the rollways that cross its space), and where the jewel is. */
export function describe({ view, assets }) {
  if (!assets || !assets.spaces) return "";
  const spaces = new Map(assets.spaces.map((sp) => [sp.id, sp]));
  const words = [`Fireball Island, turn ${view.turns}.`];
  view.pieces.forEach((at, seat) => {
    const space = spaces.get(at);
    const crossing = assets.rollways.filter((r) => r.spaces.includes(at)).map((r) => r.id);
    let danger = "safe from Fireballs";
    if (!space || !space.safe) danger = crossing.length ? `in the path of ${crossing.join(", ")}` : "on no rollway";
    if (space && space.kind !== "trail") danger = "safe from Fireballs";
    words.push(`P${seat + 1} is on ${space ? space.title : at}: ${danger}.`);
  });
  return words.join(" ");
}
