/** How many texts, segments and derived variants an action's view holds, and how many repeat (same string): `deno
 * run -A bench/shield_duplicates.ts` prints, per set (corpus, dev, real work), totals and per-action p50 / p90 /
 * max of each count and its distinct count. A diagnostic run by hand (not by `deno task bench`). */

import { buildActionView } from "../src/shield/action_view.ts";
import { resolveEnvironment } from "../src/shield/environment.ts";
import type { Action } from "../src/shield/types.ts";
import type { Segment } from "../src/shield/shell_parser.ts";
import { loadCorpus, loadDev, loadRealWork } from "./shield_actions.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";
const environment = resolveEnvironment({ workspace: WORKSPACE, home: HOME });

interface Counts {
  texts: number;
  distinctTexts: number;
  segments: number;
  distinctSegmentTexts: number;
  distinctSegments: number;
  variants: number;
}

function countsOf(action: Action): Counts {
  const view = buildActionView(action, WORKSPACE, HOME, environment.shellHome);
  const all = [...view.texts.values()].flat();
  return {
    texts: all.length,
    distinctTexts: new Set(all.map((text) => text.toLowerCase())).size,
    segments: view.segments.length,
    distinctSegmentTexts: new Set(view.segments.map((segment) => segment.text)).size,
    distinctSegments: new Set(view.segments.map(segmentKey)).size,
    // Texts beyond the first of their kind: decoded, unwrapped, rebuilt or respelled forms.
    variants: [...view.texts.values()].reduce((sum, list) => sum + Math.max(0, list.length - 1), 0),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

function report(label: string, actions: Action[]): void {
  const counts = actions.map(countsOf);
  console.log(`${label}: ${actions.length} actions`);
  const keys = Object.keys(counts[0]) as (keyof Counts)[];
  console.log("| count | total | p50 | p90 | p99 | max |");
  for (const key of keys) {
    const values = counts.map((count) => count[key]).sort((a, b) => a - b);
    const total = values.reduce((sum, value) => sum + value, 0);
    console.log(
      `| ${key} | ${total} | ${percentile(values, 0.5)} | ${percentile(values, 0.9)} | ${
        percentile(values, 0.99)
      } | ${values[values.length - 1]} |`,
    );
  }
  const repeated = counts.filter((count) => count.distinctSegments < count.segments).length;
  const worst = counts.map((count, index) => ({ count, index }))
    .sort((a, b) =>
      (b.count.segments - b.count.distinctSegments) - (a.count.segments - a.count.distinctSegments)
    )
    .slice(0, 3).map(({ count }) => `${count.segments} → ${count.distinctSegments}`);
  console.log(`actions with a repeated segment: ${repeated}; most repeats: ${worst.join(", ")}\n`);
}

report("corpus", await loadCorpus());
report("dev", await loadDev());
const realWork = await loadRealWork();
if (realWork.length > 0) report("real-work", realWork);

/** A string equal for two segments exactly when no field a check can read differs (argv, redirects, depth, the
 * operator before it, privilege, program, text). */
function segmentKey(segment: Segment): string {
  const words = segment.argv.join("\u0000");
  const redirects = segment.redirects.map((redirect) => `${redirect.op}\u0000${redirect.target}`).join(
    "\u0001",
  );
  return [
    segment.depth,
    segment.joinedBy,
    segment.privileged === true,
    words,
    redirects,
    segment.program,
    segment.text,
  ]
    .join("\u0002");
}
