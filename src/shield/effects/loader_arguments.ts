/** A model or data loader told by its arguments to run what it loads (round 61): `trust_remote_code: true` (the
 * repository's Python runs on load), `weights_only: false` (torch unpickles the file), `allow_pickle: true` (numpy
 * does), `unsafe_load`/`safe_mode: false` (Keras lambdas) -- a tool's arguments, as code's keywords already are
 * (`code_effects.ts`, `unsafe_loads.ts`). ESCALATE: a pickle from a repository nobody vetted is code (JFrog 2024
 * found models on Hugging Face whose pickles opened shells, e.g. baller423/goober2). The same loader without those
 * arguments passes. Sources: Hugging Face `trust_remote_code` docs; PyTorch `torch.load` security notes; NumPy
 * `load` docs; Keras `safe_mode`; JFrog, "Data Scientists Targeted by Malicious Hugging Face ML Models" (2024). */

import type { Findings } from "./findings.ts";

const ON = (value: unknown) => value === true || value === "true" || value === "True" || value === 1;
const OFF = (value: unknown) => value === false || value === "false" || value === "False" || value === 0;

/** Which argument turns code running on, if any (its name), one level deep. */
function runningArgument(payload: Record<string, unknown>, depth = 0): string | undefined {
  for (const [key, value] of Object.entries(payload).slice(0, 48)) {
    const name = key.toLowerCase().replace(/-/g, "_");
    if ((name === "trust_remote_code" || name === "allow_pickle" || name === "unsafe_load") && ON(value)) {
      return key;
    }
    if ((name === "weights_only" || name === "safe_mode") && OFF(value)) return key;
    if (depth === 0 && value && typeof value === "object" && !Array.isArray(value)) {
      const inner = runningArgument(value as Record<string, unknown>, 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

export function judgeLoaderArguments(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const key = runningArgument(payload);
  if (key) findings.escalate("exec", `"${tool}" loads with "${key}" set so that what it loads runs as code`);
}
