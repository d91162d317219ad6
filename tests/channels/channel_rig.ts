/** A channel manager on a temp SQLite database with the fake engine, for adapter tests against fake platforms. */
import { DatabaseSync } from "node:sqlite";
import { ChannelManager } from "../../src/channels/channel_manager.ts";
import { InboundJournal } from "../../src/channels/inbound_journal.ts";
import type { ChannelAdapter } from "../../src/channels/types.ts";
import { FakeChannelEngine, recorders } from "../support/fake_channel_engine.ts";

export interface ChannelRig {
  manager: ChannelManager;
  engine: FakeChannelEngine;
  journal: InboundJournal;
  db: DatabaseSync;
  audit: ReturnType<typeof recorders>["audit"];
  logs: ReturnType<typeof recorders>["logs"];
  /** A new manager on the same database (an engine restart). */
  restart(): ChannelRig;
  close(): Promise<void>;
}

export function channelRig(path = ":memory:", engine = new FakeChannelEngine()): ChannelRig {
  const db = new DatabaseSync(path);
  const journal = new InboundJournal(db, Date.now);
  const record = recorders();
  const manager = new ChannelManager({
    engine,
    journal,
    audit: record.auditPort,
    log: record.log,
    now: Date.now,
    editIntervalMs: 50,
    drainTimeoutMs: 5000,
  });
  engine.manager = manager;
  return {
    manager,
    engine,
    journal,
    db,
    audit: record.audit,
    logs: record.logs,
    restart: () => channelRig(path, engine),
    close: async () => {
      await manager.stop();
      db.close();
    },
  };
}

export async function attach(rig: ChannelRig, adapter: ChannelAdapter): Promise<void> {
  if (!(await rig.manager.attach(adapter))) throw new Error(`attach failed: ${JSON.stringify(rig.logs)}`);
}
