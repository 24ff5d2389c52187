// The side panels of the table page: the players, the result, the score sheet and the log.
// Each is drawn from what it is given, so table.js decides when, and these only how.

import { h, clear } from "./dom.js";

/**
 * One line per seat: its colour, name, bot level or absence, and the board module's facts
 * (tiles or cards held, points). `sides` is {board, view, seatName}.
 */
export function renderSeats(list, { board, view, seatName }, meta, acting, mySeat) {
  const seats = (meta && meta.seats) || [];
  const count = seats.length || view.players || 0;
  clear(list);
  for (let i = 0; i < count; i++) {
    const info = seats[i] || {};
    let status = "";
    if (info.kind === "bot") status = `bot${info.level ? ` · ${info.level}` : ""}`;
    else if (info.away) status = "away: a bot plays";
    else if (info.connected === false) status = "offline";
    list.append(
      h(
        "li",
        { class: `seat${i === acting ? " acting" : ""}${i === mySeat ? " me" : ""}`, "data-seat": i },
        h("span", { class: `dot seat-colour-${i}` }),
        h("span", { class: "name", text: seatName(i) + (i === mySeat ? " (you)" : "") }),
        status ? h("span", { class: "kind", text: status }) : null,
        h("span", { class: "facts", text: board.seatFacts(view, i) }),
      ),
    );
  }
}

/** Once the game is over: who won (seats, or teams), the scores, the record, a rematch. */
export function renderResult(panel, { board, view, seatName }, result, rematchUrl) {
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
    panel.append(h("a", { id: "record", href: result.record_url, download: "", text: "Download the record" }));
  }
  if (rematchUrl) panel.append(" ", h("a", { id: "rematch", href: rematchUrl, text: "Go to the rematch" }));
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

/** New events at the end of the log, each with its number and who acted (chance: nobody). */
export function appendLog(log, events, seatName) {
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
  for (const event of events) {
    // A pass inside a card window says nothing: the window is told once, when it closes. Its
    // line is kept, hidden, so the log's numbering stays whole.
    if (!event.text) {
      log.append(h("li", { "data-n": event.n, hidden: true }));
      continue;
    }
    const who = event.seat === null || event.seat === undefined ? null : seatName(event.seat);
    log.append(
      h(
        "li",
        { "data-n": event.n, class: who ? `by seat-colour-${event.seat}` : "chance" },
        who ? h("b", { text: `${who}: ` }) : null,
        event.text,
      ),
    );
  }
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
