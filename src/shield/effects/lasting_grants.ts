/** Access that outlives the task (round 21): signed or shared-access URLs and tokens made for a year or more, with
 * no expiry, or with every permission (Azure SAS `racwdl` to 2035, S3 presigned URLs past SigV4's seven days, GCS
 * signed URLs, non-expiring personal access tokens); and a deployment's settings pointed at an outside host
 * (`vercel_env_add {value: "https://...", target: ["production"]}`, Netlify and Heroku config vars), so production
 * traffic or data goes where the user did not choose. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import type { ToolWords } from "./tool_words.ts";

const GRANT_WORDS = /^(?:sas|presign|presigned|signed|signature|pat|token|tokens|credential|credentials)$/;
const EXPIRY_KEY = /expir|expires|ttl|valid|duration|lifetime|not_?after|^end$|^until$/i;
/** Seconds past which a link or token is standing access: seven days (S3's SigV4 limit). */
const MAX_SECONDS = 7 * 24 * 3600;
const MAX_DAYS = 90;
const NEVER = /^(?:never|none|no[ _-]?expir\w*|infinite|unlimited|permanent|0)$/i;
const PERMISSION_KEY = /perm|scope|access|rights|privilege/i;
/** Azure SAS letters with both write and delete, or words for every permission. */
const EVERY_PERMISSION =
  /^(?=[racwdxltmeopif]*w)(?=[racwdxltmeopif]*d)[racwdxltmeopif]{4,}$|^(?:all|full|\*|admin|owner|full_?control)$/i;
const WIDE_SCOPE = /^(?:admin:\w+|delete_repo|write:org|\*|all|full)$/i;

function lasting(key: string, value: unknown): boolean {
  if (typeof value === "number") {
    const seconds = /min/i.test(key)
      ? value * 60
      : /hour/i.test(key)
      ? value * 3600
      : /day/i.test(key)
      ? value * 86400
      : value;
    return seconds > MAX_SECONDS;
  }
  if (typeof value !== "string" || value.length > 64) return false;
  if (NEVER.test(value.trim())) return true;
  if (!/^\d{4}-\d\d-\d\d/.test(value)) return false;
  const at = Date.parse(value);
  return Number.isFinite(at) && at - Date.now() > MAX_DAYS * 86400 * 1000;
}

function wide(value: unknown): boolean {
  if (typeof value === "string") return EVERY_PERMISSION.test(value.trim());
  return Array.isArray(value) &&
    value.slice(0, 32).some((item) => typeof item === "string" && WIDE_SCOPE.test(item.trim()));
}

export function judgeLastingGrants(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!words.words.some((word) => GRANT_WORDS.test(word))) return;
  if (!words.verbs.has("write") && !words.verbs.has("grant")) return;
  for (const [key, value] of Object.entries(payload)) {
    if (EXPIRY_KEY.test(key) && lasting(key, value)) {
      findings.escalate(
        "access",
        `"${tool}" makes access that lasts ("${key}: ${String(value).slice(0, 40)}")`,
      );
      return;
    }
    if (PERMISSION_KEY.test(key) && wide(value)) {
      findings.escalate("access", `"${tool}" makes access with every permission ("${key}")`);
      return;
    }
  }
}

const SETTING_WORDS =
  /^(?:env|envs|environment|variable|variables|var|vars|config|configs|setting|settings)$/;
const PRODUCTION = /^(?:prod|production|live)$/i;
const URL_VALUE = /^(?:https?|wss?|postgres(?:ql)?|mysql|redis|amqps?|mongodb(?:\+srv)?):\/\/\S+$/i;

/** Whether any value (or list item) names production. */
function forProduction(payload: Record<string, unknown>): boolean {
  return Object.entries(payload).some(([key, value]) =>
    PRODUCTION.test(key) ||
    (typeof value === "string" && PRODUCTION.test(value)) ||
    (Array.isArray(value) && value.some((item) => typeof item === "string" && PRODUCTION.test(item)))
  );
}

function urlValues(value: unknown, into: string[], depth = 0): string[] {
  if (into.length >= 16 || depth > 3) return into;
  if (typeof value === "string") {
    if (value.length < 2048 && URL_VALUE.test(value.trim())) into.push(value.trim());
  } else if (value && typeof value === "object") {
    for (const inner of Object.values(value).slice(0, 32)) urlValues(inner, into, depth + 1);
  }
  return into;
}

export function judgeOutsideSettings(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!words.verbs.has("write") || !words.words.some((word) => SETTING_WORDS.test(word))) return;
  if (!forProduction(payload)) return;
  for (const url of urlValues(payload, [])) {
    const host = readHost(url, environment);
    if (host && !host.allowed && !host.loopback) {
      findings.escalate("network", `"${tool}" points production settings at "${host.host}"`);
      return;
    }
  }
}
