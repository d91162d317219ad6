// WebSocket with exponential-backoff reconnect (capped at 10 s) and a keep-alive ping.
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 10_000;
const PING_EVERY_MS = 25_000;

export function backoffDelay(attempt, random = Math.random) {
  const raw = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(raw * (0.8 + random() * 0.4));
}

/**
 * options: url() → string; onEvent(frame); onState(state, {attempt, delayMs});
 * onOpen({reconnected}); canConnect() → Promise<boolean> (false stops retrying, e.g. login needed);
 * pingFrame() → object sent as keep-alive.
 */
export class ReconnectingSocket {
  constructor(options) {
    this.options = options;
    this.socket = null;
    this.attempt = 0;
    this.timer = 0;
    this.pingTimer = 0;
    this.everOpened = false;
    this.stopped = true;
    this.wake = () => this.retryNow();
  }

  start() {
    this.stopped = false;
    globalThis.addEventListener("online", this.wake);
    this.open();
  }

  stop() {
    this.stopped = true;
    globalThis.removeEventListener("online", this.wake);
    clearTimeout(this.timer);
    clearInterval(this.pingTimer);
    if (this.socket) {
      this.socket.onclose = null;
      this.socket.close();
      this.socket = null;
    }
  }

  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  send(frame) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  retryNow() {
    if (this.stopped || this.socket) return;
    clearTimeout(this.timer);
    this.open();
  }

  async open() {
    if (this.stopped) return;
    this.options.onState(this.everOpened ? "reconnecting" : "connecting", {
      attempt: this.attempt,
      delayMs: 0,
    });
    let allowed = true;
    try {
      allowed = await this.options.canConnect();
    } catch {
      this.scheduleRetry();
      return;
    }
    if (!allowed) {
      this.stop();
      return;
    }
    if (this.stopped) return;
    const socket = new WebSocket(this.options.url());
    this.socket = socket;
    socket.onopen = () => this.handleOpen();
    socket.onmessage = (message) => this.handleMessage(message);
    socket.onclose = () => this.handleClose(socket);
  }

  handleOpen() {
    const reconnected = this.everOpened;
    this.everOpened = true;
    this.attempt = 0;
    this.options.onState("open", { attempt: 0, delayMs: 0 });
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send(this.options.pingFrame()), PING_EVERY_MS);
    this.options.onOpen({ reconnected });
  }

  handleMessage(message) {
    let frame;
    try {
      frame = JSON.parse(message.data);
    } catch {
      return; // a non-JSON frame is not part of the protocol; ignore it rather than break the page
    }
    if (frame && typeof frame.type === "string") this.options.onEvent(frame);
  }

  handleClose(socket) {
    if (socket !== this.socket) return;
    this.socket = null;
    clearInterval(this.pingTimer);
    this.scheduleRetry();
  }

  scheduleRetry() {
    if (this.stopped) return;
    const delayMs = backoffDelay(this.attempt);
    this.attempt += 1;
    this.options.onState(this.everOpened ? "reconnecting" : "connecting", { attempt: this.attempt, delayMs });
    this.timer = setTimeout(() => this.open(), delayMs);
  }
}
