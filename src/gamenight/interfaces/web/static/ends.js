// The end of a round (a hand) as the table shows it: the last board stays (table.js draws it
// from the round's end), every seat's leftover tiles lie face up, each count says how it was
// reached, and what each seat scored; then "Next round", with who is still reading and the
// seconds left of the host's delay. Every figure is the server's (the engine's scoring): the
// page adds nothing up but the points of a hand's plays, each shown.

import { h, clear } from "./dom.js";
import { tileIcon } from "./domino.js";

const WORD = { wildfire: "Round", wildstar: "Hand", highrise: "Hand" };

/** "Round" or "Hand", as the game's rulebook says. */
export function roundWord(game) {
  return WORD[game] || "Round";
}

// The pause's clock: the server says how many seconds are left; the page counts down.
let pauseDeadline = null;
let clockNode = null;

function tickPause() {
  if (!clockNode || pauseDeadline === null) return;
  const left = Math.max(0, Math.ceil((pauseDeadline - Date.now()) / 1000));
  clockNode.textContent = `${left} s`;
}

setInterval(tickPause, 1000);

/** A count in words: "42 pips + 20 for 2 Wild One flames at 10". */
function countWords(parts) {
  const said = parts.filter(([what, points], i) => i === 0 || points).map(([what, points], i) => (i === 0 ? `${points} ${what}` : `${points} for ${what}`));
  return said.join(" + ");
}

function signed(points) {
  return points > 0 ? `+${points}` : String(points);
}

/**
 * The round's end in `panel`: `end` is the server's round_end, `pause` the table's (who is
 * ready, who is waited for, seconds left; null once over), `names(i)` a seat's name ("you" for
 * the reader is marked by `mySeat`), `named(text)` a story's P1..P8 in names, `onNext` presses
 * "Next round".
 */
export function renderRoundEnd(panel, { game, end, pause, mySeat, names, named, onNext }) {
  panel.hidden = !end;
  if (!end) {
    pauseDeadline = clockNode = null;
    return;
  }
  const word = roundWord(game);
  const who = (i) => (i === mySeat ? "You" : names(i));
  const how = end.out === null || end.out === undefined ? "blocked" : `${who(end.out)} went out`;
  const sides = end.sides || end.seats.map((_, i) => [i]);
  const sideOf = (seat) => sides.findIndex((members) => members.includes(seat));
  const teams = sides.some((members) => members.length > 1);
  // Highrise scores each play as it is made: the hand's plays, each, then what its end did.
  const handPlays = end.last_play ? roundPlays(end) : null;
  const plays = handPlays ? end.seats.map((_, seat) => handPlays.filter((p) => p[1] === seat).map((p) => p[2])) : null;
  const head = ["Player", "Tiles left", "Count"];
  if (plays) head.push("Plays");
  head.push(teams ? "Team scored" : "Scored", teams ? "Team total" : "Total");
  const rows = end.seats.map((line, seat) => {
    const tiles = line.tiles.length
      ? line.tiles.map((tile) => h("span", { class: "left-tile", "data-tile": tile, title: tile }, tileIcon(tile, 16)))
      : [h("span", { class: "none", text: "none" })];
    const cells = [
      h("th", { scope: "row", class: "who" }, h("span", { class: `dot seat-colour-${seat}` }), who(seat)),
      h("td", { class: "tiles", "aria-label": line.tiles.length ? line.tiles.join(" ") : "none" }, tiles),
      h(
        "td",
        { class: "count", "data-count": line.count },
        h("b", { text: String(line.count) }),
        line.tiles.length ? h("span", { class: "how", text: ` = ${countWords(line.parts)}` }) : null,
      ),
    ];
    if (plays) {
      const mine = plays[seat];
      const sum = mine.reduce((a, b) => a + b, 0);
      const text = mine.length ? `${mine.join(" + ")}${mine.length > 1 ? ` = ${sum}` : ""}` : "0";
      cells.push(h("td", { class: "plays", "data-plays": sum, text }));
    }
    const side = sideOf(seat);
    cells.push(h("td", { class: "scored", "data-scored": end.scored[side], text: plays ? signed(end.scored[side]) : String(end.scored[side]) }));
    cells.push(h("td", { class: "total", "data-total": end.totals[side], text: String(end.totals[side]) }));
    return h("tr", { "data-seat": seat, class: seat === mySeat ? "me" : "" }, cells);
  });
  const table = h(
    "table",
    { id: "round-scores", class: "round-scores" },
    h("caption", { class: "visually-hidden", text: `${word} ${end.round}: tiles left and scores` }),
    h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col", text: x })))),
    h("tbody", {}, rows),
  );
  clear(panel).append(
    h("h2", { id: "round-end-title", text: `${word} ${end.round}${end.over ? ", the last," : ""} is over: ${how}` }),
    h("p", { class: "says", text: named(end.says || "") }),
    h("div", { class: "scroll" }, table),
  );
  if (!pause || end.over) {
    pauseDeadline = clockNode = null;
    return;
  }
  const waiting = (pause.waiting || []).map((i) => (i === mySeat ? "you" : names(i)));
  const next = `Next ${word.toLowerCase()}`; // the button's own words: "Next hand" in Highrise and Wildstar
  const ready = mySeat !== null && (pause.ready || []).includes(mySeat);
  clockNode = h("span", { class: "pause-clock" });
  pauseDeadline = Date.now() + (pause.seconds || 0) * 1000;
  const status = h(
    "p",
    { id: "pause-status", role: "status" },
    waiting.length ? `Waiting for ${waiting.join(", ")} to press ${next}; the next deal comes in ` : "The next deal comes in ",
    clockNode,
    " at most.",
  );
  tickPause();
  const parts = [status];
  if (mySeat !== null) {
    parts.unshift(
      h("button", {
        type: "button",
        id: "next-round",
        class: "primary",
        disabled: ready,
        text: ready ? `Ready for the ${next.toLowerCase()}` : next,
        onclick: onNext,
      }),
    );
  }
  panel.append(h("div", { class: "next" }, parts));
}

/**
 * A round's plays ([event, seat, points]) with the one that ended it last: the going-out
 * seat's (`last_play` holds each seat's points from it), on the sheet even if it scored 0.
 */
function roundPlays(round) {
  const plays = [...(round.plays || [])];
  (round.last_play || []).forEach((points, seat) => (points || seat === round.out) && plays.push([0, seat, points]));
  return plays;
}

/** A seat's points in a list of scoring plays ([event, seat, points]): "3 + 7 = 10", "—". */
function playsCell(plays, seat) {
  const mine = plays.filter((p) => p[1] === seat).map((p) => p[2]);
  if (!mine.length) return "—";
  const sum = mine.reduce((a, b) => a + b, 0);
  return mine.length > 1 ? `${mine.join(" + ")} = ${sum}` : String(sum);
}

/**
 * Highrise's score sheet line by line (the server's `scoring`): each hand's plays, each with
 * its points, then what the hand's end did (the going-out bonus, or the leftovers taken off);
 * the hand being played so far; the totals. Null for a game scored only at a round's end.
 */
export function playSheet(game, scoring, view, names) {
  if (game !== "highrise" || !scoring) return null;
  const seats = view.scores.map((_, i) => i);
  const rows = [];
  for (const round of scoring.rounds) {
    const plays = roundPlays(round);
    rows.push([`Hand ${round.round}: plays`, ...seats.map((seat) => playsCell(plays, seat))]);
    const end = round.out === null || round.out === undefined ? "leftovers taken off" : `${names[round.out] || `P${round.out + 1}`} out, takes the leftovers`;
    rows.push([`Hand ${round.round}: ${end}`, ...seats.map((seat) => signed(round.scored[seat]))]);
  }
  if (view.phase !== "over") rows.push([`Hand ${view.hand_number}: plays so far`, ...seats.map((seat) => playsCell(scoring.plays, seat))]);
  return { head: ["", ...seats.map((seat) => names[seat] || `P${seat + 1}`)], rows, foot: ["Total", ...view.scores.map(String)] };
}
