/** Temp workspace + Chronicle with a settable clock and predictable ids. */
import { type Chronicle, openChronicle } from "../../src/chronicle/chronicle.ts";

export interface Fixture {
  workspace: string;
  chronicle: Chronicle;
  clock: { now: () => number; set: (ms: number) => void };
  write: (path: string, content: string | Uint8Array, mode?: number) => Promise<void>;
  read: (path: string) => Promise<Uint8Array>;
  exists: (path: string) => Promise<boolean>;
  reopen: (options?: { maxSnapshots?: number; maxAgeDays?: number }) => Promise<Chronicle>;
  cleanup: () => Promise<void>;
}

export async function makeFixture(
  options: { maxSnapshots?: number; maxAgeDays?: number } = {},
): Promise<Fixture> {
  const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "parapet_chronicle_" }));
  let now = Date.UTC(2025, 0, 1);
  const clock = { now: () => now, set: (ms: number) => void (now = ms) };
  let counter = 0;
  const open = (extra: { maxSnapshots?: number; maxAgeDays?: number } = {}) =>
    openChronicle({ workspace, clock, newId: () => `snap_${++counter}`, ...options, ...extra });
  const fixture: Fixture = {
    workspace,
    chronicle: await open(),
    clock,
    write: async (path, content, mode) => {
      const absolute = `${workspace}/${path}`;
      await Deno.mkdir(absolute.slice(0, absolute.lastIndexOf("/")), { recursive: true });
      if (typeof content === "string") await Deno.writeTextFile(absolute, content);
      else await Deno.writeFile(absolute, content);
      if (mode !== undefined) await Deno.chmod(absolute, mode);
    },
    read: (path) => Deno.readFile(`${workspace}/${path}`),
    exists: (path) => Deno.lstat(`${workspace}/${path}`).then(() => true, () => false),
    reopen: async (extra) => (fixture.chronicle = await open(extra)),
    cleanup: () => Deno.remove(workspace, { recursive: true }),
  };
  return fixture;
}

export function request(paths: string[] | "*", toolName = "write_file") {
  return { sessionId: "sess_1", actionId: "call_1", toolName, paths };
}
