/** The view of the median short shell command, part by part: `deno run -A bench/shield_view_split.ts [ROUNDS]` picks
 * the corpus and real-work `execute_command` actions between the 30th and 70th percentile (as shield_median.ts), and
 * times, with another action judged before the parts and before the whole view, on a new action object each time,
 * the parts of
 * `buildActionView` for a command: the call made plain (`plainCall`), the payload fields, the shell parse, the
 * decoded variants, the shell respellings, the segments' paths and URLs (`addShell`, parse remembered), and the
 * whole view; p50 of each action's cheapest run, µs. Run by hand (round 15). */

import type { Action } from "../src/shield/types.ts";
import { timeStages } from "./shield_stage_timer.ts";
import { loadCorpus, loadRealWork } from "./shield_actions.ts";
import { plainCall } from "../src/shield/action_shape.ts";
import { payloadFields } from "../src/shield/payload_fields.ts";
import { parseShell } from "../src/shield/shell_parser.ts";
import { cleanPrefix, textVariants } from "../src/shield/normalize.ts";
import { addShell, shellVariants, startView } from "../src/shield/view_shell.ts";
import { buildActionView } from "../src/shield/action_view.ts";
import { normalizePath } from "../src/shield/paths.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";
const PARTS = ["plain call", "fields", "parse", "variants", "respellings", "paths", "whole view"];
const rounds = Number(Deno.args[0] ?? 20);
const whole = (action: Action) => timeStages(action).reduce((sum, value) => sum + value, 0);

function median(actions: Action[]): Action[] {
  const cheapest = actions.map(() => Infinity);
  for (let round = 0; round < 4; round++) {
    actions.forEach((action, index) => cheapest[index] = Math.min(cheapest[index], whole(action)));
  }
  const sorted = [...cheapest].sort((a, b) => a - b);
  const [low, high] = [sorted[Math.floor(sorted.length * 0.3)], sorted[Math.floor(sorted.length * 0.7)]];
  return actions.filter((action, index) =>
    action.type === "execute_command" && cheapest[index] >= low && cheapest[index] <= high
  );
}

/** A view being built, as buildActionView makes it, with the one command's parse remembered. */
function building(payload: Record<string, unknown>, raw: string, parsed: ReturnType<typeof parseShell>) {
  const view = startView(
    { type: "execute_command", tool: "execute_command", calledPayload: payload, payload },
    {
      shellHome: WORKSPACE,
      workspaceRoot: WORKSPACE,
      normal: (path) => normalizePath(path, WORKSPACE, HOME),
      parse: (text) => text === raw ? parsed : parseShell(text),
    },
  );
  return view;
}

/** One action's parts, µs (in the order of PARTS). */
function timeParts(text: string, other: string): number[] {
  const action = JSON.parse(text) as Action;
  timeStages(JSON.parse(other)); // another action in between: cold
  const t0 = performance.now();
  const plain = plainCall(action);
  const t1 = performance.now();
  const fields = payloadFields(plain.action);
  const t2 = performance.now();
  const raw = cleanPrefix(fields.find((field) => field.kind === "shell")?.value ?? "");
  const parsed = parseShell(raw);
  const t3 = performance.now();
  const variants = textVariants(parsed.withoutBodies ?? raw);
  const t4 = performance.now();
  const extra = shellVariants(variants);
  const t5 = performance.now();
  addShell(building(plain.action.payload, raw, parsed), [...variants, ...extra]);
  const t6 = performance.now();
  timeStages(JSON.parse(other));
  const fresh = JSON.parse(text) as Action;
  const t7 = performance.now();
  buildActionView(fresh, WORKSPACE, HOME, WORKSPACE);
  const t8 = performance.now();
  return [t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t6 - t5, t8 - t7].map((ms) => ms * 1000);
}

const picked = [...median(await loadCorpus()), ...median(await loadRealWork())].map((action) =>
  JSON.stringify(action)
);
const cheapest = picked.map(() => PARTS.map(() => Infinity));
for (let round = 0; round < rounds; round++) {
  picked.forEach((text, index) => {
    const other = picked[(index * 7 + round + 1) % picked.length];
    timeParts(text, other).forEach((value, part) => {
      cheapest[index][part] = Math.min(cheapest[index][part], value);
    });
  });
}
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `${picked.length} median shell actions, cheapest of ${rounds} cold rounds, new action objects, p50 µs: ` +
    PARTS.map((name, part) => `${name} ${p50(cheapest.map((values) => values[part])).toFixed(2)}`).join(", "),
);
