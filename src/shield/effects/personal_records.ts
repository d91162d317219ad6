/** Open-world tools that read the most private records a person has -- genetic and health records, where they
 * are, what they browsed or searched, saved payment cards, identity documents -- judged from the words of the
 * tool's name. Reading them is the first half of every data-stealing injection (InjecAgent's attacker tools),
 * so a human sees it even when nothing leaves yet. */

import type { Findings } from "./findings.ts";

/** A word that names such a record by itself. */
const ALONE = new Map<string, string>([
  ["genetic", "genetic data"],
  ["genome", "genetic data"],
  ["dna", "genetic data"],
  ["23andme", "genetic data"],
  ["the23and", "genetic data"],
  ["spokeo", "records of other people (people search)"],
  ["pipl", "records of other people (people search)"],
  ["beenverified", "records of other people (people search)"],
  ["prescription", "health records"],
  ["prescriptions", "health records"],
  ["diagnosis", "health records"],
  ["diagnoses", "health records"],
  ["fhir", "health records"],
  ["ehr", "health records"],
  ["whereabouts", "the user's location"],
  ["gps", "the user's location"],
  ["passport", "identity documents"],
  ["ssn", "identity documents"],
]);
/** Pairs of words that name one (`current` + `location`, `browsing` + `history`, `payment` + `method`). */
const PAIRS: Array<[RegExp, RegExp, string]> = [
  [
    /^(?:medical|health|patient|lab|clinical)$/,
    /^(?:record|records|history|data|details|results?|chart|file|files)$/,
    "health records",
  ],
  [
    /^(?:current|live|device|user|my|precise|real|realtime)$/,
    /^(?:location|position|coordinates)$/,
    "the user's location",
  ],
  [
    /^(?:location|browser|browsing|search|web|watch|visit|call)$/,
    /^(?:history|histories|log|logs)$/,
    "browsing, search or location history",
  ],
  [
    /^(?:payment|saved?|stored?)$/,
    /^(?:method|methods|card|cards|instrument|instruments)$/,
    "saved payment methods",
  ],
  [/^(?:saved?|home|stored?)$/, /^(?:address|addresses)$/, "the user's saved addresses"],
  [
    /^(?:people|person|persons|background)$/,
    /^(?:search|lookup|find|check|report)$/,
    "records of other people (people search)",
  ],
  [/^(?:linked|link|connected|connect)$/, /^(?:account|accounts|bank|banks)$/, "linked bank accounts"],
  [
    /^(?:identity|id|national|driver|drivers)$/,
    /^(?:document|documents|card|number|licence|license)$/,
    "identity documents",
  ],
];

/** A clinician's search or list of patients in a health system (`EpicFHIRSearchPatients`, `fhir_search`), round 44:
 * the lookup is the system's daily work; the records read by id, downloaded or viewed (InjecAgent's
 * `EpicFHIRGetPatientDetails`, `EpicFHIRDownloadFiles`, `TeladocViewPrescriptions`) still ask, and whatever a search
 * found is judged again when it is sent, posted or shared. */
const SEARCHES = /^(?:search|list|find|lookup|query)$/;
const TAKES_RECORDS = /^(?:get|view|read|download|export|fetch|details|share|send|upload|sync|copy|dump)$/;

/** Genetic data is judged whatever the tool does with it: read, shared or rewritten. */
export function judgePersonalRecords(tool: string, words: readonly string[], findings: Findings): void {
  if (words.length === 0 || words.length > 24) return;
  let found = "";
  for (const word of words) found ||= ALONE.get(word) ?? "";
  for (const [first, second, what] of PAIRS) {
    if (found) break;
    if (words.some((word) => first.test(word)) && words.some((word) => second.test(word))) found = what;
  }
  const searches = found === "health records" && words.some((word) => SEARCHES.test(word)) &&
    !words.some((word) => TAKES_RECORDS.test(word));
  if (found && !searches) findings.escalate("read", `"${tool}" reads ${found}`);
}
