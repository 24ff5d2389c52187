// The table page: everything inside <main id="table">, drawn from the server's messages.
//
// The server is the only judge. The page never decides what is legal: it reads the
// pending choices (notation and description), lets the board module map each one to what
// is clicked (a hand tile or card, then a target on the board), and sends the notation of
// the choice the clicks single out. Every choice is also a plain button, and a notation box
// takes typed moves, so a decision the board cannot map is still one click away.

import { h, s, clear, nameWithText } from "./dom.js";
import { Connection } from "./connection.js";
import { appendLog, appendSeatChanges, renderResult, renderSeats, renderSheet } from "./panels.js";
import { nameSeats, nameSeatsShown } from "./names.js";
import { confirmForms, copyButtons, hostControls, renderHost } from "./host.js";
import { boardHeight, fitBoard } from "./fit.js";
import { Motion } from "./motion.js";
import { playSheet, renderRoundEnd } from "./ends.js";

const root = document.getElementById("table");
const game = root.dataset.game;
let mySeat = root.dataset.seat === "" || root.dataset.seat === undefined ? null : Number(root.dataset.seat);

const page = {
  meta: null,
  view: null,
  pending: null,
  result: null,
  roundEnd: null, // the server's round_end: the round just ended, shown until the next deal
  jewel: [], // Fireball Island: the log's lines of the jewel's way, told again at the game's end
  choices: [], // [{notation, description, keys}]: keys from the board module's parseMove
  selection: { hand: null, target: null },
  partial: null, // a board's half-made pick (Highrise's first cell)
  board: null, // the game's board module
  assets: null,
  connection: null,
  awaiting: false, // false, or the last event number when a move was sent and not yet answered
  motion: new Motion(game), // each move animated as it comes, and every seat's last one marked
};

// -- the page's frame ------------------------------------------------------------------

const el = {
  title: h("h1", { id: "title", text: "gamenight" }),
  turn: h("p", { id: "turn" }),
  conn: h("span", { id: "conn", class: "conn", title: "connection" }),
  // A person whose timer ran out turn after turn is "away"; this says they are here again.
  takeBack: h("button", { type: "button", id: "take-back", hidden: true, text: "Take my seat back" }),
  banner: h("div", { id: "banner", class: "banner", role: "status", hidden: true, text: "reconnecting…" }),
  message: h("div", { id: "message", class: "message", role: "alert", hidden: true }),
  board: h("div", { id: "board", class: "board", role: "region", "aria-label": "Board" }),
  // The board in words (the board module's `describe`, else its summary), for screen readers.
  description: h("p", { id: "board-description", class: "visually-hidden" }),
  summary: h("p", { id: "summary", class: "summary" }),
  clock: h("span", { id: "clock", class: "clock" }),
  zoom: h("button", { type: "button", id: "zoom", class: "zoom", "aria-pressed": "false", text: "Zoom in" }),
  // Dominoes' halves as pips (the default, as on the tiles) or as the notation's digits.
  numerals: h("input", { type: "checkbox", id: "numerals" }),
  numeralsLabel: h("label", { for: "numerals", class: "numerals", hidden: true }),
  stage: h("div", { class: "stage" }),
  handArea: h("section", { id: "hand-area", class: "panel", hidden: true }),
  hand: h("div", { id: "hand", class: "hand" }),
  prompt: h("h2", { id: "prompt", class: "prompt" }),
  hint: h("p", { id: "hint", class: "hint" }),
  choices: h("div", { id: "choices", class: "choices" }),
  // Board Game Arena's auto-pass: a card window that leaves you nothing but a pass passes for you.
  autopass: h("input", { type: "checkbox", id: "autopass" }),
  autopassLabel: h("label", { for: "autopass", class: "autopass", hidden: true }),
  // The host may allow hints: what the hard bot would play from this seat's view, and why.
  hintButton: h("button", { type: "button", id: "ask-hint", class: "link", hidden: true, text: "Hint" }),
  hintText: h("p", { id: "hint-text", class: "hint", role: "status", hidden: true }),
  // What the seat decides now; put away once the game is over (nothing is left to decide).
  decide: h("section", { id: "decide", class: "panel decide" }),
  notation: h("input", {
    id: "notation",
    name: "move",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "or type a move",
    "aria-label": "move in notation",
  }),
  seats: h("ul", { id: "seats", class: "seats" }),
  play: h("section", { class: "play" }),
  logArea: h("section", { id: "log-area", class: "panel" }),
  sheetArea: h("section", { id: "sheet-area", class: "panel" }),
  result: h("section", { id: "result", class: "panel result", hidden: true }),
  // A round's end: the leftover tiles face up, the counts, the scores, and "Next round".
  roundEnd: h("section", { id: "round-end", class: "panel round-end", hidden: true, "aria-labelledby": "round-end-title" }),
  // Focusable, so a keyboard can scroll it.
  log: h("ol", { id: "log", class: "log", tabindex: "0", "aria-label": "Log" }),
  // What a screen reader is told as it happens: moves and the reader's own prompts, not the
  // deal's lines or the log's other news (the log is there to be read at will).
  announce: h("p", { id: "announce", class: "visually-hidden", role: "status", "aria-live": "polite" }),
  sheet: h("div", { id: "sheet", class: "sheet" }),
  sheetTitle: h("h2", { text: "Score sheet" }),
};

// A long layout or the whole island on a phone draws small: zoomed, the board keeps its
// natural size and scrolls inside its frame instead of shrinking to fit (fit.js: a domino
// board pans by itself once fitting would draw its figures too small to read).
const ZOOM = 1.4; // CSS pixels per SVG unit when zoomed, unless the board says otherwise

function toggleZoom() {
  const on = el.board.classList.toggle("zoomed");
  el.zoom.setAttribute("aria-pressed", String(on));
  el.zoom.textContent = on ? "Fit the board" : "Zoom in";
  page.zoomedNow = on;
  render();
}

/** Zoomed in or panning, bring a legal target into the frame when none is in sight; on
 * first zooming or panning, centre the frame on the targets (or the seat's own piece, or
 * the open ends of a layout). */
function showSomeTarget(first) {
  const frame = el.board.getBoundingClientRect();
  let targets = [...el.board.querySelectorAll("[data-target]")];
  if (!targets.length && first && mySeat !== null) targets = [...el.board.querySelectorAll(`[data-piece="${mySeat}"]`)];
  if (!targets.length && first) targets = [...el.board.querySelectorAll(".place, .newest")];
  const inside = (r) => r.left >= frame.left && r.right <= frame.right && r.top >= frame.top && r.bottom <= frame.bottom;
  if (!targets.length || (!first && targets.some((t) => inside(t.getBoundingClientRect())))) return;
  const rects = (first ? targets : targets.slice(0, 1)).map((t) => t.getBoundingClientRect());
  const x = (Math.min(...rects.map((r) => r.left)) + Math.max(...rects.map((r) => r.right))) / 2;
  const y = (Math.min(...rects.map((r) => r.top)) + Math.max(...rects.map((r) => r.bottom))) / 2;
  el.board.scrollLeft += x - (frame.left + frame.width / 2);
  el.board.scrollTop += y - (frame.top + frame.height / 2);
}

function buildFrame() {
  el.zoom.addEventListener("click", toggleZoom);
  el.numeralsLabel.append(el.numerals, " Numerals");
  el.numerals.addEventListener("change", () => {
    if (page.board && page.board.setNumerals) page.board.setNumerals(el.numerals.checked);
    render();
  });
  // The board's size follows the window's (a phone turned, a zoom changed) and its column's
  // width (a scroll bar come or gone once the page grew).
  let resizing = false;
  const resize = () => {
    if (resizing) return;
    resizing = true;
    requestAnimationFrame(() => {
      resizing = false;
      render();
    });
  };
  window.addEventListener("resize", resize);
  // A width that keeps changing with each drawing (a layout the board's own size sways) is
  // left be after a few tries, rather than redrawn for ever.
  let stageWidth = 0;
  let tries = { at: 0, count: 0 };
  new ResizeObserver(() => {
    if (Math.abs(el.stage.clientWidth - stageWidth) < 1) return;
    stageWidth = el.stage.clientWidth;
    const now = performance.now();
    tries = now - tries.at < 1000 ? { at: tries.at, count: tries.count + 1 } : { at: now, count: 1 };
    if (tries.count <= 3) resize();
  }).observe(el.stage);
  el.takeBack.addEventListener("click", () => page.connection && page.connection.sync());
  // Escape puts back whatever was picked (a tile, a card, a first cell).
  document.addEventListener("keydown", (event) => {
    const picked = page.selection.hand !== null || page.selection.target !== null || page.partial !== null;
    if (event.key === "Escape" && picked) {
      event.preventDefault();
      resetSelection();
    }
  });
  const form = h(
    "form",
    { id: "notation-form", class: "notation-form" },
    el.notation,
    h("button", { type: "submit", text: "Send" }),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = el.notation.value.trim();
    if (text) sendMove(text);
    el.notation.value = "";
  });
  el.handArea.append(h("h2", { text: "Your hand" }), el.hand);
  el.autopassLabel.append(el.autopass, " Pass for me when passing is all I can do");
  el.decide.append(el.prompt, el.hint, el.choices, form, el.hintButton, el.hintText, el.autopassLabel);
  el.hintButton.addEventListener("click", () => {
    if (!page.connection || !page.connection.send({ type: "hint" })) return;
    el.hintButton.disabled = true;
    el.hintText.hidden = false;
    el.hintText.textContent = "The hard bot is thinking…";
  });
  el.autopass.addEventListener("change", () => {
    if (page.connection) page.connection.send({ type: "autopass", on: el.autopass.checked });
  });
  // The stage (the board, and its line under it) and the controls (the hand and the
  // decision): one above the other on a tall screen, side by side on a wide one.
  el.stage.append(el.board, el.description, h("div", { class: "board-tools" }, el.summary, el.numeralsLabel, el.zoom));
  el.play.append(
    el.result, // the game's end, first: who won, the final sheet, the record and the rematch
    el.stage,
    el.roundEnd, // under the board, across the page: its table of scores wants the width
    h(
      "div",
      { class: "controls" },
      el.handArea,
      el.decide,
    ),
  );
  el.logArea.append(h("h2", { text: "Log" }), el.log);
  el.sheetArea.append(el.sheetTitle, el.sheet);
  root.classList.add(`game-${game}`);
  clear(root).append(
    h("header", { class: "bar" }, el.title, el.conn, el.turn, el.takeBack, h("a", { href: "#log-area", class: "to-log", text: "Log ↓" })),
    el.banner,
    el.message,
    el.announce,
    h(
      "div",
      { class: "layout" },
      el.play,
      h(
        "aside",
        { class: "side" },
        h("section", { class: "panel" }, h("h2", { text: "Players" }), el.seats),
        rules(),
        el.logArea,
        el.sheetArea,
      ),
    ),
  );
}

/** The server's rules panel (the game in short and this table's options), beside the board;
 * folded, so the players and the log stay in view until it is asked for. */
function rules() {
  return document.getElementById("rules");
}

// -- names and messages ------------------------------------------------------------------

function seatName(seat) {
  const info = page.meta && page.meta.seats && page.meta.seats[seat];
  return info && info.name ? info.name : `P${seat + 1}`;
}

/** A story's text, with each seat's name (and "you" for the reader) for its P1..P8. */
function named(text) {
  return nameSeats(text, seatName, mySeat);
}

/** The same, to show: each name marked with its seat's colour (nodes and strings, to append). */
function marked(text) {
  return nameSeatsShown(text, seatName, mySeat);
}

function showMessage(text, kind) {
  el.message.textContent = text;
  el.message.className = `message ${kind}`;
  el.message.hidden = false;
}

function hideMessage() {
  el.message.hidden = true;
  el.message.textContent = "";
}

// -- choosing ----------------------------------------------------------------------------

function sendMove(notation) {
  if (page.awaiting !== false) return;
  hideMessage();
  page.selection = { hand: null, target: null };
  page.partial = null;
  if (!page.connection.move(notation)) showMessage("Not connected: the move was not sent.", "error");
  else {
    // The choices stay greyed out until the server answers: with the move's event (a state
    // past the last event we had) or a refusal. A state sent before it saw our move is no answer.
    page.awaiting = page.connection.last;
    // For tests and curious readers: how many moves this page has sent, and the last.
    root.dataset.sent = String(Number(root.dataset.sent || 0) + 1);
    root.dataset.lastMove = notation;
  }
  render();
}

function matches(choice) {
  const { hand, target } = page.selection;
  if (hand !== null && choice.keys.hand !== hand) return false;
  if (target !== null && choice.keys.target !== target) return false;
  return true;
}

function candidates() {
  return page.choices.filter(matches);
}

/** A hand tile or card was picked (again: put back). */
function pickHand(value) {
  hideMessage();
  if (page.selection.hand === value) page.selection = { hand: null, target: null };
  else page.selection = { hand: value, target: null };
  page.partial = null;
  const left = candidates();
  // A card with nothing more to say (FIREBALL, REROLL) is played at once; one that goes
  // somewhere waits for the target.
  if (page.selection.hand !== null && left.length === 1 && !left[0].keys.target) return sendMove(left[0].notation);
  render();
}

/** A target on the board was picked: an end, two cells, a space or a rollway. */
function pickTarget(value) {
  hideMessage();
  page.selection = { ...page.selection, target: value };
  page.partial = null;
  const left = candidates();
  if (left.length === 1) return sendMove(left[0].notation);
  if (left.length === 0) page.selection = { hand: page.selection.hand, target: null };
  render();
}

function setPartial(value) {
  page.partial = value;
  render();
}

function resetSelection() {
  page.selection = { hand: null, target: null };
  page.partial = null;
  render();
}

// -- drawing -------------------------------------------------------------------------------

/** The whole page from the live model: the table's status, seats, host controls and result
 * always; the board, hand, choices, log and sheet once there is a game to show. */
function render() {
  renderTable();
  if (!page.view || !page.board) return;
  const view = page.view;
  const myTurn = Boolean(page.pending && mySeat !== null && page.pending.seat === mySeat && page.choices.length);
  // While a move is on its way nothing more can be picked: one decision, one move.
  const canPick = myTurn && page.awaiting === false;
  const live = canPick ? page.choices.filter(matches) : [];
  const targets = new Set(live.map((c) => c.keys.target).filter(Boolean));
  const playable = new Set(
    (canPick ? page.choices : [])
      .filter((c) => page.selection.target === null || c.keys.target === page.selection.target)
      .map((c) => c.keys.hand)
      .filter(Boolean),
  );
  const ctx = {
    view,
    assets: page.assets,
    seat: mySeat,
    names: (page.meta ? page.meta.seats : []).map((_, i) => seatName(i)),
    myTurn,
    window: page.pending && page.pending.window ? page.pending.window : null, // a card window asked of all at once
    choices: myTurn ? page.choices : [],
    selection: page.selection,
    targets,
    playable,
    partial: page.partial,
    pickHand,
    pickTarget,
    setPartial,
  };
  // At a round's end the board stays as the round ended (the state has gathered the tiles in
  // for the next deal): drawn from the round's end, with nothing to pick on it.
  const ended = page.roundEnd;
  const shown = ended ? { ...ctx, view: ended.view, myTurn: false, choices: [], targets: new Set(), playable: new Set() } : ctx;
  const scroll = [el.board.scrollLeft, el.board.scrollTop];
  const drawn = page.board.drawBoard(shown);
  describeTargets(drawn, live);
  clear(el.board).append(drawn);
  // A board too detailed for a narrow screen (the island on a phone) starts zoomed in.
  if (!page.zoomChosen) {
    page.zoomChosen = true;
    if (el.board.clientWidth < (page.board.zoomBelowWidth || 0)) return toggleZoom();
  }
  clear(el.summary).append(...marked(page.board.summary(shown).join(" · ")));
  el.description.textContent = named(page.board.describe ? page.board.describe(shown) : page.board.summary(shown).join(". "));
  drawn.setAttribute("aria-describedby", "board-description");
  // Every hand is face up in the round's end: the reader's own is there too.
  const hand = mySeat === null || ended ? null : page.board.drawHand(ctx);
  el.handArea.hidden = !hand;
  if (hand) clear(el.hand).append(hand);
  page.motion.dress(drawn, hand, shown); // marked on the board drawn: the round's end while paused
  renderTurn(myTurn);
  renderChoices(myTurn);
  const sides = { board: page.board, view, seatName };
  // While a round's end is shown, the players count the tiles each was left holding (the state
  // has gathered them in for the next deal), beside the scores after the round.
  const seatsView = ended ? { ...view, hand_sizes: ended.view.hand_sizes } : view;
  renderSeats(el.seats, { ...sides, view: seatsView }, page.meta, page.pending ? page.pending.seat : null, mySeat, controls());
  renderResult(el.result, sides, page.result, rematch());
  // Highrise scores as it goes: its sheet lists each play's points and each hand's end.
  const lines = playSheet(game, page.scoring, view, ctx.names);
  const sheetBoard = lines ? { ...page.board, sheet: () => lines } : page.board;
  renderSheet(el.sheet, el.sheetTitle, sheetBoard, ctx);
  if (page.result) {
    // The final sheet in the result itself, where everyone looks at the end.
    const title = h("h3");
    const box = h("div", { id: "final-sheet", class: "sheet" });
    renderSheet(box, title, sheetBoard, ctx);
    if (box.firstChild) el.result.append(title, box);
    if (game === "fireball-island" && page.jewel.length) {
      const who = (e) => (e.seat === null || e.seat === undefined ? "" : `${e.seat === mySeat ? "You" : seatName(e.seat)}: `);
      el.result.append(
        h("h3", { text: "How the jewel came home" }),
        h("ol", { id: "jewel-way", class: "jewel-way" }, page.jewel.map((e) => h("li", { "data-n": e.n, text: who(e) + named(e.text) }))),
      );
    }
  }
  renderRoundEnd(el.roundEnd, {
    game,
    end: ended,
    pause: page.meta ? page.meta.pause : null,
    mySeat,
    names: seatName,
    named,
    onNext: nextRound,
  });
  // Last, once the hand and the choices have their size: the board takes what they leave.
  const zoomed = el.board.classList.contains("zoomed");
  // At a round's end there is no hand and nothing to choose: the last board keeps some height
  // above the scores.
  const height = boardHeight(el.board, el.stage, el.choices);
  const pans = fitBoard(el.board, drawn, {
    height: ended ? Math.max(height, window.innerHeight * 0.45) : height,
    zoom: zoomed ? page.board.zoomScale || ZOOM : null,
    readable: Boolean(page.board.keepFiguresReadable),
  });
  if (pans) {
    [el.board.scrollLeft, el.board.scrollTop] = scroll;
    showSomeTarget(page.zoomedNow || !page.panned);
  }
  page.panned = pans;
  page.zoomedNow = false;
}

const HOST = 0; // the host sits in seat 1

/** What does not need a game: the status, the seats and the host's controls; while the
 * table waits, the board's side of the page is put away. */
function renderTable() {
  const meta = page.meta;
  if (!meta) return;
  const playing = Boolean(page.view && page.board);
  el.play.hidden = el.logArea.hidden = el.sheetArea.hidden = !playing;
  renderHost(meta, mySeat === HOST);
  if (playing) return;
  renderTurn(false);
  renderSeats(el.seats, { board: null, view: null, seatName }, meta, null, mySeat, controls());
  renderResult(el.result, {}, null, null);
}

/** The host's seat controls while seats can still change hands; none for anyone else. */
function controls() {
  const meta = page.meta || {};
  if (mySeat !== HOST || !["waiting", "playing"].includes(meta.status)) return null;
  return (i, info) => (i === HOST ? null : hostControls(root.dataset.tableId, i, info, seatName(i), levels()));
}

function levels() {
  return (root.dataset.levels || "").split(",").filter(Boolean);
}

/** Once over: the rematch for everyone when there is one, else the host's button to make it,
 * and for everyone else a button that becomes the rematch's link when the host makes it. */
function rematch() {
  const meta = page.meta || {};
  if (meta.rematch_url) return { url: meta.rematch_url };
  if (meta.status !== "over") return null;
  return mySeat === HOST ? { make: `/t/${root.dataset.tableId}/rematch` } : { waiting: true };
}

/** "Next round": this person has seen the round's end (the button waits for the server's word). */
function nextRound() {
  if (!page.connection || !page.connection.send({ type: "next" })) return;
  const button = document.getElementById("next-round");
  if (button) button.disabled = true;
}

/** The handles a target is drawn with: itself, or for a pair of cells, each of them. */
function handlesOf(target) {
  return target.includes(",") ? target.split(",") : [target];
}

/** Each target's tooltip lists the moves it leads to, with their descriptions. */
function describeTargets(svg, live) {
  const lines = new Map();
  for (const c of live) {
    if (!c.keys.target) continue;
    for (const handle of handlesOf(c.keys.target)) {
      lines.set(handle, [...(lines.get(handle) || []), `${c.notation}: ${named(c.description)}`]);
    }
  }
  for (const node of svg.querySelectorAll("[data-target]")) {
    nameWithText(node);
    const mine = lines.get(node.dataset.target);
    if (!mine) continue;
    let title = [...node.children].find((child) => child.tagName === "title");
    if (!title) node.prepend((title = s("title")));
    const more = mine.length > 8 ? [`… and ${mine.length - 8} more`] : [];
    title.textContent = [title.textContent, ...mine.slice(0, 8), ...more].filter(Boolean).join("\n");
  }
}

/** Pointing at a move in the list lights up where it goes on the board. */
function hint(choice, on) {
  if (!choice.keys.target) return;
  for (const handle of handlesOf(choice.keys.target)) {
    for (const node of el.board.querySelectorAll(`[data-target="${CSS.escape(handle)}"]`)) node.classList.toggle("hinted", on);
  }
}

function renderTurn(myTurn) {
  const meta = page.meta || {};
  let text;
  if (page.result || meta.status === "over") text = "The game is over.";
  else if (meta.status === "ended") text = "This table has ended (by its host, or nobody started it in time).";
  else if (meta.status === "waiting") text = waitingWords(meta);
  else if (myTurn) text = page.pending.window ? "Your answer: play a card, or pass." : "Your turn.";
  else if (page.pending && page.pending.window) text = windowWaiting(page.pending.window);
  else if (page.pending) text = `P${page.pending.seat + 1} to play.`; // named below, in the seat's colour
  else text = "";
  clear(el.turn).append(...marked(text), el.clock);
  tick();
  el.turn.className = myTurn ? "your-turn" : "";
  el.title.textContent = meta.title || game;
  document.title = `${myTurn ? "● " : ""}${meta.title || game} · gamenight`;
}

// The turn's clock: the server says how many seconds are left when it sends a state (a
// turn timer, or a bot about to play for someone who left); the page counts down from there.
let deadline = null;

function tick() {
  const left = deadline === null ? null : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  el.clock.textContent = left === null ? "" : ` ${left} s left`;
  el.clock.classList.toggle("urgent", left !== null && left <= 10);
}

setInterval(tick, 1000);

function waitingWords(meta) {
  const open = (meta.seats || []).filter((seat) => seat.open).length;
  if (open) return `Waiting for players: ${open} seat${open === 1 ? "" : "s"} open.`;
  return mySeat === HOST ? "Every seat is taken: press Start when everyone is ready." : "Waiting for the host to start.";
}

/** A card window asks everyone at once: the page says how many have yet to answer, never who. */
function windowWaiting(window) {
  const n = window.waiting;
  const who = `${n} player${n === 1 ? "" : "s"}`;
  return window.answered ? `You answered: waiting for ${who}…` : `A card window is open: waiting for ${who}…`;
}

function renderChoices(myTurn) {
  el.decide.hidden = Boolean(page.result);
  el.hintButton.hidden = !(myTurn && page.meta && page.meta.hints);
  if (!myTurn) el.hintText.hidden = true;
  el.choices.classList.toggle("sent", page.awaiting !== false);
  clear(el.choices);
  el.hint.textContent = "";
  if (!myTurn) {
    if (page.pending && page.pending.window) el.prompt.textContent = windowWaiting(page.pending.window);
    else clear(el.prompt).append(...(page.pending ? marked(`Waiting for P${page.pending.seat + 1}…`) : ["Nothing to decide."]));
    el.notation.disabled = !page.pending || mySeat === null;
    return;
  }
  el.notation.disabled = false;
  const words = page.board.prompt ? page.board.prompt(page.view) : null;
  clear(el.prompt).append(...(words ? marked(words) : ["Your move"]));
  const { hand, target } = page.selection;
  const narrowed = hand !== null || target !== null;
  const left = candidates();
  if (narrowed) {
    const what = [hand, target].filter((x) => x !== null).join(" at ");
    el.hint.append(
      `${left.length} choice${left.length === 1 ? "" : "s"} for ${what}: ` +
        (target === null ? "pick a highlighted place on the board, or a move below. " : "pick one below. "),
      h("button", { type: "button", class: "link", onclick: resetSelection, text: "clear" }),
    );
  } else if (page.choices.some((c) => c.keys.hand)) el.hint.textContent = "Pick from your hand, then where it goes; or pick a move below.";
  for (const choice of page.choices) {
    const on = !narrowed || matches(choice);
    el.choices.append(
      h(
        "button",
        {
          type: "button",
          class: `choice${on ? "" : " dim"}${narrowed && on ? " candidate" : ""}`,
          "data-move": choice.notation,
          title: named(choice.description),
          onclick: () => sendMove(choice.notation),
          onmouseenter: () => hint(choice, true),
          onmouseleave: () => hint(choice, false),
          onfocus: () => hint(choice, true),
          onblur: () => hint(choice, false),
        },
        h("code", { text: choice.notation }),
        h("span", { class: "desc" }, marked(choice.description)),
      ),
    );
  }
}

// -- messages from the server --------------------------------------------------------------------

function onState(msg, fresh) {
  // Answered: the move's event came (a state past the last event we had), or our answer to a
  // card window is held until it closes.
  const held = msg.pending && msg.pending.window && msg.pending.window.answered;
  if (page.awaiting !== false && (msg.last > page.awaiting || held)) page.awaiting = false;
  const before = page.pending;
  page.meta = msg.table || page.meta;
  if (msg.seat !== undefined) mySeat = msg.seat;
  const mine = mySeat !== null && page.meta && page.meta.seats ? page.meta.seats[mySeat] : null;
  el.autopassLabel.hidden = !mine || mine.autopass === null || mine.autopass === undefined;
  if (mine && typeof mine.autopass === "boolean") el.autopass.checked = mine.autopass;
  el.takeBack.hidden = !(mine && mine.away);
  const seconds = msg.table && msg.table.deadline_seconds;
  deadline = typeof seconds === "number" && msg.pending ? Date.now() + seconds * 1000 : null; // the server knows best whose seat this is
  // What moved is read from the view before and the view after, with the new events.
  page.motion.news(fresh, page.view, msg.view, { seat: mySeat, assets: page.assets, hand: el.hand });
  page.view = msg.view;
  page.pending = msg.pending;
  page.result = msg.result;
  page.roundEnd = msg.view ? msg.round_end || null : null;
  page.scoring = msg.scoring || null;
  const choices = (msg.pending && msg.pending.choices) || [];
  page.choices = msg.view ? choices.map((c) => ({ ...c, keys: page.board.parseMove(c.notation, msg.view) || {} })) : [];
  // A new decision starts with nothing picked; a repeat of the same keeps the picking.
  const same = before && msg.pending && before.seat === msg.pending.seat && sameNotations(before.choices, choices);
  if (!same) {
    page.selection = { hand: null, target: null };
    page.partial = null;
    el.hintText.hidden = true; // a hint is for the decision it was asked at
  }
  root.dataset.last = String(page.connection ? page.connection.last : msg.last);
  if (fresh.length) {
    page.jewel.push(...jewelLines(fresh));
    appendLog(el.log, fresh, seatName, mySeat, marked);
    announce(fresh);
    if (!el.message.classList.contains("refused")) hideMessage();
  }
  const changesShown = page.seatChangesShown || 0; // seats that changed hands mid-game, told in the log
  if (page.meta && (page.meta.seat_changes || []).length > changesShown) {
    page.seatChangesShown = appendSeatChanges(el.log, page.meta.seat_changes, changesShown);
  }
  render();
}

/** Fireball Island's log lines that move the jewel: captured, picked up, stolen, kept with FAKE
 * JEWEL, left behind by a Fireball, brought to the Dock. */
function jewelLines(events) {
  return events.filter((e) => e.text && /\bjewel\b/.test(e.text) && !/without the jewel/.test(e.text));
}

/** The live region: the newest moves (by seats, not chance), then the reader's prompt. */
function announce(fresh) {
  const moves = fresh.filter((e) => e.text && e.seat !== null && e.seat !== undefined).slice(-3);
  const said = moves.map((e) => `${e.seat === mySeat ? "You" : seatName(e.seat)}: ${named(e.text)}.`);
  const mine = page.pending && mySeat !== null && page.pending.seat === mySeat && page.choices.length;
  if (mine) said.push(page.pending.window ? "Your answer: play a card, or pass." : "Your turn.");
  if (said.length) el.announce.textContent = said.join(" ");
}

function sameNotations(a, b) {
  return a.length === b.length && a.every((c, i) => c.notation === b[i].notation);
}

function onHint(msg) {
  el.hintButton.disabled = false;
  // A hint for a decision already gone says nothing now.
  if (!page.connection || msg.after !== page.connection.last) return;
  el.hintText.hidden = false;
  el.hintText.textContent = `Hint: ${msg.move}: ${msg.text}`;
}

function onRefused(msg) {
  page.awaiting = false;
  showMessage(`Refused${msg.move ? ` (${msg.move})` : ""}: ${msg.reason}`, "refused");
  render();
}

function onError(msg) {
  page.awaiting = false;
  el.hintButton.disabled = false;
  showMessage(msg.reason || "Something went wrong.", "error");
  render();
}

function onStatus(up, retryMs) {
  // For tests and curious readers: the longest wait before a reconnection so far.
  if (typeof retryMs === "number") {
    root.dataset.retries = String(Number(root.dataset.retries || 0) + 1);
    root.dataset.longestRetry = String(Math.max(retryMs, Number(root.dataset.longestRetry || 0)));
  }
  // A move sent on a socket that closed may never be answered: the state after the
  // reconnection's sync says whether it was played, and the choices come back if not.
  page.awaiting = false;
  el.banner.hidden = up;
  el.conn.className = `conn ${up ? "up" : "down"}`;
  el.conn.title = up ? "connected" : "reconnecting";
  render();
}

async function start() {
  buildFrame();
  confirmForms(document);
  copyButtons(document);
  const module = game.replace(/-/g, "_");
  if (!/^[a-z_]+$/.test(module)) return showMessage(`This page cannot draw ${game}.`, "error");
  try {
    const [board, assets] = await Promise.all([
      import(`./boards/${module}.js`),
      fetch(`/api/boards/${encodeURIComponent(game)}`).then((r) => (r.ok ? r.json() : {})),
    ]);
    page.board = board;
    page.assets = assets;
    el.numeralsLabel.hidden = !board.setNumerals;
    el.numerals.checked = Boolean(board.drawsNumerals && board.drawsNumerals());
    if (board.legend) el.logArea.before(board.legend(assets)); // a map's key, beside the board
  } catch (err) {
    showMessage(`This page cannot draw ${game}: ${err}`, "error");
    return;
  }
  // The banner says "connecting…" until the first connection, "reconnecting…" after.
  let wasUp = false;
  const status = (up, retryMs) => {
    wasUp = wasUp || up;
    el.banner.textContent = wasUp ? "reconnecting…" : "connecting…";
    onStatus(up, retryMs);
  };
  status(false);
  page.connection = new Connection(root.dataset.ws, { state: onState, refused: onRefused, error: onError, hint: onHint, status });
}

start();
