/** The WebSocket load generator, run as its own process so its work is not the server's: many clients on
 * /api/ws sending `ping` frames (closed loop, for a time) or `message` turns (each client opens sessions over
 * REST and runs turns in each, waiting for response_complete). Prints one JSON line with the counts, latency
 * percentiles and its own CPU seconds (from /proc/self/stat).
 * Usage: deno run -A bench/ws_load_client.ts '{"url":"http://127.0.0.1:3100","mode":"ping","clients":32,...}' */

/** The plan and outcome types live with the launcher (load_generators.ts); this import is erased at run time. */
import type { WsOutcome as Outcome, WsPlan as Plan } from "./load_generators.ts";

const plan = JSON.parse(Deno.args[0] ?? "{}") as Plan;
const wsBase = plan.url.replace(/^http/, "ws") + "/api/ws";

function cpuSeconds(): number {
  const text = Deno.readTextFileSync("/proc/self/stat");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(samples: number[], fraction: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

/** One socket; `next` resolves with the next frame that `accept` takes (frames it skips are dropped). */
class Client {
  private waiting?: { accept: (frame: { type: string; session_id?: string }) => boolean; done: () => void };

  private constructor(readonly socket: WebSocket) {
    socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data));
      const waiting = this.waiting;
      if (waiting?.accept(frame)) {
        this.waiting = undefined;
        waiting.done();
      }
    };
  }

  static open(sessionId = ""): Promise<Client> {
    const socket = new WebSocket(`${wsBase}?session_id=${sessionId}`);
    return new Promise((resolve, reject) => {
      socket.onopen = () => resolve(new Client(socket));
      socket.onerror = () => reject(new Error(`WebSocket to "${wsBase}" failed`));
    });
  }

  /** Sends `frame` and resolves true at the first frame `accept` takes, false after `timeoutMs`. */
  exchange(
    frame: string,
    accept: (frame: { type: string; session_id?: string }) => boolean,
    timeoutMs = 30_000,
  ) {
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve(false);
      }, timeoutMs);
      this.waiting = {
        accept,
        done: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      this.socket.send(frame);
    });
  }

  close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.socket.addEventListener("close", () => resolve()));
    this.socket.close();
    return closed;
  }
}

async function pingLoad(): Promise<Omit<Outcome, "cpuSeconds">> {
  const clients = await Promise.all(Array.from({ length: plan.clients }, () => Client.open()));
  const start = performance.now() + (plan.warmupMs ?? 0);
  const end = start + plan.durationMs;
  const latencies: number[] = [];
  let failed = 0;
  const frame = JSON.stringify({ type: "ping" });
  await Promise.all(clients.map(async (client) => {
    while (performance.now() < end) {
      const sent = performance.now();
      const ok = await client.exchange(frame, (reply) => reply.type === "pong");
      const now = performance.now();
      if (now < start || now >= end) continue;
      if (ok) latencies.push(now - sent);
      else failed++;
    }
  }));
  await Promise.all(clients.map((client) => client.close()));
  return summary(latencies, failed, plan.durationMs / 1000);
}

async function newSession(): Promise<string> {
  const response = await fetch(`${plan.url}/api/sessions`, { method: "POST", body: '{"mode":"normal"}' });
  const body = await response.json() as { id?: string };
  if (!body.id) throw new Error(`Cannot create a session at "${plan.url}": ${JSON.stringify(body)}`);
  return body.id;
}

async function turnLoad(): Promise<Omit<Outcome, "cpuSeconds">> {
  const started = performance.now();
  const end = started + plan.durationMs;
  const latencies: number[] = [];
  let failed = 0;
  await Promise.all(Array.from({ length: plan.clients }, async () => {
    const client = await Client.open();
    for (let session = 0; session < (plan.sessionsPerClient ?? 1) && performance.now() < end; session++) {
      const sessionId = await newSession();
      for (let turn = 0; turn < (plan.turnsPerSession ?? 1) && performance.now() < end; turn++) {
        const frame = JSON.stringify({
          type: "message",
          session_id: sessionId,
          content: `Say hello ${turn}`,
        });
        const sent = performance.now();
        let outcome = "";
        const ok = await client.exchange(frame, (reply) => {
          if (reply.session_id !== sessionId) return false;
          if (reply.type === "response_complete" || reply.type === "error") outcome = reply.type;
          return outcome !== "";
        });
        if (ok && outcome === "response_complete") latencies.push(performance.now() - sent);
        else failed++;
      }
    }
    await client.close();
  }));
  return summary(latencies, failed, (performance.now() - started) / 1000);
}

function summary(latencies: number[], failed: number, seconds: number): Omit<Outcome, "cpuSeconds"> {
  return {
    completed: latencies.length,
    failed,
    seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}

const cpuBefore = cpuSeconds();
const result = plan.mode === "ping" ? await pingLoad() : await turnLoad();
const outcome: Outcome = { ...result, cpuSeconds: cpuSeconds() - cpuBefore };
console.log(JSON.stringify(outcome));
