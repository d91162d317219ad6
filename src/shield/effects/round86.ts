/** Round 86's check, called once from the effect profile: devices switched off, unlocked or disarmed through their own
 * HTTP API (`device_urls.ts`), read on the action's request URLs and the URLs of its command lines, gated by a
 * literal test of the device API paths before anything else is read. Round 86's other readings sit where they are
 * read: calendars emptied by scripting bridges, admin shells and API loops (`scripted_bulk_deletes.ts`), and files
 * handed to a colleague or client as routine work (`work_hand_offs.ts`, read by `egress_effects.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { DEVICE_URL_GATE, judgeDeviceUrls } from "./device_urls.ts";
import { commandNeeds, URLS } from "./round_plan.ts";

const URL_IN_COMMAND = /https?:\/\/[^\s'"`<>|;)]+/gi;

/** What the round reads of a lone command line (speed round 38): the view's request URLs, and shell texts the device
 * gate passes (the URLs of a line are read only from such a text). */
export const ON_COMMAND = commandNeeds({ words: [DEVICE_URL_GATE], facts: URLS });

export function judgeRound86(view: ActionView, findings: Findings): void {
  const shell = view.texts.get("shell") ?? [];
  const urls = view.urls.filter((url) => DEVICE_URL_GATE.test(url));
  for (const text of shell.slice(0, 8)) {
    if (text.length > 16 * 1024 || !text.includes("://") || !DEVICE_URL_GATE.test(text)) continue;
    for (const url of text.match(URL_IN_COMMAND) ?? []) if (DEVICE_URL_GATE.test(url)) urls.push(url);
  }
  if (urls.length === 0) return;
  // The payload as JSON (a body object's `"on": false` is read as sent), its escapes undone.
  const payload = JSON.stringify(view.calledPayload).slice(0, 16 * 1024).replace(/\\"/g, '"').replace(
    /\\[nrt]/g,
    " ",
  );
  judgeDeviceUrls(view.tool, [...new Set(urls)], [payload, ...shell.slice(0, 8)], findings);
}
