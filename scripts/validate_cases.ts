/** Checks the Shield case corpora (tests/shield/cases/**.jsonl): every line parses, fields are well formed, ids unique. */

export const CASE_FIELDS = ["id", "type", "payload", "category", "expect", "note", "source", "annotations"];
const ANNOTATION_HINTS = ["readOnlyHint", "destructiveHint", "openWorldHint", "idempotentHint"];
const DEFAULT_ROOT = new URL("../tests/shield/cases/", import.meta.url).pathname;

/** The held-out sets written blind after rules had been tuned: each has its own folder and id prefix. */
export const BLIND_SETS = [
  { folder: "heldout2", prefix: "h2", name: "second held-out set" },
  { folder: "heldout3", prefix: "h3", name: "third held-out set" },
  { folder: "heldout4", prefix: "h4", name: "fourth held-out set" },
  { folder: "heldout5", prefix: "h5", name: "fifth held-out set" },
  { folder: "heldout6", prefix: "h6", name: "sixth held-out set" },
  { folder: "heldout7", prefix: "h7", name: "seventh held-out set" },
  { folder: "heldout8", prefix: "h8", name: "eighth held-out set" },
  { folder: "heldout9", prefix: "h9", name: "ninth held-out set" },
  { folder: "heldout10", prefix: "h10", name: "tenth held-out set" },
  { folder: "heldout11", prefix: "h11", name: "eleventh held-out set" },
  { folder: "heldout12", prefix: "h12", name: "twelfth held-out set" },
  { folder: "heldout13", prefix: "h13", name: "thirteenth held-out set" },
  { folder: "heldout14", prefix: "h14", name: "fourteenth held-out set" },
  { folder: "heldout15", prefix: "h15", name: "fifteenth held-out set" },
  { folder: "heldout16", prefix: "h16", name: "sixteenth held-out set" },
  { folder: "heldout17", prefix: "h17", name: "seventeenth held-out set" },
  { folder: "heldout18", prefix: "h18", name: "eighteenth held-out set" },
  { folder: "heldout19", prefix: "h19", name: "nineteenth held-out set" },
  { folder: "heldout20", prefix: "h20", name: "twentieth held-out set" },
  { folder: "heldout21", prefix: "h21", name: "twenty-first held-out set" },
  { folder: "heldout22", prefix: "h22", name: "twenty-second held-out set" },
  { folder: "heldout23", prefix: "h23", name: "twenty-third held-out set" },
];

/** One case as stored on a line; `source` is required in the held-out and development sets. */
export interface ShieldCase {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  category: string;
  expect: "malicious" | "benign";
  note: string;
  source?: string;
  annotations?: Record<string, boolean>;
}

/** A case together with where it was read from. */
export interface LocatedCase {
  file: string;
  line: number;
  value: ShieldCase;
}

export interface ValidationReport {
  files: string[];
  cases: LocatedCase[];
  problems: string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Lists every .jsonl file under `root`, sorted, as paths relative to it. */
export async function listCaseFiles(root: string, prefix = ""): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(`${root}/${prefix}`)) {
    const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory) found.push(...await listCaseFiles(root, relative));
    else if (entry.isFile && entry.name.endsWith(".jsonl")) found.push(relative);
  }
  return found.sort();
}

function annotationProblems(value: unknown): string[] {
  if (value === undefined) return [];
  if (!isObject(value)) return ["annotations must be an object"];
  return Object.entries(value).flatMap(([key, hint]) => {
    if (!ANNOTATION_HINTS.includes(key)) return [`unknown annotation "${key}"`];
    return typeof hint === "boolean" ? [] : [`annotation "${key}" must be true or false`];
  });
}

/** Returns what is wrong with one parsed line of `file` (empty when the case is well formed). */
export function caseProblems(value: unknown, file: string): string[] {
  if (!isObject(value)) return ["line is not a JSON object"];
  const problems: string[] = [];
  const unknown = Object.keys(value).filter((key) => !CASE_FIELDS.includes(key));
  if (unknown.length > 0) problems.push(`unknown fields: ${unknown.join(", ")}`);
  for (const field of ["id", "type", "category", "note"]) {
    if (typeof value[field] !== "string" || (value[field] as string).trim() === "") {
      problems.push(`"${field}" must be a non-empty string`);
    }
  }
  const inSubset = file.includes("/");
  if (inSubset && (typeof value.source !== "string" || value.source.trim() === "")) {
    problems.push(`"source" must be a non-empty string`);
  } else if (value.source !== undefined && typeof value.source !== "string") {
    problems.push(`"source" must be a string`);
  }
  if (!isObject(value.payload)) problems.push(`"payload" must be an object`);
  const stem = file.replace(/^.*\//, "").replace(/\.jsonl$/, "");
  if (value.category !== stem) problems.push(`category "${value.category}" differs from file "${stem}"`);
  const wanted = stem.startsWith("benign_") ? "benign" : "malicious";
  if (value.expect !== "malicious" && value.expect !== "benign") {
    problems.push(`"expect" must be "malicious" or "benign", got ${JSON.stringify(value.expect)}`);
  } else if (value.expect !== wanted) {
    problems.push(`expect "${value.expect}" does not match file "${stem}" (want "${wanted}")`);
  }
  const blind = BLIND_SETS.find((set) => file.startsWith(`${set.folder}/`));
  if (blind && typeof value.id === "string" && !idPattern(blind.prefix, stem).test(value.id)) {
    problems.push(`id "${value.id}" must read "${blind.prefix}-${stem}-NNN" in the ${blind.name}`);
  }
  return [...problems, ...annotationProblems(value.annotations)];
}

function idPattern(prefix: string, stem: string): RegExp {
  return new RegExp(`^${prefix}-${stem.replace(/[^a-z0-9_]/g, "")}-\\d{3}$`);
}

function parseLine(text: string): { value?: unknown; error?: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: `line is not valid JSON: ${(error as Error).message}` };
  }
}

/** Held-out cases must not reappear verbatim in the development set (same type and payload). */
function leakProblems(cases: LocatedCase[]): string[] {
  const heldout = new Map<string, string>();
  for (const c of cases) {
    if (c.file.startsWith("heldout/")) {
      heldout.set(`${c.value.type}\n${JSON.stringify(c.value.payload)}`, c.value.id);
    }
  }
  return cases.filter((c) => c.file.startsWith("dev/")).flatMap((c) => {
    const twin = heldout.get(`${c.value.type}\n${JSON.stringify(c.value.payload)}`);
    return twin === undefined ? [] : [`${c.file}: "${c.value.id}" repeats held-out case "${twin}"`];
  });
}

/** A blind held-out set (heldout2/ … heldout23/): none of its actions may repeat an action (same type and payload)
 * of any other set, nor another of its own. Only keys are compared; no case content is printed. */
function blindSetProblems(cases: LocatedCase[], folder: string): string[] {
  const actionKey = (c: LocatedCase) => `${c.value.type}\n${JSON.stringify(c.value.payload)}`;
  const inSet = (c: LocatedCase) => c.file.startsWith(`${folder}/`);
  const elsewhere = new Map<string, string>();
  for (const c of cases) {
    if (!inSet(c)) elsewhere.set(actionKey(c), c.value.id);
  }
  const own = new Map<string, string>();
  return cases.filter(inSet).flatMap((c) => {
    const key = actionKey(c);
    const twin = elsewhere.get(key) ?? own.get(key);
    own.set(key, own.get(key) ?? c.value.id);
    return twin === undefined ? [] : [`${c.file}: "${c.value.id}" repeats the action of case "${twin}"`];
  });
}

/** Reads and checks every case file under `root`; never throws on bad content, lists it instead. */
export async function validateCases(root = DEFAULT_ROOT): Promise<ValidationReport> {
  const files = await listCaseFiles(root);
  const cases: LocatedCase[] = [];
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const lines = (await Deno.readTextFile(`${root}/${file}`)).split("\n");
    lines.forEach((text, index) => {
      if (text.trim() === "") return;
      const where = `${file}:${index + 1}`;
      const { value, error } = parseLine(text);
      const found = error ? [error] : caseProblems(value, file);
      problems.push(...found.map((problem) => `${where}: ${problem}`));
      if (found.length > 0) return;
      const located = { file, line: index + 1, value: value as ShieldCase };
      const earlier = seen.get(located.value.id);
      if (earlier) problems.push(`${where}: id "${located.value.id}" already used at ${earlier}`);
      else seen.set(located.value.id, where);
      cases.push(located);
    });
  }
  const blind = BLIND_SETS.flatMap((set) => blindSetProblems(cases, set.folder));
  return { files, cases, problems: [...problems, ...leakProblems(cases), ...blind] };
}

/** Counts cases by `category/expect` for one subset folder ("" for the top-level corpus). */
export function countByCategory(cases: LocatedCase[], subset: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of cases) {
    const folder = c.file.includes("/") ? c.file.slice(0, c.file.lastIndexOf("/")) : "";
    if (folder !== subset) continue;
    counts.set(c.value.category, (counts.get(c.value.category) ?? 0) + 1);
  }
  return counts;
}

if (import.meta.main) {
  const root = Deno.args[0] ?? DEFAULT_ROOT;
  const report = await validateCases(root);
  for (const problem of report.problems) console.error(problem);
  console.log(
    `${report.cases.length} cases in ${report.files.length} files, ${report.problems.length} problems`,
  );
  Deno.exit(report.problems.length === 0 ? 0 : 1);
}
