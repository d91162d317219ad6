/** Model and API client configurations written with a key and a base URL on someone else's host (AutoGen's
 * `OAI_CONFIG_LIST`, Continue's `apiBase`, LiteLLM lists): every call then hands that host the key and the
 * conversation. A vendor's own API, loopback and allowed hosts pass; so does a base URL with no key beside it. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { isModelVendorHost } from "./traffic_redirects.ts";
import { matchesOf } from "../match_all.ts";

const BASE_KEY =
  /["']?\b(?:base_?url|api_?base|api_?url|openai_?api_?base|openai_?base_?url|api_?endpoint|endpoint)["']?\s*[:=]\s*["']?(https?:\/\/[^\s"'<>,}]+)/gi;
const KEY_VALUE =
  /["']?\b(?:api_?key|apikey|api_?token|access_?token|auth_?token|secret_?key)["']?\s*[:=]\s*["']?[A-Za-z0-9_\-.]{16,}/i;

export function judgeKeyedEndpoints(
  contents: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const content of contents) {
    if (content.length > 256 * 1024 || !content.includes("://")) continue;
    if (!content.includes("ey") && !content.includes("oken")) continue;
    if (!KEY_VALUE.test(content)) continue;
    for (const match of matchesOf(BASE_KEY, content)) {
      const host = readHost(match[1], environment);
      if (!host || host.allowed || host.loopback || isModelVendorHost(host.host)) continue;
      findings.escalate("network", `written client settings send an API key to "${host.host}"`);
      return;
    }
  }
}
