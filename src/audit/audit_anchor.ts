/** The audit anchor: the chain's head, a few pinned entries and past breaks, kept outside audit.jsonl and
 * signed with HMAC-SHA256 when a key is configured (see docs/audit.md, "The anchor"). */
import { createHmac, timingSafeEqual } from "node:crypto";
import { canonicalJson } from "../lib/canonical_json.ts";
import { GENESIS_HASH } from "./audit_entry.ts";

/** A point of the chain: everything up to and including one entry. */
export interface ChainHead {
  /** Lines in the file up to and including the head entry: what verification counts as total_entries. */
  entries: number;
  /** seq of the head entry; -1 for an empty log. */
  seq: number;
  /** hash of the head entry; 64 zeros for an empty log. */
  hash: string;
  /** Bytes of the file up to the end of the head entry's line. */
  size: number;
}

/** A break found when the log was opened or written; it stays reported for the life of the log. */
export interface AnchorBreak {
  at: number;
  reason: string;
  ts: number;
}

export interface AnchorState {
  head: ChainHead;
  /** The head a write in progress will reach: set (durably) before the write, cleared after it. */
  pending?: ChainHead;
  /** [line index, hash] of pinned entries, ascending: indexes 2^k - 1 and the heads of the latest writes. */
  pins: [number, string][];
  breaks: AnchorBreak[];
}

/** The anchor as stored: the canonical JSON of the state and its HMAC ("" when unsigned). */
export interface AnchorRecord {
  state: string;
  signature: string;
}

/** Where the anchor lives (engine.db's audit_anchor table). */
export interface AnchorStore {
  read(): AnchorRecord | undefined;
  write(record: AnchorRecord): void;
  /** Makes the last write durable across a power loss before the log itself is written. */
  sync(): Promise<void>;
}

const EMPTY_HEAD: ChainHead = { entries: 0, seq: -1, hash: GENESIS_HASH, size: 0 };
const RECENT_PINS = 16;
const MAX_BREAKS = 32;

export function emptyAnchorState(): AnchorState {
  return { head: { ...EMPTY_HEAD }, pins: [], breaks: [] };
}

export function signAnchor(state: AnchorState, key: Uint8Array | undefined): AnchorRecord {
  const text = canonicalJson(state);
  return { state: text, signature: key ? hmacHex(key, text) : "" };
}

export type OpenedAnchor =
  | { ok: true; state: AnchorState; signed: boolean }
  | { ok: false; problem: "unsigned" | "bad_signature" | "unreadable"; reason: string };

/** Checks the signature (when a key is given) and the shape of a stored anchor. */
export function openAnchor(record: AnchorRecord, key: Uint8Array | undefined): OpenedAnchor {
  if (key) {
    if (record.signature === "") {
      return {
        ok: false,
        problem: "unsigned",
        reason: "the audit anchor in engine.db is not signed although an audit key is configured",
      };
    }
    if (!sameHex(record.signature, hmacHex(key, record.state))) {
      return {
        ok: false,
        problem: "bad_signature",
        reason: "the audit anchor in engine.db does not carry a valid signature by the audit key " +
          "(the anchor was rewritten, or the key replaced)",
      };
    }
  }
  const state = parseState(record.state);
  if (!state) {
    return { ok: false, problem: "unreadable", reason: "the audit anchor in engine.db is unreadable" };
  }
  return { ok: true, state, signed: record.signature !== "" };
}

/** Line indexes pinned for good: 0, 1, 3, 7, ... so a change is located to within a power of two. */
export function isFixedPin(index: number): boolean {
  return index >= 0 && ((index + 1) & index) === 0;
}

/** The pins after a write that added `written` ([index, hash], ascending) and reached `head`. */
export function withPins(
  pins: [number, string][],
  written: [number, string][],
  head: ChainHead,
): [number, string][] {
  const byIndex = new Map(pins);
  for (const [index, hash] of written) if (isFixedPin(index)) byIndex.set(index, hash);
  if (head.entries > 0) byIndex.set(head.entries - 1, head.hash);
  const sorted = [...byIndex].sort((a, b) => a[0] - b[0]);
  const recent = sorted.filter(([index]) => !isFixedPin(index));
  const dropped = new Set(recent.slice(0, Math.max(0, recent.length - RECENT_PINS)).map(([index]) => index));
  return sorted.filter(([index]) => !dropped.has(index));
}

/** Adds a break, keeping the first one and the latest ones. */
export function withBreak(breaks: AnchorBreak[], found: AnchorBreak): AnchorBreak[] {
  const all = [...breaks, found];
  return all.length <= MAX_BREAKS ? all : [all[0], ...all.slice(-(MAX_BREAKS - 1))];
}

function hmacHex(key: Uint8Array, text: string): string {
  return createHmac("sha256", key).update(text).digest("hex");
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(new TextEncoder().encode(a), new TextEncoder().encode(b));
}

function parseState(text: string): AnchorState | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const state = value as AnchorState;
  if (typeof value !== "object" || value === null || !isHead(state.head)) return undefined;
  if (state.pending !== undefined && !isHead(state.pending)) return undefined;
  if (!Array.isArray(state.pins) || !state.pins.every(isPin)) return undefined;
  if (!Array.isArray(state.breaks) || !state.breaks.every(isBreak)) return undefined;
  return state;
}

function isHead(value: unknown): value is ChainHead {
  const head = value as ChainHead;
  return typeof value === "object" && value !== null && Number.isSafeInteger(head.entries) &&
    head.entries >= 0 && Number.isSafeInteger(head.seq) && typeof head.hash === "string" &&
    head.hash.length === 64 && Number.isSafeInteger(head.size) && head.size >= 0;
}

function isPin(value: unknown): boolean {
  return Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && value[0] >= 0 &&
    typeof value[1] === "string";
}

function isBreak(value: unknown): boolean {
  const item = value as AnchorBreak;
  return typeof value === "object" && value !== null && Number.isSafeInteger(item.at) && item.at >= 0 &&
    typeof item.reason === "string" && typeof item.ts === "number";
}
