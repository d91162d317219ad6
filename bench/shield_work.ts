/** Shield's work per action counted, not timed (round 24 of speed: on a machine shared by five helpers, timings of
 * one checkout differ by 10 % from run to run; counts do not): `deno run -A bench/shield_work.ts [TYPE]` prints, for
 * the corpus and the real-work benign set (../shared/corpora/benign-dev, when present), the characters of the texts
 * the rules scan per rule field (each distinct text of an action once, under the first field that holds it), and
 * the distinct regexes one whole Tier 0+1 run executes per action (p50 / p90, and the regexes most actions run).
 * `TYPE` keeps one action type (`execute_command`). A diagnostic run by hand; it patches `RegExp.prototype.exec`,
 * which slows every regex down, so its timings mean nothing. */

import type { Action } from "../src/shield/types.ts";
import { buildActionView } from "../src/shield/action_view.ts";
import { fieldTexts } from "../src/shield/rule_texts.ts";
import { RULE_FIELDS } from "../src/shield/rules/rule.ts";
import { timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";
const TOP_REGEXES = 12;

/** The characters of the distinct rule texts of the actions, per field, and the actions' payload characters. */
function ruleTextCharacters(actions: Action[]): { byField: Map<string, number>; payload: number } {
  const byField = new Map<string, number>();
  let payload = 0;
  for (const action of actions) {
    payload += JSON.stringify(action.payload).length;
    const view = buildActionView(action, WORKSPACE, HOME);
    const seen = new Set<string>();
    for (const field of RULE_FIELDS) {
      for (const text of fieldTexts(view, field)) {
        if (seen.has(text)) continue;
        seen.add(text);
        byField.set(field, (byField.get(field) ?? 0) + text.length);
      }
    }
  }
  return { byField, payload };
}

/** Per action, the regexes one run executes (each counted once), and per regex source the actions that run it. */
function regexesRun(actions: Action[]): { perAction: number[]; byRegex: Map<string, number> } {
  const exec = RegExp.prototype.exec;
  let current: Set<RegExp> | undefined;
  RegExp.prototype.exec = function (this: RegExp, text: string) {
    current?.add(this);
    return exec.call(this, text);
  };
  const perAction: number[] = [];
  const byRegex = new Map<string, number>();
  try {
    // A first run of each action warms what Shield builds on first use (its regexes would count once only).
    for (const action of actions) timeStages(action);
    for (const action of actions) {
      current = new Set();
      timeStages(action);
      perAction.push(current.size);
      // Regexes of one source made in several places count once per action.
      for (const source of new Set([...current].map((regex) => regex.source.slice(0, 80)))) {
        byRegex.set(source, (byRegex.get(source) ?? 0) + 1);
      }
    }
  } finally {
    current = undefined;
    RegExp.prototype.exec = exec;
  }
  return { perAction, byRegex };
}

function report(label: string, actions: Action[]): void {
  if (actions.length === 0) return;
  const { byField, payload } = ruleTextCharacters(actions);
  const total = [...byField.values()].reduce((sum, value) => sum + value, 0);
  console.log(
    `${label}: ${actions.length} actions, payload ${payload} characters, rule texts ${total} ` +
      `(${(total / payload).toFixed(2)} per payload character)`,
  );
  console.log(
    "  rule-text characters by field: " + [...byField].sort((a, b) => b[1] - a[1])
      .map(([field, chars]) => `${field} ${chars} (${(100 * chars / total).toFixed(0)} %)`).join(", "),
  );
  const { perAction, byRegex } = regexesRun(actions);
  const sorted = [...perAction].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
  console.log(`  distinct regexes run per action: p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}`);
  for (const [source, count] of [...byRegex].sort((a, b) => b[1] - a[1]).slice(0, TOP_REGEXES)) {
    console.log(`    ${(100 * count / actions.length).toFixed(0).padStart(3)} % of actions: /${source}/`);
  }
}

const only = Deno.args[0];
const keep = (actions: Action[]) => only ? actions.filter((action) => action.type === only) : actions;
report("corpus", keep(await loadCorpus()));
report("benign_dev", keep(await loadRealWork()));
