// What a person reads names people: the stories say "P2" (as the terminal and the records
// do), and the page puts each seat's name there, or "you" for the reader, with the verb that
// follows made to agree ("P1 draws" -> "you draw"); on the page each name is marked with its
// seat's colour, as in the Players panel.

import { h } from "./dom.js";

const IRREGULAR = { is: "are", has: "have", does: "do", goes: "go", was: "were" };

function agree(verb) {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (/(ss|sh|ch|x)es$/.test(verb)) return verb.slice(0, -2);
  if (/[^s]s$/.test(verb)) return verb.slice(0, -1);
  return verb;
}

/** `text` in pieces: plain strings, and {seat, name} for each seat label (P1..P8) as the
 * seat's name ("you" for `mySeat`), the words after it as they read then. */
function namePieces(text, seatName, mySeat) {
  const pieces = [];
  const label = /\bP([1-8])\b('s)?( [a-z]+)?/g;
  let at = 0;
  for (let m = label.exec(text); m; m = label.exec(text)) {
    const [whole, number, possessive, next] = m;
    const seat = Number(number) - 1;
    pieces.push(text.slice(at, m.index));
    at = m.index + whole.length;
    if (seat !== mySeat) {
      pieces.push({ seat, name: seatName(seat) + (possessive || "") }, next || "");
      continue;
    }
    const you = m.index === 0 || /[.:;!?]\s*$/.test(text.slice(0, m.index)) ? "You" : "you";
    if (possessive) pieces.push({ seat, name: you === "You" ? "Your" : "your" }, next || "");
    else pieces.push({ seat, name: you }, next ? ` ${agree(next.slice(1))}` : "");
  }
  pieces.push(text.slice(at));
  return pieces.filter((piece) => piece !== "");
}

/** `text` with each seat label (P1..P8) as the seat's name, and "you" for `mySeat`. */
export function nameSeats(text, seatName, mySeat) {
  if (!text) return text;
  return namePieces(text, seatName, mySeat)
    .map((piece) => (typeof piece === "string" ? piece : piece.name))
    .join("");
}

/** The same, as nodes to show: each name in a span of its seat's colour. */
export function nameSeatsShown(text, seatName, mySeat) {
  if (!text) return [];
  return namePieces(text, seatName, mySeat).map((piece) =>
    typeof piece === "string" ? piece : shownName(piece.seat, piece.name),
  );
}

function shownName(seat, name) {
  return h("span", { class: `named seat-colour-${seat}`, text: name });
}

const DEALT = /^P([1-8]) (?:is dealt|takes) (.+?)(?:; (.*))?$/; // Highrise: "takes a domino"

/** A deal told tile by tile ("P2 is dealt a tile", "P2 takes a domino", ...) as one line: how many tiles each seat
 * got, the reader's own tiles, and what the last line went on to say (who leads), as nodes
 * to show (names in their seats' colours). Null if `texts` is not a deal of two lines or more. */
export function dealLine(texts, seatName, mySeat) {
  const dealt = texts.map((text) => DEALT.exec(text || ""));
  if (dealt.length < 2 || dealt.some((m) => !m)) return null;
  const counts = new Map();
  const mine = [];
  for (const [, number, tile] of dealt) {
    const seat = Number(number) - 1;
    counts.set(seat, (counts.get(seat) || 0) + 1);
    if (seat === mySeat && !/^an? /.test(tile)) mine.push(tile);
  }
  const seats = [...counts.keys()].sort((a, b) => a - b); // in seat order, whoever was dealt first
  const who = (s) => shownName(s, s === mySeat ? "you" : seatName(s));
  const list = (items, glue) => items.flatMap((item, i) => (i ? [glue, ...[item].flat()] : [item].flat()));
  const sizes = new Set(counts.values());
  const each =
    sizes.size === 1
      ? [`${[...sizes][0]} tiles each to `, ...list(seats.map(who), ", ")]
      : list(
          seats.map((s) => [`${counts.get(s)} to `, who(s)]),
          ", ",
        );
  const parts = [["The deal: ", ...each]];
  if (mine.length) parts.push(`your tiles: ${mine.join(", ")}`);
  const then = dealt[dealt.length - 1][3];
  if (then) parts.push(nameSeatsShown(then, seatName, mySeat));
  return list(parts, "; ");
}
