// The per-action summary of round 22 of speed (check_needs.ts): the effect profile calls a check only when the
// action holds one of the things the check declares it needs (`NEEDS`). Over every top, dev and held-out case and the
// attacks below, and over every path those cases write written with nothing (no text, "", a line taken out), (1) the
// profile with every check called ungated finds exactly what the gated profile finds, and (2) each declared bit is
// necessary: dropping it from its check's needs loses a finding on some case (so a declaration
// narrowed or a summary bit computed wrong fails here, and a bit nobody needs is not declared).
import assert from "node:assert/strict";
import type { Action } from "../../../src/shield/types.ts";
import type { ActionView } from "../../../src/shield/action_view.ts";
import { ALL, type CheckName, NEEDS, summarize } from "../../../src/shield/effects/check_needs.ts";
import { buildEffectProfile } from "../../../src/shield/effects/effect_profile.ts";
import { LITERALS } from "../../../src/shield/literal_index.ts";
import { CORPUS_SETS, loadSet, type SetName } from "../../../scripts/shield_scoring.ts";
import { HELD_OUT } from "../../../scripts/score_shield.ts";
import { expectDecisions } from "./decisions.ts";
import { environment, viewOf } from "./gate_fixture.ts";
import { NEEDS_ATTACKS, NEEDS_PROBES } from "./check_needs_attacks.ts";

/** Every case set but the blind held-out one (nobody working on Shield runs it) and the real-work set. */
const SETS: readonly SetName[] = CORPUS_SETS.filter((set) => !(HELD_OUT as readonly string[]).includes(set));

const DECLARED = { ...NEEDS };
const NAMES = Object.keys(DECLARED) as CheckName[];

let loaded: ActionView[] | undefined;
async function views(): Promise<ActionView[]> {
  if (loaded) return loaded;
  const actions: Action[] = [...NEEDS_ATTACKS.map(([action]) => action), ...NEEDS_PROBES];
  for (const set of SETS) {
    for (const { type, payload } of await loadSet(set)) actions.push({ type, payload } as Action);
  }
  return loaded = actions.map(viewOf);
}

/** The profile's findings of `view` as text, a fresh evaluation each time (as the evaluator runs it). */
function findingsOf(view: ActionView): string {
  LITERALS.forget();
  const profile = buildEffectProfile(view, undefined, environment);
  return profile.findings.map((finding) => `${finding.level} ${finding.kind} ${finding.detail}`).join("\n");
}

/** Runs `body` with `needs` in force, then puts the declarations back. */
function withNeeds<T>(needs: Partial<Record<CheckName, number>>, body: () => T): T {
  Object.assign(NEEDS, needs);
  try {
    return body();
  } finally {
    Object.assign(NEEDS, DECLARED);
  }
}

const ungatedNeeds = () => Object.fromEntries(NAMES.map((name) => [name, ALL]));

let gatedFindings: string[] | undefined;
/** Every action's findings with the needs as declared (made once, for both tests). */
async function declared(): Promise<string[]> {
  return gatedFindings ??= (await views()).map(findingsOf);
}

Deno.test("every check called ungated finds what the profile finds with the declared needs", async () => {
  const all = await views();
  const gated = await declared();
  const ungated = withNeeds(ungatedNeeds(), () => all.map(findingsOf));
  all.forEach((view, index) => {
    assert.equal(gated[index], ungated[index], `${view.tool} ${JSON.stringify(view.payload).slice(0, 200)}`);
  });
});

Deno.test("each declared need is necessary: dropping it loses a finding somewhere", async () => {
  const all = await views();
  const gated = await declared();
  const summaries = all.map(summarize);
  for (const name of NAMES) {
    for (let bit = 1; bit <= DECLARED[name]; bit <<= 1) {
      if ((DECLARED[name] & bit) === 0) continue;
      // Only an action whose one need of this check is `bit` can lose a finding when `bit` is dropped.
      const reached = all.flatMap((_view, index) =>
        (summaries[index] & DECLARED[name]) === bit ? [index] : []
      );
      const narrowed = withNeeds(
        { [name]: DECLARED[name] & ~bit },
        () => reached.map((k) => findingsOf(all[k])),
      );
      assert.ok(
        narrowed.some((found, index) => found !== gated[reached[index]]),
        `${name}: dropping bit ${bit} loses nothing over ${reached.length} actions — not needed, or untested`,
      );
    }
  }
});

/** Each way of writing a path with nothing: no text, an empty text, an edit that takes a line out. */
const EMPTY_WRITES: Array<(path: string) => Action> = [
  (path) => ({ type: "write_file", payload: { path, content: "" } }),
  (path) => ({ type: "execute_command", payload: { command: `: > '${path}'` } }),
  (path) => ({ type: "execute_command", payload: { command: `cp /dev/null '${path}'` } }),
  (path) => ({ type: "edit_file", payload: { path, old_string: "assert allowed(user)", new_string: "" } }),
];

Deno.test("every path the cases write, written with nothing, finds the same ungated", async () => {
  const paths = new Set((await views()).flatMap((view) => view.writePaths.map((path) => path.absolute)));
  for (const path of paths) {
    for (const write of EMPTY_WRITES) {
      const view = viewOf(write(path));
      const gated = findingsOf(view);
      const ungated = withNeeds(ungatedNeeds(), () => findingsOf(view));
      assert.equal(gated, ungated, JSON.stringify(view.payload).slice(0, 200));
    }
  }
});

Deno.test("the attacks written for the needs are stopped", async () => {
  await expectDecisions(NEEDS_ATTACKS);
});
