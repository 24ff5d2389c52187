// Small DOM builders. Every text goes in through textContent or an attribute, never
// innerHTML: seat names and event texts come from other people and may hold markup.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.setAttribute("class", value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return node;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "text", child). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, same arguments as h. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** A root <svg> that scales to its box and keeps its aspect ratio. A group, not an image:
 * its targets are buttons a keyboard and a screen reader reach one by one. */
export function svgRoot(x, y, width, height, attrs = {}) {
  return s("svg", {
    viewBox: `${round(x)} ${round(y)} ${round(width)} ${round(height)}`,
    preserveAspectRatio: "xMidYMid meet",
    role: "group",
    ...attrs,
  });
}

/** A target's spoken name holds the text drawn on it (a number, a label), as a name must
 * that a person reads on screen and says to voice control. */
export function nameWithText(node) {
  const label = node.getAttribute("aria-label");
  if (!label) return;
  // Joined as axe-core (and voice control) reads the drawn text: one run of characters.
  const drawn = [...node.querySelectorAll("text")].map((t) => t.textContent.trim()).join("");
  if (drawn && !label.includes(drawn)) node.setAttribute("aria-label", `${label}: ${drawn}`);
}

/** Numbers in SVG attributes: two decimals are plenty and keep the DOM readable. */
export function round(value) {
  return Math.round(value * 100) / 100;
}

/** Make an SVG or HTML element act as a button for mouse, touch and keyboard alike. */
export function clickable(node, onPick, label) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  if (label) node.setAttribute("aria-label", label);
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    onPick();
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onPick();
    }
  });
  return node;
}

/** A <title> child: the tooltip a mouse shows over an SVG element. */
export function tip(text) {
  return s("title", { text });
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}
