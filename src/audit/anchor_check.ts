/** Compares an audit file with its anchor: a cut, replaced or extended log is a break at the first entry
 * the anchor cannot vouch for (docs/audit.md, "The anchor"). */
import { type AnchorRecord, type AnchorState, type ChainHead, openAnchor } from "./audit_anchor.ts";
import { parseEntryLine } from "./audit_entry.ts";

export interface AnchorCheck {
  /** The stored anchor, read together with the file's size under the file's lock. */
  record: AnchorRecord | undefined;
  key?: Uint8Array;
  /** The anchor must exist (the engine created it when it opened the log): a missing one is a break. */
  required?: boolean;
}

export interface AnchorFinding {
  at: number;
  reason: string;
}

/** What a walk of the file established. */
export interface FileFacts {
  path: string;
  /** Bytes of the file that were walked. */
  size: number;
  /** Lines in those bytes (total_entries). */
  total: number;
  /** hash of the last line, set only when every line verified. */
  validLastHash?: string;
}

export async function checkAnchor(facts: FileFacts, check: AnchorCheck): Promise<AnchorFinding | undefined> {
  const { record, key } = check;
  if (!record) {
    if (facts.total === 0) return undefined;
    if (check.required) return { at: 0, reason: "the audit anchor is missing from engine.db" };
    if (!key) return undefined;
    return {
      at: 0,
      reason: `engine.db holds no audit anchor for this log of ${facts.total} entries ` +
        "although an audit key is configured",
    };
  }
  const opened = openAnchor(record, key);
  if (!opened.ok) return { at: 0, reason: opened.reason };
  return earliest([recordedBreak(opened.state), await compareHead(facts, opened.state)]);
}

/** The first break recorded in the anchor by an earlier open or write. */
function recordedBreak(state: AnchorState): AnchorFinding | undefined {
  const first = state.breaks.reduce<AnchorState["breaks"][number] | undefined>(
    (best, item) => best === undefined || item.at < best.at ? item : best,
    undefined,
  );
  if (!first) return undefined;
  return { at: first.at, reason: `${first.reason} (recorded ${new Date(first.ts).toISOString()})` };
}

/** Matches the file against the anchored head (or the head of a write a crash interrupted). */
export async function compareHead(facts: FileFacts, state: AnchorState): Promise<AnchorFinding | undefined> {
  const heads = state.pending ? [state.head, state.pending] : [state.head];
  const fits = (head: ChainHead) =>
    head.entries === facts.total && (head.entries === 0 || head.hash === facts.validLastHash);
  if ((facts.total === 0 || facts.validLastHash !== undefined) && heads.some(fits)) return undefined;
  const wanted = new Set(state.pins.map(([index]) => index));
  for (const head of heads) if (head.entries > 0) wanted.add(head.entries - 1);
  const hashes = await hashesAt(facts.path, facts.size, wanted);
  const findings = heads.map((head) => locate(state.pins, head, hashes, facts.total));
  return findings.some((finding) => finding === undefined) ? undefined : findings[0];
}

/** The first index the anchor's pins and head cannot vouch for, walking them in order. */
function locate(
  pins: [number, string][],
  head: ChainHead,
  hashes: Map<number, string>,
  total: number,
): AnchorFinding | undefined {
  const points = pins.filter(([index]) => index < head.entries - 1);
  if (head.entries > 0) points.push([head.entries - 1, head.hash]);
  let proven = -1;
  for (const [index, hash] of points) {
    if (index >= total) {
      return {
        at: total,
        reason: `the log ends after ${total} entries but the anchor in engine.db records ${head.entries}: ` +
          `entries ${total} to ${head.entries - 1} are missing`,
      };
    }
    if (hashes.get(index) !== hash) {
      return {
        at: proven + 1,
        reason: `entry ${index} is not the one the anchor in engine.db recorded: ` +
          `the log was replaced or rewritten from entry ${proven + 1} on at the latest`,
      };
    }
    proven = index;
  }
  if (total > head.entries) {
    return {
      at: head.entries,
      reason: `entries ${head.entries} to ${total - 1} are not in the anchor in engine.db ` +
        "(they were not written by Parapet)",
    };
  }
  return undefined;
}

/** The earliest finding; the first one given wins a tie. */
function earliest(findings: (AnchorFinding | undefined)[]): AnchorFinding | undefined {
  let best: AnchorFinding | undefined;
  for (const finding of findings) if (finding && (!best || finding.at < best.at)) best = finding;
  return best;
}

/** The `hash` field of the lines at `wanted` indexes (lines that are not entries are left out). */
export async function hashesAt(
  path: string,
  size: number,
  wanted: Set<number>,
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (wanted.size === 0) return found;
  const last = Math.max(...wanted);
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return found;
    throw error;
  }
  using _file = file;
  const decoder = new TextDecoder();
  let index = 0;
  let pending: Uint8Array[] = [];
  const keep = (line: Uint8Array) => {
    if (!wanted.has(index)) return;
    const parsed = parseEntryLine(decoder.decode(line));
    if ("entry" in parsed) found.set(index, parsed.entry.hash);
  };
  const buffer = new Uint8Array(1024 * 1024);
  for (let left = size; left > 0 && index <= last;) {
    const count = await file.read(buffer.subarray(0, Math.min(buffer.length, left)));
    if (count === null) break;
    left -= count;
    const view = buffer.subarray(0, count);
    let start = 0;
    for (let newline = view.indexOf(10); newline !== -1; newline = view.indexOf(10, start)) {
      if (wanted.has(index)) keep(joined(pending, view.subarray(start, newline)));
      pending = [];
      index++;
      start = newline + 1;
    }
    if (start < count && wanted.has(index)) pending.push(view.slice(start));
  }
  if (pending.length > 0) keep(joined(pending, new Uint8Array(0)));
  return found;
}

function joined(parts: Uint8Array[], last: Uint8Array): Uint8Array {
  if (parts.length === 0) return last;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0) + last.length);
  let at = 0;
  for (const part of [...parts, last]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The newer of the stored anchor and the one a running writer last wrote: a stored anchor put back to an
 * older head is judged by the writer's. Anything unreadable stays as stored, so verification reports it.
 */
export function newerAnchor(
  stored: AnchorRecord | undefined,
  written: AnchorRecord | undefined,
): AnchorRecord | undefined {
  if (!written) return stored;
  if (!stored) return written;
  const entries = (record: AnchorRecord) => {
    const opened = openAnchor(record, undefined);
    return opened.ok ? opened.state.head.entries : undefined;
  };
  const storedEntries = entries(stored);
  const writtenEntries = entries(written);
  if (storedEntries === undefined || writtenEntries === undefined) return stored;
  return writtenEntries > storedEntries ? written : stored;
}

/** The file's size and the anchor read together under a shared lock, so a writer is never seen half-way. */
export async function lockedSnapshot(
  path: string,
  read: () => AnchorRecord | undefined,
): Promise<{ size: number; record: AnchorRecord | undefined; exists: boolean }> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return { size: 0, record: read(), exists: false };
    throw error;
  }
  using _file = file;
  await file.lock(false);
  try {
    return { size: (await file.stat()).size, record: read(), exists: true };
  } finally {
    await file.unlock();
  }
}
