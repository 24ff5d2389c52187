// How big the board is drawn (issue 28, item 4): the board takes the height the viewport
// leaves once the hand and the choices are in view, and draws to fit it, unless fitting
// would draw a figure (a tile's digit or pips, an end's number, a label) smaller than
// SMALLEST_FIGURE CSS px: then it keeps that size and pans inside its frame.

export const SMALLEST_FIGURE = 12; // CSS px
const MARGIN = 0.05; // CSS px over it: a box of exactly 12 px measures a hair under it placed elsewhere
const MIN_BOARD = 150; // CSS px: below this a board shows too little to pan around
const MIN_CHOICES = 48; // CSS px: a row of choices, the rest scrolled to
const PAD = 8; // CSS px kept clear under the last thing that must be seen

const top = (node) => node.getBoundingClientRect().top + window.scrollY;
const bottom = (node) => node.getBoundingClientRect().bottom + window.scrollY;

/**
 * The board frame's height, and the choices list's, so that the hand and the choices are
 * within the first screen. Under the board (a narrow or tall screen) the choices get room
 * for as many as their style allows, every turn alike, so the board does not change size
 * with whose turn it is; beside it (a wide screen) they take what is left down to the
 * viewport's bottom. `stage` holds the board and what is drawn under it.
 */
export function boardHeight(frame, stage, choices) {
  choices.style.maxHeight = "";
  const vh = window.innerHeight;
  const frameTop = top(frame);
  const frameBottom = bottom(frame);
  const under = top(choices) >= frameBottom - 1;
  if (!under) {
    choices.style.maxHeight = `${Math.max(MIN_CHOICES, vh - PAD - top(choices))}px`;
    return Math.max(MIN_BOARD, vh - PAD - frameTop - (bottom(stage) - frameBottom));
  }
  const reserved = parseFloat(getComputedStyle(choices).maxHeight) || 0;
  const room = vh - PAD - frameTop - (top(choices) - frameBottom) - reserved;
  if (room >= MIN_BOARD) return room;
  choices.style.maxHeight = `${Math.max(MIN_CHOICES, reserved - (MIN_BOARD - room))}px`;
  return MIN_BOARD;
}

/** The smallest figure drawn on `svg` as it is drawn now, in CSS px: a text by its box's
 * height, a half drawn as pips by its pattern's (two pips or more). Null if it draws none. */
export function smallestFigure(svg) {
  let least = Infinity;
  const figures = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim());
  figures.push(...[...svg.querySelectorAll("[data-pips]")].filter((g) => Number(g.dataset.pips) >= 2));
  for (const node of figures) least = Math.min(least, node.getBoundingClientRect().height);
  return least === Infinity ? null : least;
}

/**
 * Draw `svg` in `frame` (`height` CSS px high): fitted when that draws every figure at
 * SMALLEST_FIGURE or more (if `readable`), else at the scale that does, panned inside the
 * frame; `zoom` (CSS px per unit), if given, is the least scale wanted. True when it pans.
 */
export function fitBoard(frame, svg, { height, zoom = null, readable = false }) {
  frame.style.height = `${Math.round(height)}px`;
  const box = svg.viewBox && svg.viewBox.baseVal;
  if (!box || !box.width || !box.height) return false;
  const fit = Math.min(frame.clientWidth / box.width, frame.clientHeight / box.height);
  let scale = Math.max(fit, zoom || 0);
  const draw = () => {
    const pans = scale > fit * 1.001;
    frame.classList.toggle("pans", pans);
    // A frame that scrolls is reached by the keyboard too, to scroll it with the arrows.
    if (pans) frame.setAttribute("tabindex", "0");
    else frame.removeAttribute("tabindex");
    svg.style.width = pans ? `${box.width * scale}px` : "100%";
    svg.style.height = pans ? `${box.height * scale}px` : "100%";
    return pans;
  };
  let pans = draw();
  // Measured as drawn, not worked out: the browser sizes a text's box in steps (from its
  // font's rounded metrics), so a little more scale may not move it; a few looks make sure.
  for (let look = 0; readable && look < 8; look++) {
    const least = smallestFigure(svg);
    if (least === null || least >= SMALLEST_FIGURE + MARGIN) break;
    scale *= Math.max((SMALLEST_FIGURE + MARGIN) / least, 1.03);
    pans = draw();
  }
  return pans;
}
