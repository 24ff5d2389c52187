// The side panels of the table page: the players, the result, the score sheet and the log.
// Each is drawn from what it is given, so table.js decides when, and these only how.

import { h, clear } from "./dom.js";
import { hostForm } from "./host.js";
import { dealLine } from "./names.js";

/**
 * One line per seat: its colour, name, bot level or absence, the board module's facts
 * (tiles or cards held, points) once there is a game, and the host's controls if given
 * (`controls(i, info)`: an element or null). `sides` is {board, view, seatName}.
 */
export function renderSeats(list, { board, view, seatName }, meta, acting, mySeat, controls) {
  const seats = (meta && meta.seats) || [];
  const count = seats.length || (view && view.players) || 0;
  while (list.children.length > count) list.lastChild.remove();
  for (let i = 0; i < count; i++) {
    const info = seats[i] || {};
    let status = "";
    if (info.open) status = meta.status === "waiting" ? "open: waiting for a person" : "open: a bot plays";
    else if (info.kind === "bot") status = `bot${info.level ? ` · ${info.level}` : ""}`;
    else if (info.away) status = "away: a bot plays";
    else if (info.connected === false) status = "offline";
    // Each seat's line is kept and filled again, and its controls are rebuilt only when the
    // seat changes hands: a host halfway through choosing is not interrupted by a move.
    let line = list.children[i];
    if (!line) {
      line = h("li", { "data-seat": i }, h("span", { class: "about" }), h("span", { class: "controls" }));
      list.append(line);
    }
    line.className = `seat${i === acting ? " acting" : ""}${i === mySeat ? " me" : ""}`;
    const about = [
      h("span", { class: `dot seat-colour-${i}` }),
      h("span", { class: "name", text: (info.open ? "(open)" : seatName(i)) + (i === mySeat ? " (you)" : "") }),
      h("span", { class: "kind", text: [i === 0 ? "host" : "", status].filter(Boolean).join(" · ") }),
      board && view ? h("span", { class: "facts", text: board.seatFacts(view, i) }) : null,
    ];
    clear(line.firstChild).append(...about.filter(Boolean));
    const slot = line.lastChild;
    const signature = controls ? JSON.stringify([info.open, info.kind, info.level, info.name]) : "";
    if (slot.dataset.signature !== signature) {
      slot.dataset.signature = signature;
      const made = controls ? controls(i, info) : null;
      clear(slot);
      if (made) slot.append(made);
    }
  }
}

/** Once the game is over: who won (seats, or teams), the scores, the record, a rematch. */
export function renderResult(panel, { board, view, seatName }, result, rematch) {
  panel.hidden = !result;
  if (!result) return;
  const side = (i) => board.sideName(view, i, seatName);
  const winners = result.winners || [];
  clear(panel).append(
    h("h2", { text: "Result" }),
    h("p", { class: "winners", text: winners.length ? `Won by ${winners.map(side).join(" and ")}.` : "Nobody won." }),
  );
  if (result.scores && result.scores.length && board.keepsScore !== false) {
    panel.append(h("p", { text: `Scores: ${result.scores.map((score, i) => `${side(i)} ${score}`).join(", ")}` }));
  }
  if (result.record_url) {
    panel.append(h("a", { id: "record", class: "button", href: result.record_url, download: "", text: "Download the record" }));
  }
  if (rematch && rematch.url) panel.append(" ", h("a", { id: "rematch", class: "button", href: rematch.url, text: "Go to the rematch" }));
  else if (rematch && rematch.make) {
    panel.append(
      hostForm(rematch.make, h("button", { type: "submit", id: "rematch-button", text: "Rematch: same seats, new game" })),
    );
  } else if (rematch && rematch.waiting) {
    // Everyone's: it becomes the rematch's link the moment the host makes one.
    panel.append(" ", h("button", { type: "button", id: "rematch-waiting", disabled: true, text: "Rematch: the host starts it" }));
  }
}

/** The board module's sheet ({head, rows, foot}) as a table, under its title. */
export function renderSheet(box, title, board, ctx) {
  const sheet = board.sheet(ctx);
  title.textContent = board.sheetTitle || "Score sheet";
  clear(box);
  if (!sheet) return;
  const table = h("table", {}, h("thead", {}, h("tr", {}, sheet.head.map((x) => h("th", { text: x })))));
  table.append(h("tbody", {}, sheet.rows.map((row) => h("tr", {}, row.map((x) => h("td", { text: x }))))));
  if (sheet.foot) table.append(h("tfoot", {}, h("tr", {}, sheet.foot.map((x) => h("th", { text: x })))));
  box.append(table);
}

/** New events at the end of the log, each with its number and who acted (chance: nobody),
 * in names (`named`: a story's text with the seats named). A deal told tile by tile is one
 * line: its events but the last are kept hidden, so the log's numbering stays whole. */
export function appendLog(log, events, seatName, mySeat, named) {
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
  const deal = [];
  const flushDeal = () => {
    if (!deal.length) return;
    const line = dealLine(deal.map((event) => event.text), seatName, mySeat);
    deal.forEach((event, i) => {
      const last = i === deal.length - 1;
      if (line && !last) log.append(h("li", { "data-n": event.n, hidden: true }));
      else log.append(h("li", { "data-n": event.n, class: "chance deal" }, line && last ? line : named(event.text)));
    });
    deal.length = 0;
  };
  for (const event of events) {
    const chance = event.seat === null || event.seat === undefined;
    // A tile dealt ("P2 is dealt a tile", Highrise's "P2 takes a domino"), not a card taken from someone.
    if (chance && event.text && /^P[1-8] (is dealt |takes (?!.* from ))/.test(event.text)) {
      deal.push(event);
      continue;
    }
    flushDeal();
    // A pass inside a card window says nothing: the window is told once, when it closes. Its
    // line is kept, hidden, so the log's numbering stays whole.
    if (!event.text) {
      log.append(h("li", { "data-n": event.n, hidden: true }));
      continue;
    }
    const who = chance ? null : event.seat === mySeat ? "You" : seatName(event.seat);
    log.append(
      h(
        "li",
        { "data-n": event.n, class: who ? `by seat-colour-${event.seat}` : "chance" },
        who ? h("b", { text: `${who}: ` }) : null,
        named(event.text),
      ),
    );
  }
  flushDeal();
  // Follow the newest event, unless the reader has scrolled up to look back.
  if (atBottom || events.length > 20) log.scrollTop = log.scrollHeight;
}

/** Seats that changed hands mid-game (meta.seat_changes), each told once at the end of the log:
 * nobody takes a seat, and sees its hand, unseen. Returns how many are shown now. */
export function appendSeatChanges(log, changes, shown) {
  for (const change of (changes || []).slice(shown)) {
    log.append(h("li", { class: "seat-change", "data-after": change.after }, h("b", { text: "Seat change: " }), change.text));
  }
  log.scrollTop = log.scrollHeight;
  return Math.max(shown, (changes || []).length);
}
