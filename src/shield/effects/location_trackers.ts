/** People tracked by automations (round 88): a standing automation whose trigger is where someone is -- a location
 * or geofence entered or left, a zone, a device tracker or person's presence, an arrival -- and whose action sends
 * to a phone number, an e-mail address or a web address (IFTTT applets, Zapier zaps, Home Assistant automations
 * in a tool's payload or written to `automations.yaml`, iOS Shortcuts, Tasker profiles); and live location shared
 * with a new person (Life360 circles, Find My, Google Maps location sharing) by a tool named for it. Each movement
 * of the user (or a family member) then reaches someone else: the stalkerware pattern. What passes: a location
 * trigger that switches the user's own lights or sends the user's own notification (`Send me an SMS` with no number),
 * reading a circle's members, an automation with no location trigger. ESCALATE.
 * Sources: IFTTT Location, SMS and Webhooks services; Zapier; Home Assistant zone, state and notify docs; Apple
 * Shortcuts personal automations; Tasker Location context; Life360 and Google Maps location-sharing help; the
 * Coalition Against Stalkerware's definition and NNEDV Safety Net guidance on location tracking. */

import type { Findings } from "./findings.ts";

/** A trigger that fires on where someone is. */
const WHEREABOUTS =
  /\b(?:location|geo-?fenc\w*|zone|device_tracker|person\.\w+|presence|not_home|arriv(?:e|es|al|ing)|(?:enter|exit|leave)s?\s*(?:an?\s*)?(?:area|region|place)|(?:you\s+)?(?:enter|exit|leave|left)\s+(?:home|work)|left\s+home)\b/i;
const AUTOMATION_WORD =
  /^(?:applet|applets|automation|automations|zap|zaps|recipe|recipes|profile|profiles|rule|rules|trigger|triggers|shortcut|shortcuts|flow|flows|routine|routines|workflow|workflows|ifttt|zapier|tasker)$/;
const SHARE_WORD = /^(?:share|sharing|add|invite|member|members)$/;
const LOCATION_TOOL = /^(?:location|locations|life360|findmy|circle|circles|whereabouts)$/;
const TRIGGER_KEY = /trigger|^context$|^when$|^if$/i;
const RECIPIENT =
  /\+\d[\d\s().-]{6,}\d|\b\d{3}[\s.-]\d{3}[\s.-]\d{4}\b|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?:\/\/[^\s"'{}]+/;
/** Where an automation's actions start, as YAML (`action:`, `- service:`) or JSON (`"action": [`). */
const ACTION_START = /(?:\n\s*-?\s*|["'])(?:actions?|service|sequence|then)["']?\s*:/;

/** The trigger text and the rest of an automation payload. */
function split(payload: Record<string, unknown>): { trigger: string; rest: string } {
  let trigger = "";
  let rest = "";
  for (const [key, value] of Object.entries(payload)) {
    const text = typeof value === "string" ? value : JSON.stringify(value) ?? "";
    if (TRIGGER_KEY.test(key)) trigger += ` ${text}`;
    else rest += ` ${text}`;
  }
  return { trigger: trigger.slice(0, 16 * 1024), rest: rest.slice(0, 16 * 1024) };
}

export function judgeLocationTrackers(
  tool: string,
  toolWords: readonly string[],
  payload: Record<string, unknown>,
  contents: readonly string[],
  findings: Findings,
): void {
  const flag = (to: string) =>
    findings.escalate("persistence", `"${tool}" reports where someone is to "${to}" each time they move`);
  if (toolWords.some((word) => LOCATION_TOOL.test(word)) && toolWords.some((word) => SHARE_WORD.test(word))) {
    const to = RECIPIENT.exec(JSON.stringify(payload).slice(0, 16 * 1024))?.[0];
    if (to) {
      findings.escalate("access", `"${tool}" shares live location with "${to}"`);
      return;
    }
  }
  const automation = toolWords.some((word) => AUTOMATION_WORD.test(word)) ||
    Object.keys(payload).some((key) => TRIGGER_KEY.test(key));
  if (automation) {
    const { trigger, rest } = split(payload);
    const to = WHEREABOUTS.test(trigger) ? RECIPIENT.exec(rest)?.[0] : undefined;
    if (to) return flag(to);
  }
  // An automation written as text (Home Assistant `automations.yaml`, a blueprint, a JSON body sent by `curl` to its
  // API): trigger first, then actions.
  for (const text of contents.slice(0, 8)) {
    if (text.length > 64 * 1024 || !text.includes("trigger")) continue;
    const action = ACTION_START.exec(text);
    if (!action || !WHEREABOUTS.test(text.slice(0, action.index))) continue;
    const to = RECIPIENT.exec(text.slice(action.index))?.[0];
    if (to) return flag(to);
  }
}
