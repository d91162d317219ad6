/** Where the user is, sent to someone: a tool that sends or shares and is handed coordinates (`latitude`,
 * `longitude`, `live_period`) or names a location in its own name (`share_live_location`). Weather and map
 * lookups read coordinates and pass. */

import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";

const COORDINATE_KEY = /^(?:lat|latitude|lng|lon|long|longitude|coordinates|live_?period|geo_?point)$/i;

function hasCoordinates(payload: Record<string, unknown>, depth = 0): boolean {
  for (const [key, value] of Object.entries(payload).slice(0, 64)) {
    if (COORDINATE_KEY.test(key)) return true;
    if (depth < 2 && value && typeof value === "object" && !Array.isArray(value)) {
      if (hasCoordinates(value as Record<string, unknown>, depth + 1)) return true;
    }
  }
  return false;
}

export function judgeSharedPlaces(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  sends: boolean,
  findings: Findings,
): void {
  const sharing = sends || words.verbs.has("send") || words.verbs.has("grant");
  if (!sharing) return;
  const named = words.words.some((word) =>
    /^(?:location|locations|position|whereabouts|geolocation)$/.test(word)
  );
  if (!named && !hasCoordinates(payload)) return;
  findings.escalate("message", `"${tool}" shares a location`);
}
