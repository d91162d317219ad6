/** What the learned escalation model (`learned_model.ts`) reads of an action, shared by the model and its trainer
 * (`scripts/train_shield_model.ts`) so both see the same features: the words of the tool's name (`t:`), of its
 * argument keys (`k:`), of its string values (`w:`, runs of 2-24 letters, lower-cased, not inside a run with digits;
 * at most 2,000 characters of a string and 8,000 of an action), the booleans (`v:key=true`) and which keys carry numbers (`n:key`). Each feature
 * is hashed (FNV-1a, 32 bits) into one of `MODEL_DIMENSIONS` buckets as it is read, without building its text; each
 * bucket counts once per action. */

export const MODEL_DIMENSIONS = 1 << 16;
const MAX_STRING_CHARS = 2_000;
const MAX_ACTION_CHARS = 8_000;
const MAX_DEPTH = 8;
const MIN_WORD = 2;
const MAX_WORD = 24;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** `mcp__github__createPullRequest` -> mcp, github, create, pull, request. */
export function nameWords(name: string): string[] {
  return name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter((word) =>
    word !== ""
  );
}

function hashed(hash: number, text: string): number {
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ (text.charCodeAt(i) & 0xff), FNV_PRIME);
  return hash;
}

/** The bucket of a feature written out (`w:refund`): what the streaming reader below computes for it. */
export function featureBucket(feature: string): number {
  return (hashed(FNV_OFFSET, feature) >>> 0) % MODEL_DIMENSIONS;
}

const WORD_PREFIX = hashed(FNV_OFFSET, "w:");
const KEY_CACHE_LIMIT = 4_096;
/** Buckets of the `k:` words of argument keys, which repeat from action to action. */
const keyBuckets = new Map<string, number[]>();

function bucketsOfKey(key: string): number[] {
  let buckets = keyBuckets.get(key);
  if (buckets === undefined) {
    buckets = nameWords(key).map((word) => featureBucket(`k:${word}`));
    if (keyBuckets.size < KEY_CACHE_LIMIT) keyBuckets.set(key, buckets);
  }
  return buckets;
}

/** Reads one action, handing each distinct bucket to `visit` once. */
class BucketReader {
  private readonly stamps = new Uint32Array(MODEL_DIMENSIONS);
  private generation = 0;
  private budget = 0;
  private visit: (bucket: number) => void = () => {};

  read(type: string, payload: unknown, visit: (bucket: number) => void): void {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    this.budget = MAX_ACTION_CHARS;
    this.visit = visit;
    for (const word of nameWords(type)) this.add(featureBucket(`t:${word}`));
    this.walk(payload, "", 0);
  }

  private add(bucket: number): void {
    if (this.stamps[bucket] === this.generation) return;
    this.stamps[bucket] = this.generation;
    this.visit(bucket);
  }

  /** Runs of letters and digits: a run of letters only (2-24 of them) is a word; a run with a digit in it (ids,
   * keys, hashes, versions) is not read -- its letter fragments would be noise the model learns as "attack". */
  private words(text: string): void {
    const end = Math.min(text.length, MAX_STRING_CHARS, this.budget);
    this.budget -= end;
    let hash = WORD_PREFIX;
    let length = 0;
    let digit = false;
    for (let i = 0; i <= end; i++) {
      let code = i < end ? text.charCodeAt(i) : 32;
      if (code >= 65 && code <= 90) code += 32;
      if (code >= 97 && code <= 122) {
        hash = Math.imul(hash ^ code, FNV_PRIME);
        length++;
      } else if (code >= 48 && code <= 57) {
        digit = true;
        length++;
      } else {
        if (!digit && length >= MIN_WORD && length <= MAX_WORD) this.add((hash >>> 0) % MODEL_DIMENSIONS);
        hash = WORD_PREFIX;
        length = 0;
        digit = false;
      }
    }
  }

  private walk(value: unknown, key: string, depth: number): void {
    if (depth > MAX_DEPTH || this.budget <= 0) return;
    if (typeof value === "string") this.words(value);
    else if (typeof value === "boolean") this.add(featureBucket(`v:${key.toLowerCase()}=${value}`));
    else if (typeof value === "number") this.add(featureBucket(`n:${key.toLowerCase()}`));
    else if (Array.isArray(value)) { for (const item of value) this.walk(item, key, depth + 1); }
    else if (value !== null && typeof value === "object") {
      for (const [name, item] of Object.entries(value)) {
        for (const bucket of bucketsOfKey(name)) this.add(bucket);
        this.walk(item, name, depth + 1);
      }
    }
  }
}

const reader = new BucketReader();

/** Hands each distinct bucket of the action's features to `visit`, once. */
export function forEachBucket(type: string, payload: unknown, visit: (bucket: number) => void): void {
  reader.read(type, payload, visit);
}

/** The distinct buckets of an action (the trainer's view of it). */
export function featureBuckets(type: string, payload: unknown): number[] {
  const buckets: number[] = [];
  forEachBucket(type, payload, (bucket) => buckets.push(bucket));
  return buckets;
}
