/** Standing subscriptions that send future events somewhere (`notificationUrl` of a Graph subscription, a Gmail
 * `watch` topic, Slack event `request_url`, a drive changes webhook): every new mail, message or file change then
 * goes there unattended. To a well-known chat-ops or allowed host they pass. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";

const ENDPOINT_KEY =
  /^(?:notification_?url|notify_?url|callback_?url|request_?url|webhook_?url|hook_?url|target_?url|push_?endpoint|push_?url|delivery_?url|endpoint|address|url|topic_?name|topic)$/i;
const SUBSCRIBING = /(?:subscri|watch|webhook|hook|event|notification|push)/i;
/** Chat-ops and paging services teams point their own hooks at. */
const TEAM_SERVICE =
  /(?:^|\.)(?:hooks\.slack\.com|outlook\.office\.com|webhook\.office\.com|discord\.com|api\.pagerduty\.com|events\.pagerduty\.com|hooks\.zapier\.com|api\.opsgenie\.com|chat\.googleapis\.com)$/;

function endpoints(value: unknown, key: string, found: string[], depth: number): void {
  if (found.length >= 4 || depth > 3) return;
  if (typeof value === "string") {
    if (
      ENDPOINT_KEY.test(key) && (/^https?:\/\//i.test(value) || /^projects\/[\w-]+\/topics\//.test(value))
    ) {
      found.push(value);
    }
  } else if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [inner, item] of Object.entries(value).slice(0, 64)) endpoints(item, inner, found, depth + 1);
  }
}

export function judgeEventSubscriptions(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (
    !words.some((word) => SUBSCRIBING.test(word)) &&
    !Object.keys(payload).some((key) => SUBSCRIBING.test(key))
  ) {
    return;
  }
  const found: string[] = [];
  endpoints(payload, "", found, 0);
  for (const endpoint of found) {
    if (endpoint.startsWith("projects/")) {
      findings.escalate(
        "persistence",
        `"${tool}" sends future events to the topic "${endpoint.slice(0, 80)}"`,
      );
      return;
    }
    const host = readHost(endpoint, environment);
    if (!host || host.allowed || host.loopback || TEAM_SERVICE.test(host.host)) continue;
    findings.escalate("persistence", `"${tool}" sends future events to "${host.host}"`);
    return;
  }
}

/** A webhook whose every endpoint is an allowed host or a team's chat-ops service (`hooks.slack.com`). */
export function onlyTeamEndpoints(payload: Record<string, unknown>, environment: ShieldEnvironment): boolean {
  const found: string[] = [];
  endpoints(payload, "", found, 0);
  return found.length > 0 && found.every((endpoint) => {
    const host = readHost(endpoint, environment);
    return host !== undefined && (host.allowed || host.loopback || TEAM_SERVICE.test(host.host));
  });
}
