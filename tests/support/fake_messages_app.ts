/** A stand-in for macOS Messages: a chat.db with the tables the iMessage adapter reads (message, handle), and an
 * `osascript` script that records each send (handle and text arrive as its last two arguments). */
import { DatabaseSync } from "node:sqlite";
import { appleTime } from "../../src/channels/imessage/inbound.ts";

export interface FakeMessagesApp {
  databasePath: string;
  osascript: string;
  /** A message received at `at` (ms, default now). */
  receive(input: { from: string; text: string; room?: string; at?: number }): string;
  sent(): { handle: string; text: string }[];
  close(): Promise<void>;
}

export async function startFakeMessagesApp(): Promise<FakeMessagesApp> {
  const folder = await Deno.makeTempDir({ prefix: "fake-messages-" });
  const databasePath = `${folder}/chat.db`;
  const log = `${folder}/sent.jsonl`;
  const db = new DatabaseSync(databasePath);
  db.exec(`
    CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, service TEXT);
    CREATE TABLE message (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT NOT NULL UNIQUE, text TEXT,
      handle_id INTEGER, is_from_me INTEGER DEFAULT 0, date INTEGER, cache_roomnames TEXT);
  `);
  const osascript = `${folder}/osascript`;
  await Deno.writeTextFile(
    osascript,
    `#!/bin/sh\nfor last; do :; done\neval "handle=\\\${$(($#-1))}"\nprintf '%s\\n' "$(printf '%s' "$handle" | base64 -w0) $(printf '%s' "$last" | base64 -w0)" >> "${log}"\n`,
  );
  await Deno.chmod(osascript, 0o755);
  let counter = 0;
  return {
    databasePath,
    osascript,
    receive({ from, text, room, at }) {
      db.prepare("INSERT OR IGNORE INTO handle (id, service) VALUES (?, 'iMessage')").run(from);
      const handle = db.prepare("SELECT ROWID AS id FROM handle WHERE id = ?").get(from) as { id: number };
      const guid = `GUID-${++counter}`;
      db.prepare(
        "INSERT INTO message (guid, text, handle_id, is_from_me, date, cache_roomnames) VALUES (?, ?, ?, 0, ?, ?)",
      )
        .run(guid, text, handle.id, appleTime(at ?? Date.now()), room ?? null);
      return guid;
    },
    sent() {
      let text = "";
      try {
        text = Deno.readTextFileSync(log);
      } catch {
        return [];
      }
      return text.trim().split("\n").filter(Boolean).map((line) => {
        const [handle, body] = line.split(" ").map((part) =>
          new TextDecoder().decode(Uint8Array.from(atob(part), (c) => c.charCodeAt(0)))
        );
        return { handle, text: body };
      });
    },
    async close() {
      db.close();
      await Deno.remove(folder, { recursive: true }).catch(() => {});
    },
  };
}
