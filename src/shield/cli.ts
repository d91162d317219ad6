/** Standalone Shield: `shield evaluate` reads JSON lines {"id","type","payload","annotations"?} and writes one verdict
 * line per input, in order; `shield check-policy FILE` lists a policy's problems. An invalid line is
 * answered with decision BLOCK and an `error` field, never a crash. */

import { systemClock } from "../lib/clock.ts";
import { HOME_CHECKOUTS } from "./paths.ts";
import { createShield, type Shield } from "./shield.ts";
import { checkPolicyFile, parsePolicy, policyProblems } from "./policy.ts";
import { DEFAULT_POLICY_YAML } from "./presets/default_policy.ts";
import type { ToolAnnotations } from "./types.ts";

const MAX_LINE_CHARS = 16 * 1024 * 1024;

/** The roots agent harnesses give a session's checkout (round 43): `/workspace` (OpenHands and most sandboxes),
 * `/workspaces/<repo>` (Codespaces, dev containers), `/testbed` (SWE-bench images), `/repo` (SWE-bench-style images),
 * `/owner__repo` (SWE-agent); and round 67: a project kept under a user's home (`/home/dev/app/src/...`,
 * `HOME_CHECKOUTS` in `paths.ts`: only where a source folder or manifest shows the project's root). The standalone evaluator judges actions recorded in other agents' sessions, whose
 * checkout it cannot know, so it reads a path under one of these as the workspace's (collapsed first: `..` still
 * leaves it). The engine never uses them: its workspace is real, and such a path lies outside it. */
export const STANDALONE_CHECKOUT_ALIASES: readonly string[] = [
  "/workspace",
  "/workspaces/*",
  "/testbed",
  "/repo",
  "/*__*",
  HOME_CHECKOUTS,
];

/** Default policy, heuristics on; no classifier, Tier 2, Tier 3, rate limit or cache (ESCALATE is reported).
 * `checkoutAliases`: roots read as the workspace itself (`environment.ts`), `STANDALONE_CHECKOUT_ALIASES` unless
 * given (`[]` for none). */
export function createStandaloneShield(
  workspace: string,
  home: string,
  options: { checkoutAliases?: string[] } = {},
): Shield {
  return createShield({
    workspace,
    home,
    checkoutAliases: options.checkoutAliases ?? [...STANDALONE_CHECKOUT_ALIASES],
    policy: parsePolicy(DEFAULT_POLICY_YAML, "default"),
    heuristicEnabled: true,
    failClosed: true,
    rateLimitPerMinute: 0,
    verdictTtlSeconds: 0,
    clock: systemClock,
  });
}

function invalidLine(id: unknown, error: string): Record<string, unknown> {
  return {
    id: typeof id === "string" || typeof id === "number" ? id : null,
    decision: "BLOCK",
    tier: 0,
    reason: `Invalid input: ${error}`,
    tier_results: [],
    latency_us: 0,
    error,
  };
}

const HINTS = ["readOnlyHint", "destructiveHint", "openWorldHint", "idempotentHint"] as const;

/** The annotations of an input line, or what is wrong with them. Unknown hint names are ignored. */
function annotationProblem(value: unknown): ToolAnnotations | string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) return `"annotations" must be an object`;
  const hints: ToolAnnotations = {};
  for (const name of HINTS) {
    const hint = (value as Record<string, unknown>)[name];
    if (hint === undefined) continue;
    if (typeof hint !== "boolean") return `annotation "${name}" must be true or false`;
    hints[name] = hint;
  }
  return hints;
}

async function answerLine(
  shield: Shield,
  line: string,
): Promise<{ answer: Record<string, unknown>; valid: boolean }> {
  if (line.length > MAX_LINE_CHARS) return { answer: invalidLine(null, "line is too long"), valid: false };
  let input: Record<string, unknown>;
  try {
    input = JSON.parse(line);
  } catch (error) {
    return { answer: invalidLine(null, `not JSON: ${(error as Error).message}`), valid: false };
  }
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    return { answer: invalidLine(null, "line must be a JSON object"), valid: false };
  }
  const { id, type, payload, annotations } = input;
  if (typeof type !== "string" || type === "") {
    return { answer: invalidLine(id, `"type" must be a non-empty string`), valid: false };
  }
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) {
    return { answer: invalidLine(id, `"payload" must be an object`), valid: false };
  }
  const hints = annotationProblem(annotations);
  if (typeof hints === "string") return { answer: invalidLine(id, hints), valid: false };
  const started = performance.now();
  const verdict = await shield.evaluate({
    type,
    payload: payload as Record<string, unknown>,
    sessionId: "",
    ...(hints ? { annotations: hints } : {}),
  });
  const answer = {
    id: id ?? null,
    decision: verdict.decision,
    tier: verdict.tier,
    reason: verdict.reason,
    tier_results: verdict.tier_results,
    latency_us: Math.round((performance.now() - started) * 1000),
  };
  return { answer, valid: true };
}

async function* lines(input: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let buffer = "";
  for await (const chunk of input.pipeThrough(new TextDecoderStream())) {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      yield buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
    }
  }
  if (buffer.length > 0) yield buffer;
}

/** Returns 0 when every line was valid, 1 when some line was invalid (each still got an answer line). */
export async function runShieldEvaluate(
  shield: Shield,
  input: ReadableStream<Uint8Array>,
  output: WritableStream<Uint8Array>,
): Promise<number> {
  const writer = output.getWriter();
  const encoder = new TextEncoder();
  let status = 0;
  try {
    for await (const raw of lines(input)) {
      const line = raw.trim();
      if (line === "") continue;
      const { answer, valid } = await answerLine(shield, line);
      if (!valid) status = 1;
      await writer.write(encoder.encode(JSON.stringify(answer) + "\n"));
    }
  } finally {
    await writer.close().catch(() => {});
  }
  return status;
}

/** Prints every problem of a policy file; 0 when it is valid, 1 otherwise. */
export async function runCheckPolicy(path: string): Promise<number> {
  const problems = await checkPolicyFile(path);
  if (problems.length === 0) {
    const rules = policyProblems(await Deno.readTextFile(path)).rules.length;
    console.log(`Policy "${path}" is valid: ${rules} rules`);
    return 0;
  }
  console.error(`Policy "${path}" has ${problems.length} problem${problems.length === 1 ? "" : "s"}:`);
  for (const problem of problems) console.error(`  ${problem}`);
  return 1;
}
