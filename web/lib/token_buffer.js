// Collects streamed tokens and hands them on at most once per animation frame (or every 100 ms when hidden).
export class TokenBuffer {
  constructor(onFlush) {
    this.onFlush = onFlush;
    this.pending = "";
    this.scheduled = false;
  }

  push(token) {
    this.pending += token;
    if (this.scheduled) return;
    this.scheduled = true;
    const run = () => this.flush();
    if (document.hidden) setTimeout(run, 100);
    else requestAnimationFrame(run);
  }

  flush() {
    this.scheduled = false;
    if (!this.pending) return;
    const chunk = this.pending;
    this.pending = "";
    this.onFlush(chunk);
  }

  clear() {
    this.pending = "";
  }
}
