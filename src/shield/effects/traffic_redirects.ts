/** Settings that send an API's or every request's traffic through someone else's host: a vendor's base URL
 * pointed away from the vendor (`ANTHROPIC_BASE_URL=https://api.anthropic-proxy.dev` receives the API key with
 * every call, CVE-2025-59536), and proxies (`HTTPS_PROXY=`, `git config http.proxy`, `npm config set proxy`) on
 * hosts that are neither loopback nor allowed. Written files and shell commands alike. */

import { gated } from "./gate.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";

const SETTING = gated(
  /["']?\b([A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*(?:BASE_URL|API_BASE|API_URL|API_HOST|ENDPOINT)|HTTPS?_PROXY|ALL_PROXY|https?_proxy|all_proxy)["']?\s*[=:]\s*["']?(https?:\/\/[^\s"'<>,}]+)/g,
);
const CLI_PROXY = gated(
  /\b(?:git\s+config\s+(?:--\w+\s+)*(?:https?\.(?:[^\s]+\.)?proxy)|npm\s+config\s+set\s+(?:https-)?proxy|pip[0-9.]*\s+config\s+set\s+global\.proxy|yarn\s+config\s+set\s+(?:https?P|p)roxy)\s+["']?(https?:\/\/[^\s"']+)/gi,
);
/** `git config url.NEW.insteadOf OLD` and `[url "NEW"] insteadOf = OLD`: every fetch of OLD goes to NEW. */
const INSTEAD_OF = gated(
  /\burl\.["']?([^\s"']+?)["']?\.insteadof\s+["']?(\S+?)["']?(?:\s|$)|\[url\s+"([^"]+)"\]\s*\n\s*insteadof\s*=\s*(\S+)/gi,
);

/** Vendors whose clients send their key to the base URL, and the domains that are theirs. */
const VENDOR_DOMAINS: Array<[RegExp, RegExp]> = [
  [/^ANTHROPIC_/, /(?:^|\.)anthropic\.com$/],
  [/^(?:OPENAI|AZURE_OPENAI)_/, /(?:^|\.)(?:openai\.com|openai\.azure\.com)$/],
  [/^(?:GEMINI|GOOGLE|VERTEX)_/, /(?:^|\.)(?:googleapis\.com|google\.com)$/],
  [/^MISTRAL_/, /(?:^|\.)mistral\.ai$/],
  [/^GROQ_/, /(?:^|\.)groq\.com$/],
  [/^COHERE_/, /(?:^|\.)cohere\.(?:ai|com)$/],
  [/^DEEPSEEK_/, /(?:^|\.)deepseek\.com$/],
  [/^OPENROUTER_/, /(?:^|\.)openrouter\.ai$/],
  [/^(?:HF|HUGGINGFACE)_/, /(?:^|\.)(?:huggingface\.co|hf\.co)$/],
  [/^(?:GITHUB|GH)_/, /(?:^|\.)github\.com$/],
];

const MODEL_VENDOR_HOSTS =
  /(?:^|\.)(?:api\.openai\.com|openai\.azure\.com|api\.anthropic\.com|generativelanguage\.googleapis\.com|aiplatform\.googleapis\.com|api\.mistral\.ai|api\.groq\.com|api\.cohere\.(?:ai|com)|api\.deepseek\.com|openrouter\.ai|api\.together\.xyz|api-inference\.huggingface\.co)$/;

/** A well-known model vendor's own API host (where an agent's model calls go anyway). */
export function isModelVendorHost(host: string): boolean {
  return MODEL_VENDOR_HOSTS.test(host.toLowerCase());
}

function redirected(name: string, url: string, environment: ShieldEnvironment): string | undefined {
  const host = readHost(url, environment);
  if (!host || host.loopback) return undefined;
  if (/proxy/i.test(name)) return host.allowed ? undefined : host.host;
  const vendor = VENDOR_DOMAINS.find(([prefix]) => prefix.test(name));
  return vendor && !vendor[1].test(host.host) ? host.host : undefined;
}

/** Whether judgeTrafficRedirects looks at a text (one holding a URL). */
export function redirectsText(text: string): boolean {
  return text.length <= 256 * 1024 && text.includes("://");
}

export function judgeTrafficRedirects(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const text of texts.slice(0, 16)) {
    if (!redirectsText(text)) continue;
    const hits: Array<[string, string]> = [];
    if (SETTING.test(text)) {
      for (const match of text.matchAll(new RegExp(SETTING.pattern.source, "g"))) {
        hits.push([match[1], match[2]]);
      }
    }
    if (CLI_PROXY.test(text)) {
      for (const match of text.matchAll(new RegExp(CLI_PROXY.pattern.source, "gi"))) {
        hits.push(["proxy", match[1]]);
      }
    }
    if (INSTEAD_OF.test(text)) {
      for (const match of text.matchAll(new RegExp(INSTEAD_OF.pattern.source, "gi"))) {
        const target = match[1] ?? match[3];
        const host = /^[a-z][\w+.-]*:\/\//i.test(target) ? readHost(target, environment) : undefined;
        if (host && !host.allowed && !host.loopback) {
          findings.escalate(
            "network",
            `"${tool}" sends every fetch of "${(match[2] ?? match[4]).slice(0, 60)}" to "${host.host}"`,
          );
          return;
        }
      }
    }
    for (const [name, url] of hits.slice(0, 8)) {
      const host = redirected(name, url, environment);
      if (host) {
        findings.escalate(
          "network",
          `"${tool}" routes ${
            /proxy/i.test(name) ? "all traffic" : `${name}'s API calls and key`
          } through "${host}"`,
        );
        return;
      }
    }
  }
}
