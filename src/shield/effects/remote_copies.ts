/** Company data copied between two remote stores by a tool call (round 44): `rclone_copy {src: "gdrive:HR",
 * dst: "mega-backup:hr"}`, rclone's remote-control `sync/sync {srcFs, dstFs}`, a `cloud_sync {from: "s3://ours",
 * to: "b2://theirs"}`. Round 22 read the same copy on the command line (`bucket_copies.ts`): the data moves from
 * one cloud store to another without passing through the machine, so no upload check sees it. A copy between
 * stores whose names share a word (`gdrive` to `gdrive-backup`, `acme-s3` to `acme-s3`) stays with its owner;
 * stores sharing none escalate. A local source or destination is an upload or a download, judged elsewhere.
 * Sources: rclone docs (`copy`, `sync`, `move`; the rc API's `srcFs`/`dstFs`); MITRE ATT&CK T1537 (Transfer Data
 * to Cloud Account) and T1567.002 (Exfiltration to Cloud Storage); incident reports of rclone-to-MEGA theft. */

import type { Findings } from "./findings.ts";
import { shareWord, storeOf } from "./bucket_copies.ts";

/** Tool or operation words that copy, move or mirror data. */
const COPYING =
  /^(?:copy|copyfile|copyto|sync|synchroni[sz]e|move|movefile|moveto|mirror|replicate|transfer|backup|clone|migrate)$/;
const SOURCE_KEY = /^(?:src|source|from|origin|src_?fs|source_?(?:fs|path|remote|uri|url))$/i;
const DESTINATION_KEY =
  /^(?:dst|dest|destination|to|target|dst_?fs|(?:dest|destination|target)_?(?:fs|path|remote|uri|url))$/i;
/** Keys whose value is a bare bucket name (`from_bucket: "acme-hr"`). */
const SOURCE_BUCKET = /^(?:from|source|src)_?bucket$/i;
const DESTINATION_BUCKET = /^(?:to|dest|destination|target|dst)_?bucket$/i;
/** Keys whose `word:...` values are patterns or options, never places (`filter: "include:*.pdf"`). */
const NOT_A_PLACE = /filter|include|exclude|flag|option|pattern|rule|match/i;
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{2,62}$/;

/** The store a value names: a storage URL's bucket or account, or an rclone remote (`gdrive:HR` -> `gdrive`). */
function storeIn(value: unknown, bucket: boolean): string | undefined {
  if (typeof value !== "string" || value.length > 1024) return undefined;
  const text = value.trim();
  if (bucket) return BUCKET_NAME.test(text) ? text : undefined;
  const store = storeOf("rclone", text);
  // A single letter before the colon is a Windows drive (`C:\data`), not a remote.
  return store && store.length > 1 ? store : undefined;
}

/** The stores a copy reads from and writes to. Once the source is known, another key naming a store is the
 * destination whatever it is called (`recipient: "mega:eng"`), filters and flags aside; arguments wrapped in one
 * object (`params`, `arguments`, `input`) are read inside it. */
function copyEnds(payload: Record<string, unknown>, depth: number): [string | undefined, string | undefined] {
  let source: string | undefined;
  let destination: string | undefined;
  let other: string | undefined;
  const entries = Object.entries(payload).slice(0, 32);
  for (const [key, value] of entries) {
    if (SOURCE_KEY.test(key)) source ??= storeIn(value, false);
    else if (DESTINATION_KEY.test(key)) destination ??= storeIn(value, false);
    else if (SOURCE_BUCKET.test(key)) source ??= storeIn(value, true);
    else if (DESTINATION_BUCKET.test(key)) destination ??= storeIn(value, true);
    else if (!NOT_A_PLACE.test(key)) other ??= storeIn(value, false);
  }
  if (source) return [source, destination ?? other];
  const [key, inner] = entries.length === 1 ? entries[0] : [];
  if (depth === 0 && key && inner && typeof inner === "object" && !Array.isArray(inner)) {
    return copyEnds(inner as Record<string, unknown>, 1);
  }
  return [undefined, undefined];
}

export function judgeRemoteCopies(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!words.some((word) => COPYING.test(word))) return;
  const [source, destination] = copyEnds(payload, 0);
  if (!source || !destination || shareWord(source, destination)) return;
  findings.escalate(
    "network",
    `"${tool}" copies remote store "${source}" into "${destination}", a store of another name`,
  );
}
