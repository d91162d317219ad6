/** The shell steps of a CI workflow (`run:` lines and blocks): an attacker-controlled event field expanded into
 * the script (`${{ github.event.issue.title }}`: script injection, the fix is an `env:` variable), and a
 * repository secret sent in the same step to a host outside the allowed list, in the script or through the step's
 * `env:` mapping (`env: {T: ${{ secrets.X }}}` with `curl -d "$(env)" https://...`). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { matchesOf } from "../match_all.ts";

/** Event fields anyone who can open an issue, comment or pull request chooses. */
const UNTRUSTED =
  /\$\{\{\s*(?:github\.event\.(?:issue\.(?:title|body)|comment\.body|review\.body|review_comment\.body|pull_request\.(?:title|body|head\.ref|head\.label|head\.repo\.default_branch)|head_commit\.(?:message|author\.(?:email|name))|commits\b[^}]{0,40}\.(?:message|author\.(?:email|name))|pages\b[^}]{0,40}\.page_name|discussion\.(?:title|body)|workflow_run\.(?:head_branch|display_title|head_commit\.message))|github\.head_ref)\b/;
const SECRET = /\$\{\{\s*secrets\.[\w-]+/;
const URL = /\bhttps?:\/\/[^\s"'`<>)]+/g;
const MAX_LINES = 4096;

/** Each `run:` step's script text. */
export function runSteps(text: string): string[] {
  const lines = text.split("\n", MAX_LINES);
  const steps: string[] = [];
  for (let i = 0; i < lines.length && steps.length < 64; i++) {
    const match = /^(\s*(?:-\s+)?)run:\s*(.*)$/.exec(lines[i]);
    if (!match) continue;
    if (!/^[|>][-+]?\s*$/.test(match[2])) {
      steps.push(match[2]);
      continue;
    }
    const indent = match[1].length;
    const block: string[] = [];
    while (
      i + 1 < lines.length && (lines[i + 1].trim() === "" || /^\s*/.exec(lines[i + 1])![0].length > indent)
    ) {
      block.push(lines[++i]);
    }
    steps.push(block.join("\n"));
  }
  return steps;
}

/** Each list item (a step) holding a `run:` key, whole: its script with its `env:` and `with:` mappings. */
function stepItems(text: string): string[] {
  const lines = text.split("\n", MAX_LINES);
  const items: string[] = [];
  for (let i = 0; i < lines.length && items.length < 64; i++) {
    const start = /^(\s*)-\s/.exec(lines[i]);
    if (!start) continue;
    const indent = start[1].length;
    let end = i + 1;
    while (end < lines.length && (lines[end].trim() === "" || /^\s*/.exec(lines[end])![0].length > indent)) {
      end++;
    }
    const item = lines.slice(i, end).join("\n");
    if (/^\s*(?:-\s+)?run:/m.test(item) && SECRET.test(item)) items.push(item);
  }
  return items;
}

export function judgeWorkflowSteps(text: string, environment: ShieldEnvironment, findings: Findings): void {
  if (!text.includes("run:")) return;
  const steps = runSteps(text);
  if (SECRET.test(text)) {
    steps.push(...stepItems(text).map((item) => runSteps(item).join("\n") + "\n" + item));
  }
  for (const step of steps) {
    const untrusted = UNTRUSTED.exec(step);
    if (untrusted) {
      findings.escalate(
        "exec",
        `a workflow step expands "${untrusted[0].slice(3).trim()}", which outsiders write, into its script`,
      );
    }
    if (!SECRET.test(step)) continue;
    for (const match of matchesOf(URL, step)) {
      const host = readHost(match[0], environment);
      if (host && !host.allowed && !host.loopback) {
        findings.escalate("network", `a workflow step sends a repository secret to "${host.host}"`);
        break;
      }
    }
  }
}
