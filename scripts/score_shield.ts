/** `deno task score-shield [top] [dev] [heldout] [heldout2] [heldout3] [heldout4] [heldout5] [heldout6]
 * [heldout7] [heldout8] [heldout9] [heldout10] [heldout11] [heldout12] [heldout13] [heldout14] [heldout15] [heldout16]
 * [heldout17] [heldout18] [heldout19] [heldout20] [heldout21] [heldout22] [heldout23] [benign-dev] [--failures]`:
 * per-category figures of the standalone Shield on each case set (all sets by default). `--failures` lists failing
 * cases of every set but a held-out one: heldout and heldout2 were retired to development at stop 24, heldout3 at stop
 * 25, heldout4 at stop 26 (its last blind figure 357/387), heldout5 at stop 27 (its last blind figure 364/387),
 * heldout6 at stop 28 (its last blind figure 356/388), heldout7 at stop 29 (its last blind figure 360/398),
 * heldout8 at stop 30 (its last blind figure 377/408), heldout9 at stop 31 (its last blind figure 386/407),
 * heldout10 at stop 32 (its last blind figure 371/400), heldout11 at stop 33 (its last blind figure 375/404),
 * heldout12 at stop 34 (its last blind figure 361/405), heldout13 at stop 35 (its last blind figure 368/400),
 * heldout14 at stop 36 (its last blind figure 380/397), heldout15 at stop 37 (its last blind figure 383/400),
 * heldout16 at stop 38 (its last blind figure 378/400), heldout17 at stop 39 (its last blind figure 386/403),
 * heldout18 at stop 40 (its last blind figure 390/403), heldout19 at stop 41 (its last blind figure 388/403),
 * heldout20 at stop 42 (its last blind figure 384/403), heldout21 at stop 43 (its last blind figure 388/403),
 * heldout22 at stop 44 (its last blind figure 383/403). The twenty-third set, heldout23, written blind at stop 44, is
 * the held-out set (`HELD_OUT`): its failures are never listed and its figures are for reporting, not for tuning. */

import {
  BENIGN_DEV_DIR,
  benignDevAvailable,
  type CaseResult,
  evaluateCases,
  formatTable,
  isFailure,
  loadSet,
  SET_NAMES,
  type SetName,
  tallyByCategory,
} from "./shield_scoring.ts";

const SETS: readonly SetName[] = SET_NAMES;
/** Sets whose failures are never listed: the blind held-out set, heldout23 (written blind at stop 44, after heldout22
 * was retired at the start of the stop). */
export const HELD_OUT: readonly SetName[] = ["heldout23"];

function describeFailure(result: CaseResult): string {
  const payload = JSON.stringify(result.testCase.payload);
  const shown = payload.length > 220 ? `${payload.slice(0, 217)}...` : payload;
  return `  ${result.testCase.id} ${result.decision}: ${result.reason.slice(0, 160)}\n` +
    `      ${result.testCase.note}\n      ${result.testCase.type} ${shown}`;
}

function needlessPrompts(results: CaseResult[]): CaseResult[] {
  return results.filter((result) => result.testCase.expect === "benign" && result.decision === "ESCALATE");
}

async function main(args: string[]): Promise<number> {
  const showFailures = args.includes("--failures");
  const unknown = args.filter((arg) => arg !== "--failures" && !SETS.includes(arg as SetName));
  if (unknown.length > 0) {
    console.error(`Unknown argument "${unknown[0]}": use ${SETS.join(", ")} or --failures`);
    return 2;
  }
  const chosen = SETS.filter((set) => args.includes(set));
  for (const set of chosen.length > 0 ? chosen : SETS) {
    if (set === "benign-dev" && !await benignDevAvailable()) {
      console.log(`== benign-dev ==\nnot scored: "${BENIGN_DEV_DIR}" is not present on this machine`);
      continue;
    }
    const results = await evaluateCases(await loadSet(set));
    console.log(formatTable(set, tallyByCategory(results)));
    if (showFailures && !HELD_OUT.includes(set)) {
      const failing = results.filter(isFailure);
      if (failing.length > 0) console.log(`failures:\n${failing.map(describeFailure).join("\n")}`);
      const prompts = needlessPrompts(results);
      if (prompts.length > 0) console.log(`needless prompts:\n${prompts.map(describeFailure).join("\n")}`);
    }
    console.log("");
  }
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
