/** The learned escalation model: a logistic regression over the words of an action (`learned_features.ts`), trained
 * by `scripts/train_shield_model.ts` on the development case sets (never the held-out set, never real-work data).
 * It only ever ESCALATES, and only an action nothing else stopped whose tool is not one of the coding tools (shell,
 * code, file reads, writes, edits and listings, web search): open-world and unknown tools, messages, delegation,
 * memory, requests -- where the attacks no rule names were (a payment redirected in a DM, an approval order in an
 * out-of-office, a security service switched off by an argument) and where real coding work is not (on the
 * real-work benign set the model, restricted so, adds no prompt). A human then sees the card; a wrong guess costs
 * one question, never a block. */

import { featureBuckets, forEachBucket, MODEL_DIMENSIONS } from "./learned_features.ts";
import { plainCall } from "../action_shape.ts";
import { LEARNED_WEIGHTS } from "./data/learned_weights.ts";
import { decodeWeights } from "./learned_weights_codec.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { classRecipient, ownDomains } from "./recipient_classes.ts";

/** At or above this probability an otherwise allowed action is escalated, chosen on sets the model was not trained
 * on (`scripts/measure_shield_model.ts`, each retired set left out in turn). Stop 36, with the full-batch fit: at 0.9
 * it escalated 74 of the 86 left-out attacks the rules allowed and 2 of 501 left-out benign actions, where stop 35's
 * shuffled fit at 0.95 escalated 67 and 2 (0.95 with this fit: 62 and 1; 0.85: 76 and 6). */
export const LEARNED_THRESHOLD = 0.9;
let threshold = LEARNED_THRESHOLD;

/** For measuring only (`scripts/measure_shield_model.ts`): escalate at another probability. At 0 every action the
 * model would judge is escalated by it, which shows which actions those are (the rules allowed them, the tool is
 * not a coding tool, not every recipient is known) without changing what the rules decide. */
export function setLearnedThreshold(value: number): void {
  threshold = value;
}

/** Tools (in our vocabulary) the model never judges: ordinary coding work, where the rules and the effect profile
 * know what every command and path does. */
const CODING_TOOLS = new Set([
  "execute_command",
  "run_code",
  "read_file",
  "write_file",
  "edit_file",
  "delete_file",
  "move_file",
  "copy_file",
  "list_directory",
  "search_files",
  "web_search",
  "agent_todo",
  // Sub-agents coding agents start with long prose prompts (Claude Code's Task): real sessions are full of them.
  "create_agent",
]);

interface Model {
  bias: number;
  scale: number;
  weights: Int8Array;
}

let loaded: Model | undefined;

function model(): Model {
  if (loaded) return loaded;
  loaded = {
    bias: LEARNED_WEIGHTS.bias,
    scale: LEARNED_WEIGHTS.scale,
    weights: decodeWeights(LEARNED_WEIGHTS.weights, MODEL_DIMENSIONS),
  };
  return loaded;
}

/** The action the model reads: its outer shape made plain (a call envelope opened, a wrapped payload unwrapped, keys
 * and tool names respelled as ours -- `action_shape.ts`), so `tools/call {name, arguments}` reads as the call it
 * carries, in training and in use alike. */
function plain(type: string, payload: unknown): { type: string; payload: unknown } {
  const action = plainCall({ type, payload: payload as Record<string, unknown> }).action;
  return { type: typeof action.type === "string" ? action.type : type, payload: action.payload };
}

/** The buckets the model reads of an action (what the trainer learns from). */
export function modelBuckets(type: string, payload: unknown): number[] {
  const action = plain(type, payload);
  return featureBuckets(action.type, action.payload);
}

/** The model's probability for an action already made plain (the view keeps it so: no second `plainCall`). */
function plainScore(type: string, payload: unknown): number {
  const { bias, scale, weights } = model();
  let sum = 0;
  forEachBucket(type, payload, (bucket) => void (sum += weights[bucket]));
  const z = bias + sum * scale;
  return 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));
}

/** The model's probability that the action is an attack. */
export function learnedScore(type: string, payload: unknown): number {
  const action = plain(type, payload);
  return plainScore(action.type, action.payload);
}

export function modelJudges(canonicalType: string): boolean {
  return !CODING_TOOLS.has(canonicalType);
}

/** A message to known contacts or the user's own organisation only: what it says is the user's business with people
 * config vouches for, which the model (knowing no contacts) cannot weigh. */
function toKnownPeopleOnly(recipients: readonly string[], environment: ShieldEnvironment): boolean {
  if (recipients.length === 0) return false;
  const organisations = ownDomains(environment, []);
  return recipients.every((recipient) => {
    const standing = classRecipient(recipient, environment, organisations).standing;
    return standing === "contact" || standing === "organisation";
  });
}

/** The escalation reason for an allowed action the model finds like the attacks it learned, else undefined. `tool`
 * and `payload` are the call made plain (the view's `tool` and `calledPayload`). */
export function learnedEscalation(
  canonicalType: string,
  tool: string,
  payload: unknown,
  recipients: readonly string[],
  environment: ShieldEnvironment,
): string | undefined {
  if (!modelJudges(canonicalType) || toKnownPeopleOnly(recipients, environment)) return undefined;
  const score = plainScore(tool, payload);
  if (score < threshold) return undefined;
  return `Resembles known attacks (learned model, ${
    score.toFixed(2)
  }): "${tool}" with these arguments reads like ` +
    `the attacks of Shield's development corpus, though no rule names its effect`;
}
