// The review page of a finished game: step through it as any seat saw it, or as a spectator
// with every hand shown, beside the hard bot's marks on the people's decisions.
//
// The server replays the record and says each position's views (/review/position/<step>);
// the marks are worked out on the server, a search per decision, and this page asks how far
// it has got (/review/marks) until they are done. The board is drawn by the game's own board
// module, as at the table, with nothing to pick.

import { h, clear } from "./dom.js";

const root = document.getElementById("review");
const base = `/t/${encodeURIComponent(root.dataset.tableId)}/review`;
const POLL_MS = 1000; // how often the page asks how far the review has got

const page = {
  game: null, // {seats, reviewed, steps, scores}
  board: null,
  assets: null,
  step: 0, // the position shown: after this many steps
  seat: null, // the seat it is seen by; null: a spectator, every hand shown
  marks: new Map(), // step index -> mark
  asked: 0, // the last position asked for: an older answer is dropped
};

const noop = () => {};

const el = {
  seeAs: h("select", { id: "see-as" }),
  first: h("button", { type: "button", id: "first", text: "« Start" }),
  prev: h("button", { type: "button", id: "prev", text: "◀ Back" }),
  next: h("button", { type: "button", id: "next", text: "Next ▶" }),
  last: h("button", { type: "button", id: "last", text: "End »" }),
  slider: h("input", { type: "range", id: "step", min: "0", value: "0", "aria-label": "step" }),
  where: h("p", { id: "where", class: "where", role: "status" }),
  decision: h("p", { id: "decision", class: "decision", hidden: true }),
  summary: h("p", { id: "summary", class: "summary" }),
  board: h("div", { id: "board", class: "board" }),
  hands: h("div", { id: "hands", class: "review-hands" }),
  progress: h("p", { id: "review-progress", class: "review-progress", role: "status", text: "Asking for the review…" }),
  marks: h("ol", { id: "marks", class: "marks" }),
  steps: h("ol", { id: "steps", class: "log review-log", tabindex: "0", "aria-label": "The game's steps" }),
  message: h("p", { id: "message", class: "error", role: "alert", hidden: true }),
};

function seatName(i) {
  const seat = page.game.seats[i];
  return `P${i + 1} ${seat ? seat.name : ""}`.trim();
}

function pct(x) {
  return `${Math.round(x * 100)}%`;
}

function markWords(mark) {
  return (
    `${seatName(mark.seat)} played ${mark.played} (${mark.played_text}): a ${mark.mark}. ` +
    `The hard bot prefers ${mark.best} (${mark.best_text}), which wins ${pct(mark.best_chance)} ` +
    `against ${pct(mark.played_chance)}: ${Math.round(mark.cost * 100)} points of win chance given away.`
  );
}

function showMessage(text) {
  el.message.textContent = text;
  el.message.hidden = false;
}

async function getJson(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
  return body;
}

// -- the frame -----------------------------------------------------------------------------

function buildFrame() {
  const label = h("label", { for: "see-as", text: "Seen by " });
  el.seeAs.append(h("option", { value: "", text: "Everyone (every hand shown)" }));
  page.game.seats.forEach((_, i) => el.seeAs.append(h("option", { value: String(i), text: seatName(i) })));
  el.seeAs.addEventListener("change", () => {
    page.seat = el.seeAs.value === "" ? null : Number(el.seeAs.value);
    tellSteps();
    show(page.step);
  });
  el.slider.max = String(page.game.steps.length);
  el.slider.addEventListener("input", () => show(Number(el.slider.value)));
  el.first.addEventListener("click", () => show(0));
  el.prev.addEventListener("click", () => show(page.step - 1));
  el.next.addEventListener("click", () => show(page.step + 1));
  el.last.addEventListener("click", () => show(page.game.steps.length));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("select, input")) return;
    if (event.key === "ArrowLeft") show(page.step - 1);
    else if (event.key === "ArrowRight") show(page.step + 1);
    else return;
    event.preventDefault();
  });
  const steps = page.game.steps.map((step, i) =>
    h("li", { "data-step": String(i) }, h("button", { type: "button", class: "link", onclick: () => show(i + 1) })),
  );
  el.steps.append(...steps);
  tellSteps();
  clear(root).append(
    el.message,
    h(
      "section",
      { class: "review-controls", "aria-label": "Stepping through the game" },
      h("p", { class: "see-as" }, label, el.seeAs),
      h("p", { class: "buttons" }, el.first, el.prev, el.next, el.last),
      el.slider,
      el.where,
    ),
    h(
      "div",
      { class: "review-columns" },
      h("section", { class: "review-board" }, el.decision, el.board, el.summary, el.hands),
      h(
        "section",
        { class: "review-side" },
        h("h2", { text: "Marks" }),
        el.progress,
        el.marks,
        h("h2", { text: "Steps" }),
        el.steps,
      ),
    ),
  );
}

/** A step as the seat it is seen by was told it: a hidden draw is named to its owners only
 * (seen by everyone, the whole truth). */
function told(step) {
  const sees = page.seat === null || !step.owners.length || step.owners.includes(page.seat);
  return `${step.seat === null ? "" : `${seatName(step.seat)}: `}${sees ? step.text : step.public}`;
}

function tellSteps() {
  page.game.steps.forEach((step, i) => {
    el.steps.children[i].querySelector("button").textContent = told(step);
  });
}

// -- a position ------------------------------------------------------------------------------

function context(view, seat) {
  return {
    view,
    assets: page.assets,
    seat,
    names: page.game.seats.map((_, i) => seatName(i)),
    myTurn: false,
    window: null,
    choices: [],
    selection: { hand: null, target: null },
    targets: new Set(),
    playable: new Set(),
    partial: null,
    pickHand: noop,
    pickTarget: noop,
    setPartial: noop,
  };
}

async function show(step) {
  const steps = page.game.steps;
  step = Math.max(0, Math.min(steps.length, step));
  page.step = step;
  el.slider.value = String(step);
  el.first.disabled = el.prev.disabled = step === 0;
  el.next.disabled = el.last.disabled = step === steps.length;
  const lastStep = step > 0 ? steps[step - 1] : null;
  el.where.textContent =
    step === 0
      ? `The start, before step 1 of ${steps.length}.`
      : `After step ${step} of ${steps.length}: ${told(lastStep)}`;
  for (const li of el.steps.children) li.classList.toggle("current", Number(li.dataset.step) === step - 1);
  const current = el.steps.children[step - 1];
  if (current) current.scrollIntoView({ block: "nearest" });
  // The decision made from this position, if the bot marked it.
  const mark = page.marks.get(step);
  el.decision.hidden = !mark;
  el.decision.className = `decision ${mark ? mark.mark : ""}`;
  el.decision.textContent = mark ? `Next: ${markWords(mark)}` : "";
  const asked = ++page.asked;
  const query = page.seat === null ? "" : `?seat=${page.seat}`;
  let position;
  try {
    position = await getJson(`${base}/position/${step}${query}`);
  } catch (err) {
    showMessage(`Cannot show step ${step}: ${err.message}`);
    return;
  }
  if (asked !== page.asked) return; // another step was asked for meanwhile
  el.message.hidden = true;
  const ctx = context(position.view, page.seat);
  clear(el.board).append(page.board.drawBoard(ctx));
  el.summary.textContent = page.board.summary(ctx).join(" · ");
  clear(el.hands);
  const hands = position.hands ? position.hands.map((view, i) => [view, i]) : [[position.view, page.seat]];
  for (const [view, seat] of hands) {
    if (seat === null) continue;
    const drawn = page.board.drawHand(context(view, seat));
    if (drawn) el.hands.append(h("div", { class: "review-hand", "data-seat": String(seat) }, h("h3", { text: seatName(seat) }), drawn));
  }
}

// -- the marks -------------------------------------------------------------------------------

function showMarks(review) {
  const marks = review.marks;
  page.marks = new Map(marks.map((m) => [m.step, m]));
  const whose = page.game.reviewed.map(seatName).join(", ");
  el.progress.textContent =
    `${review.decisions} decision${review.decisions === 1 ? "" : "s"} of ${whose} reviewed, ` +
    `${marks.length} marked${marks.length ? "" : ": none is clearly worse than the hard bot's choice"}.`;
  clear(el.marks).append(
    ...marks.map((m) =>
      h(
        "li",
        { class: `mark ${m.mark}`, "data-step": String(m.step) },
        h("button", { type: "button", class: "link", text: `Step ${m.step + 1}: ${markWords(m)}`, onclick: () => show(m.step) }),
      ),
    ),
  );
  for (const li of el.steps.children) {
    const mark = page.marks.get(Number(li.dataset.step));
    li.classList.toggle("marked", Boolean(mark));
    if (mark && !li.querySelector(".badge")) li.append(" ", h("span", { class: `badge ${mark.mark}`, text: mark.mark }));
  }
  show(page.step);
}

async function poll() {
  let review;
  try {
    review = await getJson(`${base}/marks`);
  } catch (err) {
    el.progress.textContent = `The review could not be had: ${err.message}`;
    return;
  }
  if (review.state === "done") return showMarks(review);
  if (review.state === "failed") {
    el.progress.textContent = "The review failed on the server. Reload the page to try again.";
    return;
  }
  el.progress.textContent =
    review.state === "waiting"
      ? "Waiting for other reviews to finish…"
      : `Reviewing: ${review.done} of ${review.total === null ? "?" : review.total} decisions…`;
  setTimeout(poll, POLL_MS);
}

async function start() {
  const module = root.dataset.game.replace(/-/g, "_");
  if (!/^[a-z_]+$/.test(module)) return showMessage(`This page cannot draw ${root.dataset.game}.`);
  try {
    const [game, board, assets] = await Promise.all([
      getJson(`${base}/game`),
      import(`./boards/${module}.js`),
      fetch(`/api/boards/${encodeURIComponent(root.dataset.game)}`).then((r) => (r.ok ? r.json() : {})),
    ]);
    Object.assign(page, { game, board, assets });
  } catch (err) {
    root.append(el.message);
    return showMessage(`This page cannot show the game: ${err.message}`);
  }
  buildFrame();
  show(0);
  poll();
}

start();
