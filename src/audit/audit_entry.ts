/** The audit entry format (docs/audit.md, "Entry format"): building, serialising, parsing and hashing entries. */
import { canonicalJson } from "../lib/canonical_json.ts";
import { sha256Hex } from "../lib/sha256.ts";
import { redactSecrets } from "../lib/redaction.ts";

/** prev_hash of the first entry. */
export const GENESIS_HASH = "0".repeat(64);

export type AuditDetails = Record<string, unknown>;

/** One line of audit.jsonl. `seq` starts at 0 and equals the entry's 0-based line index. */
export interface AuditEntry {
  seq: number;
  ts: number;
  event: string;
  session_id: string;
  action_type: string;
  details: AuditDetails;
  prev_hash: string;
  hash: string;
}

export interface AuditInput {
  event: string;
  session_id: string;
  action_type: string;
  /** Content-free facts only: ids, types, targets, argument hashes (see hashArguments). */
  details?: AuditDetails;
}

const MAX_DETAIL_STRING = 1024;

/** sha256 of the canonical JSON of tool arguments: lets an entry prove which call ran without storing content. */
export function hashArguments(args: unknown): string {
  return sha256Hex(canonicalJson(args ?? null));
}

/** The hash an entry must carry: sha256 of the canonical JSON of every field except `hash`. */
export function computeEntryHash(entry: Omit<AuditEntry, "hash"> | AuditEntry): string {
  const { hash: _ignored, ...rest } = entry as AuditEntry;
  return sha256Hex(canonicalJson(rest));
}

/** Builds the next entry of the chain from an input, after making its strings hash-stable. */
export function buildEntry(input: AuditInput, seq: number, ts: number, prevHash: string): AuditEntry {
  const body = {
    seq,
    ts,
    event: cleanString(String(input.event)),
    session_id: cleanString(String(input.session_id ?? "")),
    action_type: cleanString(String(input.action_type ?? "")),
    details: cleanDetails(input.details ?? {}),
    prev_hash: prevHash,
  };
  return { ...body, hash: sha256Hex(canonicalJson(body)) };
}

/**
 * The line written to disk: the canonical JSON of the entry without `hash`, with `"hash"` appended last.
 * So `sed -E 's/,"hash":"[0-9a-f]{64}"}$/}/' | tr -d '\n' | sha256sum` on a line reproduces its hash.
 */
export function serializeEntry(entry: AuditEntry): string {
  const { hash, ...rest } = entry;
  const body = canonicalJson(rest);
  return body.slice(0, -1) + ',"hash":"' + hash + '"}';
}

/** Parses one line; returns the entry or a reason it is not a well-formed entry (hash not checked). */
export function parseEntryLine(line: string): { entry: AuditEntry } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { error: "line is not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { error: "line is not a JSON object" };
  }
  const entry = value as Record<string, unknown>;
  if (!Number.isSafeInteger(entry.seq)) return { error: 'field "seq" is not an integer' };
  if (typeof entry.ts !== "number") return { error: 'field "ts" is not a number' };
  for (const key of ["event", "session_id", "action_type"]) {
    if (typeof entry[key] !== "string") return { error: `field "${key}" is not a string` };
  }
  if (typeof entry.details !== "object" || entry.details === null || Array.isArray(entry.details)) {
    return { error: 'field "details" is not an object' };
  }
  // Length only: both are then compared with hashes computed here, which are always 64 hex digits.
  if (typeof entry.prev_hash !== "string" || entry.prev_hash.length !== 64) {
    return { error: 'field "prev_hash" is not 64 hex digits' };
  }
  if (typeof entry.hash !== "string" || entry.hash.length !== 64) {
    return { error: 'field "hash" is not 64 hex digits' };
  }
  return { entry: value as AuditEntry };
}

// jq, Python and JS print the same JSON for well-formed strings without U+007F and for safe integers;
// other values are normalised here so anyone's tool recomputes the same hash.
function cleanString(text: string): string {
  const wellFormed = text.toWellFormed().replaceAll("\u007f", "\ufffd");
  return wellFormed.length > MAX_DETAIL_STRING
    ? wellFormed.slice(0, MAX_DETAIL_STRING) + "...[truncated]"
    : wellFormed;
}

function cleanDetails(details: AuditDetails): AuditDetails {
  return cleanValue(details, 0) as AuditDetails;
}

function cleanValue(value: unknown, depth: number): unknown {
  if (depth > 8) return "[too deep]";
  if (value === null || typeof value === "boolean") return value;
  // Details should never carry secrets; masking here is the last line of defence, not the plan.
  if (typeof value === "string") return cleanString(redactSecrets(value));
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : String(value);
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => cleanValue(item ?? null, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item !== undefined && typeof item !== "function") {
        out[cleanString(key)] = cleanValue(item, depth + 1);
      }
    }
    return out;
  }
  return String(value);
}
