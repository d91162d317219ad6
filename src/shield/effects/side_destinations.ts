/** Destinations hidden in a side argument of a tool whose purpose is not sending (`translate_text {callback_url}`,
 * `search_files {and_send_to}`, `create_file {share_with}`): the tool's results go there, so a host that is
 * neither allowed nor this machine, or an address that is not a known contact, escalates (full-schema poisoning:
 * the tool's work is ordinary, the harm is where an extra argument sends it). */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { isContact } from "./messaging.ts";
import { identifierWords } from "./words.ts";

/** Key words that make an argument a place results are delivered to, not something the tool works on. */
const DESTINATION_WORDS = new Set([
  "callback",
  "webhook",
  "hook",
  "notify",
  "send",
  "post",
  "forward",
  "report",
  "deliver",
  "delivery",
  "upload",
  "export",
  "sink",
  "relay",
  "destination",
  "dest",
  "to",
  "cc",
  "bcc",
  "mirror",
  "beacon",
  "share",
  "shared",
]);
const URL_VALUE = /^(?:https?|wss?|ftp):\/\/\S+$/i;
const EMAIL_VALUE = /^[^\s@<>]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;
const MAX_VISITS = 64;

/** Per key name, whether its words name a destination (asked for every key of every action: remembered, bounded). */
const destinationKeys = new Map<string, boolean>();
const MAX_KEYS = 4096;

function destinationKey(key: string, parentDestination: boolean): boolean {
  if (parentDestination) return true;
  let named = destinationKeys.get(key);
  if (named === undefined) {
    named = identifierWords(key).some((word) => DESTINATION_WORDS.has(word));
    if (destinationKeys.size >= MAX_KEYS) destinationKeys.clear();
    destinationKeys.set(key, named);
  }
  return named;
}

/** Outside hosts and addresses under destination-like keys (depth 3, bounded). */
export function sideDestinations(
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
): string[] {
  const found: string[] = [];
  let visits = 0;
  const visit = (key: string, value: unknown, destination: boolean, depth: number) => {
    if (depth > 3 || visits++ > MAX_VISITS || found.length > 0) return;
    const here = destinationKey(key, destination);
    if (typeof value === "string") {
      if (!here || value.length > 2048) return;
      const text = value.trim();
      if (URL_VALUE.test(text)) {
        const host = readHost(text, environment);
        if (host && !host.allowed && !host.loopback) found.push(host.host);
      } else if (EMAIL_VALUE.test(text) && !isContact(text, environment)) {
        found.push(text);
      }
    } else if (Array.isArray(value)) {
      for (const item of value.slice(0, 16)) visit(key, item, here, depth + 1);
    } else if (value && typeof value === "object") {
      for (const [inner, innerValue] of Object.entries(value).slice(0, 16)) {
        visit(inner, innerValue, here, depth + 1);
      }
    }
  };
  for (const [key, value] of Object.entries(payload).slice(0, 32)) visit(key, value, false, 0);
  return found;
}

/** For open-world tools that do not send: results routed to an outside destination escalate. */
export function judgeSideDestinations(
  tool: string,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const [destination] = sideDestinations(payload, environment);
  if (destination) {
    findings.escalate("network", `"${tool}" routes its results to "${destination}" through a side argument`);
  }
}
