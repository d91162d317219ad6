// Speed round 37: the round files' plan for a lone command line (effects/round_plan.ts) skips a round only where the
// round can find nothing. Over every case action of every set Shield may be tuned on (top, dev, the retired held-out
// sets; never a blind one), the real-work set, and every command line of them handed to other command tools (a
// lone line under another tool name, and under another argument name), the effect profile with the plan finds
// exactly what the profile with every round finds. No timing is asserted.
import assert from "node:assert/strict";
import type { Action } from "../../../src/shield/types.ts";
import { buildEffectProfile } from "../../../src/shield/effects/effect_profile.ts";
import { RoundPlan, setPlanning } from "../../../src/shield/effects/round_plan.ts";
import { HINT as MINER_HINT } from "../../../src/shield/effects/miner_signs.ts";
import { MINER_WORDS } from "../../../src/shield/effects/round55.ts";
import { HINT as LISTED_HINT } from "../../../src/shield/effects/listed_deletions.ts";
import { LISTED_WORDS } from "../../../src/shield/effects/round61.ts";
import { MAIL_COPY_HINT } from "../../../src/shield/effects/mail_copies.ts";
import { MAIL_COPY_WORDS } from "../../../src/shield/effects/round82.ts";
import * as r48 from "../../../src/shield/effects/round48.ts";
import * as r53 from "../../../src/shield/effects/round53.ts";
import * as r55 from "../../../src/shield/effects/round55.ts";
import * as r56 from "../../../src/shield/effects/round56.ts";
import * as r57 from "../../../src/shield/effects/round57.ts";
import * as r58 from "../../../src/shield/effects/round58.ts";
import * as r60 from "../../../src/shield/effects/round60.ts";
import * as r61 from "../../../src/shield/effects/round61.ts";
import * as r63 from "../../../src/shield/effects/round63.ts";
import * as r64 from "../../../src/shield/effects/round64.ts";
import * as r66 from "../../../src/shield/effects/round66.ts";
import * as r68 from "../../../src/shield/effects/round68.ts";
import * as r69 from "../../../src/shield/effects/round69.ts";
import * as r72 from "../../../src/shield/effects/round72.ts";
import * as r73 from "../../../src/shield/effects/round73.ts";
import * as r74 from "../../../src/shield/effects/round74.ts";
import * as r76 from "../../../src/shield/effects/round76.ts";
import * as r77 from "../../../src/shield/effects/round77.ts";
import * as r78 from "../../../src/shield/effects/round78.ts";
import * as r79 from "../../../src/shield/effects/round79.ts";
import * as r81 from "../../../src/shield/effects/round81.ts";
import * as r82 from "../../../src/shield/effects/round82.ts";
import * as r83 from "../../../src/shield/effects/round83.ts";
import * as r84 from "../../../src/shield/effects/round84.ts";
import * as r85 from "../../../src/shield/effects/round85.ts";
import * as r86 from "../../../src/shield/effects/round86.ts";
import * as r87 from "../../../src/shield/effects/round87.ts";
import * as r88 from "../../../src/shield/effects/round88.ts";
import * as r89 from "../../../src/shield/effects/round89.ts";
import * as r90 from "../../../src/shield/effects/round90.ts";
import * as r91 from "../../../src/shield/effects/round91.ts";
import * as r92 from "../../../src/shield/effects/round92.ts";
import * as r93 from "../../../src/shield/effects/round93.ts";
import * as r94 from "../../../src/shield/effects/round94.ts";
import * as r95 from "../../../src/shield/effects/round95.ts";
import * as r97 from "../../../src/shield/effects/round97.ts";
import * as r96 from "../../../src/shield/effects/round96.ts";
import { CORPUS_SETS, loadSet } from "../../../scripts/shield_scoring.ts";
import { HELD_OUT } from "../../../scripts/score_shield.ts";
import { environment, viewOf } from "./gate_fixture.ts";

const DECLARED = [
  r48,
  r53,
  r55,
  r56,
  r57,
  r58,
  r60,
  r61,
  r63,
  r64,
  r66,
  r68,
  r69,
  r72,
  r73,
  r74,
  r76,
  r77,
  r78,
  r79,
  r81,
  r82,
  r83,
  r84,
  r85,
  r86,
  r87,
  r88,
  r89,
  r90,
  r91,
  r92,
  r93,
  r94,
  r95,
  r97,
  r96,
];

/** Every action Shield may be tuned on, the real-work set, and each command line handed to other command tools. */
async function allActions(): Promise<Action[]> {
  const actions: Action[] = [];
  const sets = [...CORPUS_SETS.filter((set) => !HELD_OUT.includes(set)), "benign-dev" as const];
  for (const set of sets) {
    for (const item of await loadSet(set)) {
      actions.push({ type: item.type, payload: item.payload, annotations: item.annotations } as Action);
    }
  }
  const lines = new Set<string>();
  for (const action of actions) {
    const command = (action.payload as Record<string, unknown> | undefined)?.command;
    if (typeof command === "string") lines.add(command);
  }
  for (const command of lines) {
    actions.push({ type: "Bash", payload: { command } });
    actions.push({ type: "run_shell", payload: { cmd: command } });
  }
  return actions;
}

function found(action: Action): string {
  const view = viewOf(action);
  const profile = buildEffectProfile(view, action.annotations, environment);
  return JSON.stringify([profile.findings, profile.understood]);
}

Deno.test("round plan: the hints asked in parts are the checks' hints, one alternative apart", () => {
  // Round 55: the wallet alternative is asked as a long shell text (LONG_SHELL).
  assert.equal(MINER_HINT.source, `${MINER_WORDS.source}|[48][0-9AB][1-9A-HJ-NP-Za-km-z]{93}`);
  assert.equal(MINER_HINT.flags, MINER_WORDS.flags);
  // Round 61: `%\s*\{` is asked as a `%`.
  assert.equal(LISTED_HINT.pattern.source, `${LISTED_WORDS.source}|%\\s*\\{`);
  assert.equal(LISTED_HINT.pattern.flags, LISTED_WORDS.flags);
  // Round 82: `^\s*!\s*\S+@` is asked as a `!`.
  assert.equal(
    MAIL_COPY_HINT.source,
    MAIL_COPY_WORDS.source.replace("|add_more_recipients", "|^\\s*!\\s*\\S+@|add_more_recipients"),
  );
  assert.equal(MAIL_COPY_HINT.flags, MAIL_COPY_WORDS.flags);
});

Deno.test("round plan: the planned profile finds exactly what every round finds, over every case", async () => {
  const actions = await allActions();
  assert.ok(actions.length > 20_000, `${actions.length} actions`);
  const differ: string[] = [];
  let planned = 0;
  let skipped = 0;
  // Per declared round, the actions that skip it (speed round 38: each declaration skips its round somewhere).
  const skippedBy = DECLARED.map(() => 0);
  try {
    for (const action of actions) {
      setPlanning(false);
      const every = found(action);
      setPlanning(true);
      const plan = found(action);
      if (every !== plan) differ.push(`${action.type} ${JSON.stringify(action.payload).slice(0, 160)}`);
      const view = viewOf(action);
      const rounds = new RoundPlan(view, false);
      let skips = 0;
      DECLARED.forEach((round, k) => {
        if (!rounds.runs(round.ON_COMMAND)) {
          skips++;
          skippedBy[k]++;
        }
      });
      if (skips > 0) planned++;
      skipped += skips;
    }
  } finally {
    setPlanning(true);
  }
  assert.deepEqual(differ.slice(0, 20), [], `${differ.length} of ${actions.length} actions differ`);
  // The plan skips something: most lone command lines reach few of the declared rounds.
  assert.ok(
    planned > 1000 && skipped > planned * 10,
    `${planned} actions planned, ${skipped} rounds skipped`,
  );
  // Every declared round is skipped on some action (a declaration that reaches every command spends the plan).
  assert.deepEqual(
    DECLARED.filter((_, k) => skippedBy[k] === 0).length,
    0,
    `never skipped: ${skippedBy.map((count, k) => count === 0 ? k : -1).filter((k) => k >= 0).join(", ")}`,
  );
});
