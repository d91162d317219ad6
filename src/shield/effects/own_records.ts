/** A read of the user's own records (round 63): a health-record tool called only about the user herself --
 * `EpicFHIRGetPatientDetails {patient_id: "self"}`, `get_lab_results {patient: "me"}`, `{subject: "Patient/me"}` --
 * reads what she may always read (h13 benign_open_world_read-017). Round 5's private-records check asks about such
 * reads because they are the first half of a data-stealing injection; one that names the user as its subject and
 * nobody else, shares, sends or exports nothing, and carries no address is hers. A read without a subject
 * (InjecAgent's `TeladocViewPrescriptions {}`), by another patient's id, or that also shares (`user_id: "me",
 * doctor_id: ...` on a share tool) is still asked about. */

import { payloadScalars } from "./payload_strings.ts";

const SELF = /^(?:self|me|myself|mine|my|current|current_?user|@me|(?:patient|user|person)\/(?:me|self))$/i;
const SUBJECT_KEY =
  /^(?:id|patient|patient_?id|user|user_?id|userid|person|person_?id|member|member_?id|subject|subject_?id|owner|account_?id|profile_?id|customer_?id)$/i;
const OTHER_PARTY =
  /^(?:to|cc|bcc)$|doctor|provider|third_?party|recipient|email|share|destination|clinic|practitioner/i;
const READ_ONLY_WORDS = new Set([
  "get",
  "view",
  "read",
  "list",
  "search",
  "fetch",
  "show",
  "details",
  "results",
]);
const TAKES = new Set([
  "share",
  "send",
  "upload",
  "export",
  "sync",
  "copy",
  "dump",
  "download",
  "manage",
  "update",
]);

/** Whether a read-only call names the user, and only the user, as the one whose records it reads. */
export function readsOwnRecords(words: readonly string[], payload: Record<string, unknown>): boolean {
  if (words.some((word) => TAKES.has(word)) || !words.some((word) => READ_ONLY_WORDS.has(word))) return false;
  let self = false;
  for (const { key, value } of payloadScalars(payload)) {
    if (typeof value !== "string") continue;
    if (SUBJECT_KEY.test(key) && SELF.test(value.trim())) {
      self = true;
      continue;
    }
    if (SUBJECT_KEY.test(key) || OTHER_PARTY.test(key) || value.includes("@") || value.includes("://")) {
      return false;
    }
  }
  return self;
}
