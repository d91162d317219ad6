/** A channel's connection health: connected, reconnecting, silent past its platform's heartbeat, or failed. */

export type ChannelState = "starting" | "connected" | "reconnecting" | "failed" | "stopped";

export interface HealthView {
  state: ChannelState;
  healthy: boolean;
  /** Milliseconds since the platform last showed life (poll answered, heartbeat acknowledged, event). */
  silent_ms: number;
  detail: string;
  received: number;
  sent: number;
  strangers: number;
}

export class ChannelHealth {
  state: ChannelState = "starting";
  detail = "";
  lastAlive: number;
  received = 0;
  sent = 0;
  strangers = 0;

  constructor(private readonly heartbeatMs: number, now: number) {
    this.lastAlive = now;
  }

  alive(now: number): void {
    this.state = "connected";
    this.detail = "";
    this.lastAlive = now;
  }

  lost(reason: string): void {
    if (this.state === "stopped" || this.state === "failed") return;
    this.state = "reconnecting";
    this.detail = reason;
  }

  failed(reason: string): void {
    this.state = "failed";
    this.detail = reason;
  }

  view(now: number): HealthView {
    const silent = Math.max(0, now - this.lastAlive);
    const quiet = this.state === "connected" && silent > this.heartbeatMs;
    return {
      state: this.state,
      healthy: this.state === "connected" && !quiet,
      silent_ms: silent,
      detail: quiet ? `No sign of life for ${Math.round(silent / 1000)} s` : this.detail,
      received: this.received,
      sent: this.sent,
      strangers: this.strangers,
    };
  }
}
