/** Metamorphic test of Shield on command lines: every dev case (attacks and benign; never held-out) whose action
 * runs a bash line is judged as written and under each meaning-preserving shell transform of
 * metamorphic_shell_transforms.ts, one at a time (the table and report of metamorphic.ts).
 * `deno run -A tests/shield/metamorphic_shell.ts` prints per transform the attacks stopped as written and allowed
 * when transformed, and the benign cases newly blocked or escalated; `--show "NAME"` (or `--show all`) lists those
 * cases (dev ids, the transformed line, the new reason). */

import type { Action } from "../../src/shield/types.ts";
import { type ActionTransform, report } from "./metamorphic.ts";
import { SHELL_TRANSFORMS, transformAction } from "./metamorphic_shell_transforms.ts";

/** Each line transform as a transform of the action carrying the line. */
const ACTION_TRANSFORMS: Record<string, ActionTransform> = Object.fromEntries(
  Object.entries(SHELL_TRANSFORMS).map(([name, transform]) => [
    name,
    (action: Action) => transformAction(action, transform),
  ]),
);

const commandOf = (action: Action) =>
  JSON.stringify(action.payload.command ?? action.payload.cmd).slice(0, 300);

if (import.meta.main) Deno.exit(await report(Deno.args, ACTION_TRANSFORMS, commandOf));
