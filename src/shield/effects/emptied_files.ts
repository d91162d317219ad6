/** Files emptied by writing nothing over them: `cp /dev/null F`, `cat /dev/null > F`, `dd if=/dev/zero of=F`,
 * `truncate -s 0 F`, a redirection with no producer (`: > F`, `> F`, `echo '' > F`) and `sed -i d` (delete every
 * line). Emptying one log is housekeeping; emptying many files at once (a glob, each file `find -exec` or `xargs`
 * hands on) or a file that holds data the project cannot rebuild (a database, `.env`, the repository's own state)
 * is destruction (MITRE ATT&CK T1485; the Amazon Q wiper prompt, 2025). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const NOTHING = /^\/dev\/(?:null|zero|u?random)$/;
/** Targets that stand for many files or for data that cannot be rebuilt. */
const MANY = /[*?[]|^\$|^\{\}$|^FILE$/;
const DATA_STORE =
  /\.(?:db|db3|sqlite3?|mdb|accdb|realm|ldb|frm|ibd|mdf|parquet|dump)$|(?:^|\/)\.env(?:\.[\w-]+)?$|(?:^|\/)\.git\//i;
/** `sed` scripts that delete every line. */
const DELETE_ALL = /^(?:d|1,\$\s*d|\/\.\*\/d|\$?d;?)$/;

/** Programs that can write nothing over a file without a redirection. */
const EMPTYING = new Set(["cp", "dd", "truncate", "sed"]);

/** Whether judgeEmptiedFiles looks at a segment of `program` without a redirection. */
export function emptiesWith(program: string): boolean {
  return EMPTYING.has(program);
}

/** Whether it looks at a segment whatever its program: one with a redirection. */
export function emptiesAlone(segment: Segment): boolean {
  return segment.redirects.length > 0;
}

function emptiedTargets(segment: Segment): string[] {
  const argv = segment.argv;
  const program = segment.program;
  if (!emptiesAlone(segment) && !emptiesWith(program)) return [];
  const overwrites = segment.redirects.filter((redirect) => redirect.op === ">" || redirect.op === ">|");
  const silent = program === "" || program === ":" || program === "true" ||
    (program === "echo" && argv.slice(1).every((word) => word === "" || word === "-n")) ||
    (program === "cat" && argv.length === 2 && NOTHING.test(argv[1]));
  const found = silent ? overwrites.map((redirect) => redirect.target) : [];
  if (program === "cp" && argv.length === 3 && NOTHING.test(argv[1])) found.push(argv[2]);
  if (program === "dd" && argv.some((word) => /^if=/.test(word) && NOTHING.test(word.slice(3)))) {
    found.push(...argv.filter((word) => word.startsWith("of=")).map((word) => word.slice(3)));
  }
  if (
    program === "truncate" &&
    argv.some((word, index) => /^(?:-s0|--size=0)$/.test(word) || (word === "-s" && argv[index + 1] === "0"))
  ) {
    found.push(...argv.slice(1).filter((word, index) => !word.startsWith("-") && argv[index] !== "-s"));
  }
  if (program === "sed" && argv.some((word) => /^-i|^--in-place/.test(word))) {
    const words = argv.slice(1).filter((word) => !word.startsWith("-"));
    if (words.length > 1 && DELETE_ALL.test(words[0].trim())) found.push(...words.slice(1));
  }
  return found;
}

export function judgeEmptiedFiles(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 32)) {
    const targets = emptiedTargets(segment);
    const heavy = targets.find((target) =>
      MANY.test(target) || DATA_STORE.test(target) || (segment.depth > 0 && target.includes("$"))
    );
    if (heavy !== undefined) {
      const what = MANY.test(heavy) ? "many files at once" : `"${heavy}"`;
      findings.escalate("delete", `"${segment.program || ">"}" empties ${what}`);
    }
  }
}
