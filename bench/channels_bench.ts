/** Channels benchmark, the platforms faked in a separate process: messages per second through the Telegram
 * adapter (inbound → stored → echoed → reply sent), against raw sendMessage calls to the same fake; the latency
 * added between response_complete and the platform send, against one raw sendMessage round trip; heap per
 * attached adapter (Telegram, Discord, Slack), against the heap of the process before any was attached. */
import { DatabaseSync } from "node:sqlite";
import { ChannelManager } from "../src/channels/channel_manager.ts";
import { InboundJournal } from "../src/channels/inbound_journal.ts";
import { TelegramAdapter } from "../src/channels/telegram/adapter.ts";
import { DiscordAdapter } from "../src/channels/discord/adapter.ts";
import { SlackAdapter } from "../src/channels/slack/adapter.ts";
import type { ChannelAdapter } from "../src/channels/types.ts";
import { noAudit } from "../src/protocol/audit_events.ts";
import { openDatabase } from "../src/store/database.ts";
import { FakeChannelEngine } from "../tests/support/fake_channel_engine.ts";
import { delay, fixed, percentile, preciseNow, ratio } from "./bench_support.ts";

// Heap figures need a collection before each reading: run again with the flag when it is missing.
if (!(globalThis as { gc?: unknown }).gc) {
  const again = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--v8-flags=--expose-gc", new URL(import.meta.url).pathname],
    stdout: "inherit",
    stderr: "inherit",
  }).spawn().status;
  Deno.exit(again.code);
}

const CHATS = 20;
const IDLE_MESSAGES = 50;
const PER_CHAT = 50;
const RAW_CALLS = 500;
const MANAGERS = 10;
const quiet = { info() {}, warn() {}, error() {}, debug() {} };

const child = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", new URL("./channels_fake_platforms.ts", import.meta.url).pathname],
  stdout: "piped",
  stderr: "inherit",
}).spawn();
const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
const fakes = JSON.parse((await reader.read()).value!.trim());

function manager(
  engine: FakeChannelEngine,
  db: DatabaseSync,
  onReplySent?: (s: string, c: number, t: number) => void,
) {
  const built = new ChannelManager({
    engine,
    journal: new InboundJournal(db, Date.now),
    audit: noAudit,
    log: quiet,
    now: preciseNow,
    onReplySent,
  });
  engine.manager = built;
  return built;
}

const telegram = (pollSeconds = 1) =>
  new TelegramAdapter({
    config: {
      enabled: true,
      allowed_users: Array.from({ length: CHATS }, (_, index) => 5000 + index),
      polling_interval: pollSeconds,
      api_base_url: fakes.telegram.url,
    },
    token: fakes.telegram.token,
  });

async function replies(): Promise<number> {
  return (await (await fetch(`${fakes.control}/replies`)).json()).replies;
}

/** Baseline: sequential sendMessage calls straight to the fake, the cost of the platform call itself. */
async function rawSends(): Promise<{ perSecond: number; roundTrips: number[] }> {
  const roundTrips: number[] = [];
  const started = performance.now();
  for (let index = 0; index < RAW_CALLS; index++) {
    const before = performance.now();
    const response = await fetch(`${fakes.telegram.url}/bot${fakes.telegram.token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat_id: 1, text: `raw ${index}` }),
    });
    await response.body?.cancel();
    roundTrips.push(performance.now() - before);
  }
  return { perSecond: RAW_CALLS / ((performance.now() - started) / 1000), roundTrips };
}

async function throughput(): Promise<{ perSecond: number; added: number[] }> {
  const folder = await Deno.makeTempDir({ prefix: "channels-bench-" });
  // The engine's own settings (WAL, synchronous NORMAL): the journal writes every message before its ack.
  const db = openDatabase(`${folder}/engine.db`);
  const added: number[] = [];
  const built = manager(
    new FakeChannelEngine(),
    db,
    (_session, completedAt, sentAt) => added.push(sentAt - completedAt),
  );
  await built.attach(telegram());
  const before = await replies();
  const started = performance.now();
  await fetch(`${fakes.control}/push?chats=${CHATS}&per=${PER_CHAT}`).then((response) =>
    response.body?.cancel()
  );
  while ((await replies()) - before < CHATS * PER_CHAT) await delay(20);
  const seconds = (performance.now() - started) / 1000;
  await built.stop();
  db.close();
  await Deno.remove(folder, { recursive: true });
  return { perSecond: (CHATS * PER_CHAT) / seconds, added };
}

/** One message at a time: the added latency with nothing else queued. */
async function idleLatency(): Promise<number[]> {
  const db = new DatabaseSync(":memory:");
  const added: number[] = [];
  const built = manager(
    new FakeChannelEngine(),
    db,
    (_session, completedAt, sentAt) => added.push(sentAt - completedAt),
  );
  await built.attach(telegram());
  for (let index = 0; index < IDLE_MESSAGES; index++) {
    const before = await replies();
    await fetch(`${fakes.control}/push?chats=1&per=1`).then((response) => response.body?.cancel());
    while ((await replies()) === before) await delay(2);
  }
  await built.stop();
  db.close();
  return added;
}

function heap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return Deno.memoryUsage().heapUsed;
}

async function memoryPerAdapter(): Promise<{ baseline: number; perAdapter: number }> {
  const baseline = heap();
  const managers: ChannelManager[] = [];
  const dbs: DatabaseSync[] = [];
  for (let index = 0; index < MANAGERS; index++) {
    const db = new DatabaseSync(":memory:");
    dbs.push(db);
    const built = manager(new FakeChannelEngine(), db);
    const adapters: ChannelAdapter[] = [
      telegram(25),
      new DiscordAdapter({
        config: { enabled: true, respond_to_mentions: false, api_base_url: fakes.discord.url },
        token: fakes.discord.token,
      }),
      new SlackAdapter({
        config: { enabled: true, api_base_url: fakes.slack.url },
        botToken: fakes.slack.botToken,
        appToken: fakes.slack.appToken,
      }),
    ];
    for (const adapter of adapters) await built.attach(adapter);
    managers.push(built);
  }
  await delay(1500);
  const attached = heap();
  await Promise.all(managers.map((built) => built.stop()));
  for (const db of dbs) db.close();
  return { baseline, perAdapter: (attached - baseline) / (MANAGERS * 3) };
}

const raw = await rawSends();
const run = await throughput();
const idle = await idleLatency();
const memory = await memoryPerAdapter();
const rawP50 = percentile(raw.roundTrips, 0.5);
console.log(
  `raw sendMessage to the fake (baseline): ${fixed(raw.perSecond, 0)}/s, round trip p50 ${fixed(rawP50)} ms`,
);
console.log(
  `telegram inbound → reply: ${fixed(run.perSecond, 0)} messages/s over ${CHATS} chats ` +
    `(${ratio(run.perSecond, raw.perSecond)} the raw send rate)`,
);
console.log(
  `response_complete → platform send done, one message at a time: p50 ${fixed(percentile(idle, 0.5))} ms, ` +
    `p95 ${fixed(percentile(idle, 0.95))} ms (${ratio(percentile(idle, 0.5), rawP50)} one raw round trip)`,
);
console.log(
  `the same under the ${CHATS * PER_CHAT}-message load: p50 ${fixed(percentile(run.added, 0.5))} ms, ` +
    `p95 ${fixed(percentile(run.added, 0.95))} ms (${
      ratio(percentile(run.added, 0.5), rawP50)
    } one raw round trip)`,
);
console.log(
  `heap per attached adapter (telegram, discord, slack; ${MANAGERS * 3} attached): ${
    fixed(memory.perAdapter / 1024, 1)
  } KiB ` +
    `(x${fixed(memory.perAdapter / memory.baseline, 4)} the ${
      fixed(memory.baseline / 1024 / 1024, 1)
    } MiB heap before)`,
);
await fetch(`${fakes.control}/stop`).then((response) => response.body?.cancel());
reader.releaseLock();
await child.stdout.cancel().catch(() => {});
await child.status;
