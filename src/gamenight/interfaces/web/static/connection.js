// The table's WebSocket: reconnects with backoff and keeps the event numbers straight.
//
// The server numbers events from 1. The client remembers the last number it holds and asks
// for everything after it (`sync`) on every (re)connection, and whenever a message starts
// past it (a gap: a message was lost, or the server restarted between two of ours). A
// message that overlaps what we hold is trimmed, so the log never shows an event twice.

// Back-off: doubling from FIRST_RETRY_MS, capped low while the tab is visible (a restarted
// server is back on screen within about a second of answering) and higher while it is
// hidden; each delay is drawn between half and all of its step ("equal jitter"), so the
// pages of a restarted server do not all knock at the same moment.
const FIRST_RETRY_MS = 100;
const VISIBLE_CAP_MS = 1000;
const HIDDEN_CAP_MS = 15000;

/** The wait before reconnection attempt `attempt` (0 first), in milliseconds. */
export function retryDelay(attempt, visible, random = Math.random) {
  const step = Math.min(visible ? VISIBLE_CAP_MS : HIDDEN_CAP_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 20));
  return Math.round(step / 2 + (random() * step) / 2);
}

export class Connection {
  /** path: the data-ws attribute; handlers: {state(msg, fresh events), refused(msg), error(msg),
   * status(up, retryMs)}: retryMs, when down, is the wait before the next attempt. */
  constructor(path, handlers) {
    this.url = wsUrl(path);
    this.handlers = handlers;
    this.last = 0; // the number of the last event we hold: 0 after a page load
    this.attempt = 0;
    this.waitingForSync = 0;
    this.socket = null;
    this.retry = null; // the timer of the next attempt, while the socket is down
    this.closedByUs = false;
    // A tab brought back into view tries again at once rather than sit out a long hidden wait.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && this.retry !== null) this.retryNow();
    });
    this.open();
  }

  retryNow() {
    clearTimeout(this.retry);
    this.retry = null;
    this.open();
  }

  open() {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.handlers.status(true);
      this.sync();
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      if (this.closedByUs) return this.handlers.status(false);
      const delay = retryDelay(this.attempt, document.visibilityState !== "hidden");
      this.attempt += 1;
      this.retry = setTimeout(() => this.retryNow(), delay);
      this.handlers.status(false, delay);
    });
  }

  sync() {
    this.waitingForSync = Date.now();
    this.send({ type: "sync", since: this.last });
  }

  /** Send a move in notation; false when the socket is down (the banner says so already).
   * `after`: the last event we hold, so the server refuses the move if the table moved on
   * meanwhile (a resent or duplicated move is never played twice). */
  move(notation) {
    return this.send({ type: "move", move: notation, after: this.last });
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (msg.type === "state") {
      if (msg.since > this.last) {
        // A gap: events last+1 .. since are missing; the answer to sync starts at `last`.
        // Ask once; ask again only if the answer is long overdue.
        if (!this.waitingForSync || Date.now() - this.waitingForSync > 3000) this.sync();
        return;
      }
      this.waitingForSync = 0;
      const fresh = (msg.events || []).filter((e) => e.n > this.last);
      if (typeof msg.last === "number") this.last = Math.max(this.last, msg.last);
      this.handlers.state(msg, fresh);
    } else if (msg.type === "refused") this.handlers.refused(msg);
    else if (msg.type === "error") this.handlers.error(msg);
    else if (msg.type === "hint" && this.handlers.hint) this.handlers.hint(msg);
  }
}

/** The socket's URL from the page's data-ws: a path on this host, or a full ws(s):// URL. */
function wsUrl(path) {
  if (/^wss?:\/\//.test(path)) return path;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path.startsWith("/") ? "" : "/"}${path}`;
}
