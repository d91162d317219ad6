/** `deno run -A scripts/measure_shield_model.ts [--variants]`: measures Shield's learned escalation model
 * (`src/shield/effects/learned_model.ts`) leave-one-set-out. For each left-out part of the development sets
 * (each training set but `dev` itself — top, heldout … heldout22 — and the open-world benign near misses of stop 29,
 * `dv-benign-*-9NN`) it trains
 * without that part and counts, on the part left out, the attacks the rules allow that the model would escalate and
 * the benign actions it would escalate, at 0.85, the shipped threshold (0.9) and 0.95; and on the real-work benign set (never trained on) the
 * benign actions each of those models would escalate. The rules' side is read once per set: with the threshold at 0
 * every action the model would judge is escalated by it, so the escalations that name the model are exactly the
 * actions it judges. `--variants` measures the training variants below beside the shipped one;
 * `--without-near-misses` trains every model without the near misses (the figures before they were written). Never reads the
 * held-out set (`HELD_OUT`). */

import { featureBuckets } from "../src/shield/effects/learned_features.ts";
import {
  LEARNED_THRESHOLD,
  modelBuckets,
  modelJudges,
  setLearnedThreshold,
} from "../src/shield/effects/learned_model.ts";
import { plainCall } from "../src/shield/action_shape.ts";
import {
  benignDevAvailable,
  type CorpusSet,
  evaluateCases,
  loadBenignDev,
  loadCorpusSet,
  type ScoredCase,
} from "./shield_scoring.ts";
import {
  SHIPPED_TRAINING,
  train,
  type TrainedModel,
  type TrainingOptions,
  trainingSets,
} from "./train_shield_model.ts";

const THRESHOLDS = [0.85, LEARNED_THRESHOLD, 0.95];
/** Each development set but dev/ itself (the bulk of the training cases), left out in turn. */
const LEFT_OUT: readonly CorpusSet[] = trainingSets().filter((set) => set !== "dev");
/** The open-world benign near misses written at stop 29 (model29): ids 901 and up in the benign files of dev/. */
const NEAR_MISS = /^dv-benign-[a-z-]+-9\d\d$/;

/** Key=value features of short one-word string values (`status=enabled`, `visibility=public`) beside the words. */
function keyValueBuckets(type: string, payload: unknown): number[] {
  const buckets = new Set(modelBuckets(type, payload));
  const action = plainCall({ type, payload: payload as Record<string, unknown> }).action;
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || typeof value !== "object") return;
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === "string" && /^[a-z_]{2,24}$/i.test(item)) {
        for (const bucket of featureBuckets("kv", { [`${key}_${item}`]: 0 })) buckets.add(bucket);
      } else visit(item, depth + 1);
    }
  };
  visit(action.payload, 0);
  return [...buckets];
}

export const VARIANTS: Record<string, TrainingOptions> = {
  shipped: SHIPPED_TRAINING,
  "benign x2": { ...SHIPPED_TRAINING, benignWeight: 2 },
  "l2 2e-4": { ...SHIPPED_TRAINING, l2: 2e-4 },
  "l2 3e-5": { ...SHIPPED_TRAINING, l2: 3e-5 },
  "key=value": { ...SHIPPED_TRAINING, buckets: keyValueBuckets },
};

interface Judged {
  testCase: ScoredCase;
  /** The model would judge it (the rules allowed it and the gates let the model see it). */
  judged: boolean;
  rulesAllowed: boolean;
  /** Its tool is one the model judges (not a coding tool), whatever the rules decide. */
  openWorld: boolean;
}

/** What the rules decide of each case and which of them the model would judge. */
async function judgedCases(cases: ScoredCase[]): Promise<Judged[]> {
  setLearnedThreshold(0);
  try {
    return (await evaluateCases(cases)).map((result) => {
      const judged = result.decision === "ESCALATE" && /learned model/.test(result.reason);
      const call = plainCall({ type: result.testCase.type, payload: result.testCase.payload }).action;
      return {
        testCase: result.testCase,
        judged,
        rulesAllowed: judged || result.decision === "ALLOW",
        openWorld: modelJudges(typeof call.type === "string" ? call.type : result.testCase.type),
      };
    });
  } finally {
    setLearnedThreshold(LEARNED_THRESHOLD);
  }
}

function score(model: TrainedModel, options: TrainingOptions, c: ScoredCase): number {
  let sum = 0;
  for (const bucket of options.buckets(c.type, c.payload)) sum += model.weights[bucket];
  const z = model.bias + sum * model.scale;
  return 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));
}

interface Tally {
  attacksAllowed: number;
  attacksCaught: number[];
  benign: number;
  benignAsked: number[];
  /** Rule-blind: of the attacks and benign actions of the tools the model judges, whatever the rules decided,
   * those the model would escalate at 0.95 (how much it would add where the rules miss what they caught here). */
  openAttacks: number;
  openAttacksCaught: number;
  openBenign: number;
  openBenignAsked: number;
}

function tally(model: TrainedModel, options: TrainingOptions, rows: Judged[]): Tally {
  const scores = rows.map((row) => row.openWorld ? score(model, options, row.testCase) : 0);
  const open = (expect: string, caught: boolean) =>
    rows.filter((row, i) =>
      row.openWorld && row.testCase.expect === expect && (!caught || scores[i] >= LEARNED_THRESHOLD)
    ).length;
  const count = (expect: string, t: number) =>
    rows.filter((row, i) => row.testCase.expect === expect && row.judged && scores[i] >= t).length;
  return {
    attacksAllowed: rows.filter((row) => row.testCase.expect === "malicious" && row.rulesAllowed).length,
    attacksCaught: THRESHOLDS.map((t) => count("malicious", t)),
    benign: rows.filter((row) => row.testCase.expect === "benign").length,
    benignAsked: THRESHOLDS.map((t) => count("benign", t)),
    openAttacks: open("malicious", false),
    openAttacksCaught: open("malicious", true),
    openBenign: open("benign", false),
    openBenignAsked: open("benign", true),
  };
}

function line(name: string, t: Tally): string {
  const at = (values: number[]) => THRESHOLDS.map((th, i) => `${values[i]}@${th}`).join(" ");
  return `${name.padEnd(22)} attacks caught of ${String(t.attacksAllowed).padStart(3)} rules allow: ${
    at(t.attacksCaught)
  }; benign asked of ${String(t.benign).padStart(4)}: ${
    at(t.benignAsked)
  }; rule-blind @${LEARNED_THRESHOLD}: attacks ${t.openAttacksCaught}/${t.openAttacks}, benign ${t.openBenignAsked}/${t.openBenign}`;
}

if (import.meta.main) {
  const withoutNearMisses = Deno.args.includes("--without-near-misses");
  const variants = Deno.args.includes("--variants") ? Object.keys(VARIANTS) : ["shipped"];
  const sets = trainingSets();
  const all = new Map<string, ScoredCase[]>();
  for (const set of sets) all.set(set, await loadCorpusSet(set));
  const parts = new Map<string, Judged[]>();
  for (const set of LEFT_OUT) parts.set(set, await judgedCases(all.get(set)!));
  parts.set("near misses", await judgedCases(all.get("dev")!.filter((c) => NEAR_MISS.test(c.id))));
  const realWork = await benignDevAvailable() ? await judgedCases(await loadBenignDev()) : [];
  for (const name of variants) {
    const options = VARIANTS[name];
    console.log(`== ${name}`);
    const sum: Tally = {
      attacksAllowed: 0,
      attacksCaught: [0, 0],
      benign: 0,
      benignAsked: [0, 0],
      openAttacks: 0,
      openAttacksCaught: 0,
      openBenign: 0,
      openBenignAsked: 0,
    };
    for (const [part, rows] of parts) {
      const training = [...all.entries()].flatMap(([set, cases]) =>
        set === part
          ? []
          : part === "near misses" || withoutNearMisses
          ? cases.filter((c) => !NEAR_MISS.test(c.id))
          : cases
      );
      const model = train(training, sets.filter((set) => set !== part), options);
      const left = tally(model, options, rows);
      const real = tally(model, options, realWork);
      console.log(`${line(part, left)} | real-work ${real.benignAsked.join("/")} of ${real.benign}`);
      if (part === "near misses") continue;
      for (
        const key of [
          "attacksAllowed",
          "benign",
          "openAttacks",
          "openAttacksCaught",
          "openBenign",
          "openBenignAsked",
        ] as const
      ) sum[key] += left[key];
      THRESHOLDS.forEach((_, i) => {
        sum.attacksCaught[i] += left.attacksCaught[i];
        sum.benignAsked[i] += left.benignAsked[i];
      });
    }
    console.log(line("sets left out, summed", sum));
  }
}
