// What a person reads names people: the stories say "P2" (as the terminal and the records
// do), and the page puts each seat's name there, or "you" for the reader, with the verb that
// follows made to agree ("P1 draws" -> "you draw").

const IRREGULAR = { is: "are", has: "have", does: "do", goes: "go", was: "were" };

function agree(verb) {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (/(ss|sh|ch|x)es$/.test(verb)) return verb.slice(0, -2);
  if (/[^s]s$/.test(verb)) return verb.slice(0, -1);
  return verb;
}

/** `text` with each seat label (P1..P8) as the seat's name, and "you" for `mySeat`. */
export function nameSeats(text, seatName, mySeat) {
  if (!text) return text;
  return text.replace(/\bP([1-8])\b('s)?( [a-z]+)?/g, (whole, number, possessive, next, offset) => {
    const seat = Number(number) - 1;
    if (seat !== mySeat) return seatName(seat) + (possessive || "") + (next || "");
    const you = offset === 0 || /[.:;!?]\s*$/.test(text.slice(0, offset)) ? "You" : "you";
    if (possessive) return `${you === "You" ? "Your" : "your"}${next || ""}`;
    return you + (next ? ` ${agree(next.slice(1))}` : "");
  });
}

const DEALT = /^P([1-8]) (?:is dealt|takes) (.+?)(?:; (.*))?$/; // Highrise: "takes a domino"

/** A deal told tile by tile ("P2 is dealt a tile", "P2 takes a domino", ...) as one line: how many tiles each seat
 * got, the reader's own tiles, and what the last line went on to say (who leads). Null if
 * `texts` is not a deal of two lines or more. */
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
  const who = (s) => (s === mySeat ? "you" : seatName(s));
  const sizes = new Set(counts.values());
  const each =
    sizes.size === 1
      ? `${[...sizes][0]} tiles each to ${seats.map(who).join(", ")}`
      : seats.map((s) => `${counts.get(s)} to ${who(s)}`).join(", ");
  const parts = [`The deal: ${each}`];
  if (mine.length) parts.push(`your tiles: ${mine.join(", ")}`);
  const then = dealt[dealt.length - 1][3];
  if (then) parts.push(nameSeats(then, seatName, mySeat));
  return parts.join("; ");
}
