/** Keeps audit.jsonl and its anchor in step for the writer: checks the tail found on disk against the
 * anchor, records a break when they disagree, and moves the anchor with every write. */
import type { Clock } from "../lib/clock.ts";
import {
  type AnchorBreak,
  type AnchorRecord,
  type AnchorState,
  type AnchorStore,
  type ChainHead,
  emptyAnchorState,
  isFixedPin,
  openAnchor,
  signAnchor,
  withBreak,
  withPins,
} from "./audit_anchor.ts";
import type { AuditInput } from "./audit_entry.ts";
import type { TailState } from "./audit_tail.ts";
import { compareHead, type FileFacts, hashesAt } from "./anchor_check.ts";
import { examineAuditFile } from "./verify_audit.ts";

export interface AnchorOptions {
  store: AnchorStore;
  /** HMAC key (security.audit_key_file); without it the anchor is kept unsigned. */
  key?: Uint8Array;
  /** The key was created at this start: an unsigned anchor is signed rather than reported as a break. */
  adoptUnsigned?: boolean;
}

/** What the next write must add before its own entries. */
export interface Reconciled {
  /** A line that is deliberately not an entry, so even a check of the file alone shows the break. */
  marker?: string;
  notices: AuditInput[];
  /** Set when a break was found (the writer reports it). */
  found?: AnchorBreak;
}

export class AnchorKeeper {
  #state: AnchorState = emptyAnchorState();
  /** Lines the file has (or will have once a torn line is ended and the marker written). */
  #lines = 0;
  #dirty = false;
  /** Set once this process has written the anchor: it must not vanish or go back afterwards. */
  #anchored = false;
  #lastRecord: AnchorRecord | undefined;

  constructor(
    private readonly path: string,
    private readonly options: AnchorOptions,
    readonly clock: Clock,
  ) {}

  /** Index the next entry will have. */
  get lines(): number {
    return this.#lines;
  }

  /** The anchor this process last wrote (what the stored one must not fall behind). */
  get lastRecord(): AnchorRecord | undefined {
    return this.#lastRecord;
  }

  /** Called whenever the tail was read from disk (at open, and when the file changed behind the writer). */
  async reconcile(tail: TailState, size: number): Promise<Reconciled> {
    const record = this.options.store.read();
    if (!record) return await this.#withoutAnchor(tail, size);
    const { key } = this.options;
    let opened = openAnchor(record, key);
    if (!opened.ok && opened.problem === "unsigned" && this.options.adoptUnsigned) {
      opened = openAnchor(record, undefined);
    }
    if (!opened.ok) return await this.#breakAt(0, opened.reason, tail, size, emptyAnchorState());
    // A stored anchor behind the one this process wrote was put back (with an older log, most likely):
    // the file is judged against what this process knows.
    const state = this.#anchored && opened.state.head.entries < this.#state.head.entries
      ? this.#state
      : opened.state;
    const goodEnd = tail.torn?.offset ?? size;
    const match = [state.head, state.pending].find((head) =>
      head !== undefined && head.hash === tail.lastHash && head.seq === tail.nextSeq - 1 &&
      head.size === goodEnd
    );
    if (match) {
      this.#state = { head: match, pins: state.pins, breaks: state.breaks };
      this.#lines = match.entries + (tail.torn?.lines ?? 0);
      this.#dirty = state.pending !== undefined || (key !== undefined && !opened.signed);
      return { notices: [] };
    }
    const facts = await examineAuditFile(this.path, size);
    const finding = await compareHead(facts, state);
    if (finding) return await this.#breakAt(finding.at, finding.reason, tail, size, state, facts);
    // Same entries in another byte form: nothing to report, only the head's size to correct.
    this.#state = { head: headOf(tail, size, facts.total), pins: state.pins, breaks: state.breaks };
    this.#lines = facts.total;
    this.#dirty = true;
    return { notices: [] };
  }

  /**
   * Records the head the coming write will reach, before the write starts; the returned promise settles
   * once that record is durable (the writer syncs its own file meanwhile).
   */
  prepare(head: ChainHead): Promise<void> {
    this.#write({ ...this.#state, pending: head });
    return this.options.store.sync();
  }

  /** Records the head a finished write reached; `written` holds [line index, hash] of its entries. */
  commit(head: ChainHead, written: [number, string][]): void {
    const pins = withPins(this.#state.pins, written, head);
    this.#state = { head, pins, breaks: this.#state.breaks };
    this.#lines = head.entries;
    this.#write(this.#state);
  }

  /** Writes the anchor when a check changed it without any entry to write. */
  commitIfChanged(): void {
    if (this.#dirty) this.#write(this.#state);
  }

  #write(state: AnchorState): void {
    this.#lastRecord = signAnchor(state, this.options.key);
    this.options.store.write(this.#lastRecord);
    this.#dirty = false;
    this.#anchored = true;
  }

  async #withoutAnchor(tail: TailState, size: number): Promise<Reconciled> {
    if (this.#anchored) {
      return await this.#breakAt(
        0,
        "the audit anchor was removed from engine.db",
        tail,
        size,
        emptyAnchorState(),
      );
    }
    this.#dirty = true;
    if (size === 0) {
      (this.#state = emptyAnchorState(), this.#lines = 0);
      return { notices: [] };
    }
    const facts = await examineAuditFile(this.path, size);
    if (this.options.key && !this.options.adoptUnsigned) {
      const reason = `engine.db holds no audit anchor for this log of ${facts.total} entries ` +
        "although an audit key is configured";
      return await this.#breakAt(0, reason, tail, size, emptyAnchorState(), facts);
    }
    // A log from before anchors existed (or whose database was deleted): taken as it is, and said so.
    this.#state = { head: headOf(tail, size, facts.total), pins: await this.#pinsOf(facts), breaks: [] };
    this.#lines = facts.total;
    const notice: AuditInput = {
      event: "audit_anchor_adopted",
      session_id: "",
      action_type: "audit",
      details: { entries: facts.total, last_seq: tail.nextSeq - 1, last_hash: tail.lastHash },
    };
    return { notices: [notice] };
  }

  async #breakAt(
    at: number,
    reason: string,
    tail: TailState,
    size: number,
    anchored: AnchorState,
    known?: FileFacts,
  ): Promise<Reconciled> {
    const facts = known ?? await examineAuditFile(this.path, size);
    const when = this.#anchored ? "while the engine was writing" : "when the log was opened";
    const found: AnchorBreak = { at, reason: `found ${when}: ${reason}`, ts: this.clock.now() };
    const head = headOf(tail, size, facts.total);
    this.#state = { head, pins: await this.#pinsOf(facts), breaks: withBreak(anchored.breaks, found) };
    this.#lines = facts.total + 1;
    this.#dirty = true;
    const summary = {
      break_at: at,
      anchored_entries: anchored.head.entries,
      anchored_hash: anchored.head.hash,
      found_entries: facts.total,
    };
    return {
      found,
      marker: JSON.stringify({ audit_anchor_break: summary }),
      notices: [{
        event: "audit_anchor_break",
        session_id: "",
        action_type: "audit",
        details: { ...summary, reason },
      }],
    };
  }

  /** Fixed pins of the file as it is now, so later changes are located against it. */
  async #pinsOf(facts: FileFacts): Promise<[number, string][]> {
    const wanted = new Set<number>();
    for (let index = 0; index < facts.total; index = index * 2 + 1) wanted.add(index);
    const hashes = await hashesAt(this.path, facts.size, wanted);
    return [...hashes].filter(([index]) => isFixedPin(index)).sort((a, b) => a[0] - b[0]);
  }
}

/** The head as the file holds it: its last valid entry, with any damaged lines after it not counted. */
function headOf(tail: TailState, size: number, total: number): ChainHead {
  return {
    entries: total - (tail.torn?.lines ?? 0),
    seq: tail.nextSeq - 1,
    hash: tail.lastHash,
    size: tail.torn?.offset ?? size,
  };
}
