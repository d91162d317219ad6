/** Round 7's checks of open-world tools, called once from the effect profile: files written into a hosted
 * repository judged as the files they are (a workflow through `mcp__github__create_or_update_file` runs in CI as
 * one written here would), DNS records pointed at a host that is not allowed (mail and traffic for the domain go
 * there), and standing automations built from a trigger and an action (`zapier_create_zap`, IFTTT, Make). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { judgeConfigWrites } from "./config_files.ts";
import { judgeWrittenFiles } from "./written_file_checks.ts";
import { readHost } from "./hosts.ts";

const FORGE_KEYS = /^(?:repo|repository|repo_name|project|project_id|owner)$/i;
/** Path and content keys of forges' file tools, with other vocabularies' words for them (round 9). */
const PATH_KEYS = /^(?:path|file_path|filepath|filename|file|file_name|target_file)$/i;
const CONTENT_KEYS = /^(?:content|contents|file_content|text|body|data|file_text)$/i;
const DNS_WORDS = new Set([
  "dns",
  "record",
  "records",
  "zone",
  "mx",
  "cname",
  "nameserver",
  "nameservers",
  "ns",
]);
const ROUTING_TYPES = /^(?:MX|CNAME|NS|A|AAAA|ALIAS|SRV|TXT)$/i;
const HOST_VALUE = /^(?:[a-z0-9-]+\.)+[a-z]{2,}\.?$|^\d{1,3}(?:\.\d{1,3}){3}$/i;

/** The repository path and content a forge's file tool writes, when the call names a repository. */
function forgeWrite(payload: Record<string, unknown>): { path: string; content: string } | undefined {
  let path: string | undefined;
  let content: string | undefined;
  let forge = false;
  for (const [key, value] of Object.entries(payload)) {
    if (FORGE_KEYS.test(key)) forge = true;
    if (typeof value !== "string") continue;
    if (PATH_KEYS.test(key)) path ??= value;
    else if (CONTENT_KEYS.test(key)) content ??= value;
  }
  return forge && path && content !== undefined && path.length < 512 ? { path, content } : undefined;
}

/** A DNS change pointing a routing record at a host that is neither allowed nor loopback. */
function routesAway(
  words: readonly string[],
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
): string | undefined {
  if (!words.some((word) => DNS_WORDS.has(word))) return undefined;
  const type = [payload.type, payload.record_type, payload.recordType].find((value) =>
    typeof value === "string"
  );
  if (typeof type === "string" && !ROUTING_TYPES.test(type)) return undefined;
  for (const key of ["value", "content", "data", "target", "host", "points_to", "rrdatas", "records"]) {
    const values = Array.isArray(payload[key]) ? payload[key] as unknown[] : [payload[key]];
    for (const value of values) {
      if (typeof value !== "string" || !HOST_VALUE.test(value.trim())) continue;
      const host = readHost(`https://${value.trim().replace(/\.$/, "")}`, environment);
      if (host && !host.allowed && !host.loopback) return host.host;
    }
  }
  return undefined;
}

export function judgeOpenWorldRound7(
  tool: string,
  reading: OpenWorldReading,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const verbs = reading.words.verbs;
  const changes = verbs.has("write") || verbs.has("delete") || verbs.has("send");
  if (!changes) return;
  const written = forgeWrite(payload);
  if (written) {
    const path = `${environment.workspace}/${written.path.replace(/^\/+/, "")}`;
    judgeConfigWrites([path], [written.content], environment, findings);
    judgeWrittenFiles(tool, [path], [written.content], undefined, environment, findings);
  }
  const routed = routesAway(reading.words.words, payload, environment);
  if (routed) findings.escalate("network", `"${tool}" points a DNS record at "${routed}"`);
  if (
    isObject(payload.trigger) && isObject(payload.action ?? payload.actions) &&
    !ownComfortAction(payload.action ?? payload.actions)
  ) {
    findings.escalate("persistence", `"${tool}" sets up a standing automation (a trigger and an action)`);
  }
}

/** Round 88: an action that only dims, switches or colours the user's own lights, scenes or fans (`light.turn_off`,
 * a Hue scene): no person, address, code or door, lock, alarm or camera in it. A standing automation of that kind is
 * the home's ordinary comfort set-up; anything else still asks. */
const COMFORT_ACTION = /\b(?:lights?|lamps?|hue|philips_hue|scenes?|fans?|brightness|dim|colou?r)\b/i;
const NOT_COMFORT =
  /@|https?:|\+?\d{7,}|\b(?:locks?|unlock\w*|doors?|garage|alarms?|arm|disarm\w*|cameras?|sirens?|security|valves?|gates?|oven|stove|heater|notify|sms|email|mail|message|webhooks?|script|shell|command|code|run|post|http)\b/i;

export function ownComfortAction(action: unknown): boolean {
  if (action === undefined || action === null) return false;
  const text = (JSON.stringify(action) ?? "").replace(/_/g, " ");
  return text.length < 2048 && COMFORT_ACTION.test(text) && !NOT_COMFORT.test(text);
}

function isObject(value: unknown): boolean {
  return typeof value === "object" && value !== null;
}
