// The table's WebSocket: reconnects with backoff and keeps the event numbers straight.
//
// The server numbers events from 1. The client remembers the last number it holds and asks
// for everything after it (`sync`) on every (re)connection, and whenever a message starts
// past it (a gap: a message was lost, or the server restarted between two of ours). A
// message that overlaps what we hold is trimmed, so the log never shows an event twice.

const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];

export class Connection {
  /** path: the data-ws attribute; handlers: {state(msg, fresh events), refused(msg), error(msg), status(up)}. */
  constructor(path, handlers) {
    this.url = wsUrl(path);
    this.handlers = handlers;
    this.last = 0; // the number of the last event we hold: 0 after a page load
    this.attempt = 0;
    this.waitingForSync = 0;
    this.socket = null;
    this.closedByUs = false;
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
      this.handlers.status(false);
      if (this.closedByUs) return;
      const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
      this.attempt += 1;
      setTimeout(() => this.open(), delay);
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
