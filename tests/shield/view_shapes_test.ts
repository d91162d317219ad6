/** Views, their segments and their paths each have one shape (speed round 23): every field is set where the object
 * is made, in one order, so the checks that read them meet one hidden class instead of several (a property added
 * to some objects later, `segment.privileged = true` or a path without `relative`, made a second one). */

import assert from "node:assert/strict";
import { buildActionView } from "../../src/shield/action_view.ts";
import { sampleActions } from "./corpus_texts.ts";
import type { Action } from "../../src/shield/types.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";

/** The distinct key lists (in order) of `objects`. */
function shapes(objects: Iterable<object>): string[] {
  const found = new Set<string>();
  for (const object of objects) found.add(Object.keys(object).join(","));
  return [...found];
}

/** A sub-agent prompt long enough to be read as prose (its segments picked out of it). */
const PROMPT: Action = {
  type: "Task",
  payload: {
    description: "Tidy the build",
    prompt: "Look through the build scripts and tell me which steps are slow. ".repeat(6) +
      "\n- run `npm run build` and time it\n- then check ~/project/scripts/build.sh for repeated work\n",
  },
};

Deno.test("every view, segment and path of the corpus has one shape", () => {
  const views = [...sampleActions(), PROMPT].map((action) => buildActionView(action, WORKSPACE, HOME));
  assert.ok(views.length > 1_000, `${views.length} views`);
  const segments = views.flatMap((view) => view.segments);
  const paths = views.flatMap((view) => [...view.paths, ...view.writePaths]);
  // Both kinds of each were met: root and not, inside the workspace and outside, prose segments and not.
  assert.ok(
    segments.some((segment) => segment.privileged) && segments.some((segment) => !segment.privileged),
  );
  assert.ok(paths.some((path) => path.relative) && paths.some((path) => path.relative === undefined));
  assert.ok(views.some((view) => view.proseSegments) && views.some((view) => !view.proseSegments));
  assert.equal(shapes(views).length, 1, shapes(views).join("\n"));
  assert.equal(shapes(segments).length, 1, shapes(segments).join("\n"));
  assert.equal(shapes(paths).length, 1, shapes(paths).join("\n"));
});
