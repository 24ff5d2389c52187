// The host's controls on the table page: each seat's "give it to" select, Start, End, the
// rematch; and the page's small helpers for forms (confirmations) and the invite's Copy link.
// The forms post to the same routes as the server-drawn ones, and carry whatever hidden
// fields the server put in its own host forms (a request token, say), copied from them.

import { h } from "./dom.js";

/** A form posting to `action`, with the hidden fields of the server's host forms. */
export function hostForm(action, ...children) {
  // #host-token keeps the host's token when the host panel is gone (the rematch, once over).
  const hidden = [...document.querySelectorAll("#host form input[type=hidden], #host-token input[type=hidden]")];
  const seen = new Set();
  const fields = hidden.filter((input) => !seen.has(input.name) && seen.add(input.name)).map((input) => input.cloneNode());
  return h("form", { method: "post", action, class: "inline" }, fields, children);
}

/** Seat `i`'s controls: open it or give it to a bot, or take it back from its person. */
export function hostControls(tableId, i, info, name, levels) {
  const person = !info.open && info.kind === "person";
  const who = info.open ? "open" : name;
  const select = h(
    "select",
    { name: "to", "aria-label": `Seat ${i + 1}: ${who}` },
    person ? h("option", { value: "", selected: true, disabled: true, text: `${name} sits here` }) : null,
    h("option", { value: "open", selected: Boolean(info.open), text: "open for a person" }),
    levels.map((level) =>
      h("option", { value: level, selected: info.kind === "bot" && info.level === level, text: `${level} bot` }),
    ),
  );
  const set = hostForm(`/t/${tableId}/seats/${i + 1}`, select, h("button", { type: "submit", text: "Set" }));
  if (person) set.dataset.confirm = `Give ${name}'s seat away? ${name} will be watching from then on.`;
  listenConfirm(set);
  if (!person) return set;
  const revoke = hostForm(
    `/t/${tableId}/seats/${i + 1}/revoke`,
    h("button", { type: "submit", text: "Revoke", "aria-label": `Revoke ${name}'s seat` }),
  );
  revoke.dataset.confirm = `Take ${name}'s seat back? The seat opens for whoever has the invite link.`;
  listenConfirm(revoke);
  return h("span", { class: "inline" }, set, revoke);
}

/** The server-drawn host panel follows the table: Start while it waits (with every seat
 * taken), the rest while the game can still change; nothing once it is over. */
export function renderHost(meta, isHost) {
  const badge = document.getElementById("status");
  if (badge) badge.textContent = meta.status;
  const live = ["waiting", "playing"].includes(meta.status);
  const panel = document.getElementById("host");
  if (panel) panel.hidden = !isHost || !live;
  const invite = document.getElementById("invite-row");
  if (invite) invite.hidden = !live;
  const startForm = document.getElementById("start-form");
  if (startForm) startForm.hidden = meta.status !== "waiting";
  const start = document.getElementById("start");
  if (start) {
    const open = (meta.seats || []).some((seat) => seat.open);
    start.disabled = open;
    start.title = open ? "every seat must be filled first" : "";
  }
  const noSeat = document.getElementById("no-seat");
  if (noSeat) noSeat.hidden = !live;
}

function listenConfirm(form) {
  form.addEventListener("submit", (event) => {
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) event.preventDefault();
  });
}

/** Every server-drawn form with a data-confirm asks before it is sent. */
export function confirmForms(root) {
  for (const form of root.querySelectorAll("form[data-confirm]")) listenConfirm(form);
}

/** A button with data-copy puts its text on the clipboard and says so. */
export function copyButtons(root) {
  for (const button of root.querySelectorAll("button[data-copy]")) {
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
        button.textContent = "Copied";
      } catch {
        button.textContent = "Select the link to copy it";
      }
    });
  }
}
