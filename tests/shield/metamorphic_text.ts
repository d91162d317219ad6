/** Metamorphic test of Shield on carried text: every dev case (attacks and benign; never held-out) whose action
 * carries prose (sub-agent tasks, message bodies, memory writes, MCP descriptions, fetched pages, instruction files)
 * is judged as written and under each meaning-preserving paraphrase of metamorphic_text_transforms.ts, one at a
 * time (the table and report of metamorphic.ts). `deno run -A tests/shield/metamorphic_text.ts` prints per
 * transform the attacks stopped as written and allowed when paraphrased, and the benign cases newly blocked or
 * escalated; `--show "NAME"` (or `--show all`) lists those cases. */

import type { Action } from "../../src/shield/types.ts";
import { type ActionTransform, report } from "./metamorphic.ts";
import { TEXT_TRANSFORMS, transformText } from "./metamorphic_text_transforms.ts";

/** Each text transform as a transform of the action carrying the text. */
export const TEXT_ACTION_TRANSFORMS: Record<string, ActionTransform> = Object.fromEntries(
  Object.entries(TEXT_TRANSFORMS).map(([name, transform]) => [
    name,
    (action: Action) => transformText(action, transform),
  ]),
);

if (import.meta.main) Deno.exit(await report(Deno.args, TEXT_ACTION_TRANSFORMS));
