/** An agentic browser on the controls of an account (round 17): opening the pages where mail is forwarded, SSH keys,
 * tokens, app passwords, recovery addresses and delegates are set, and typing an address into a forwarding,
 * recovery or delegate field. A GET and a keystroke look ordinary; what they reach is who controls the account.
 * Sources: Brave, "Agentic browser security: indirect prompt injection in Perplexity Comet" (2025); Gmail help
 * "Automatically forward Gmail messages"; GitHub docs "Adding a new SSH key" and "Managing personal access
 * tokens"; Microsoft Outlook "Turn on automatic forwarding"; Google Account help (recovery, app passwords). */

import type { Findings } from "./findings.ts";
import { judgeClickedControls } from "./clicked_controls.ts";

/** Settings pages that change who controls an account, as `host` + path (or `#fragment`) prefixes. */
const SETTINGS_PAGES: ReadonlyArray<[RegExp, RegExp]> = [
  [/^mail\.google\.com$/, /#settings\/(?:fwdandpop|accounts|filters)/],
  [
    /^myaccount\.google\.com$/,
    /^\/(?:u\/\d+\/)?(?:security|permissions|signinoptions|apppasswords|recovery|two-step)/,
  ],
  [
    /^github\.com$/,
    /^\/settings\/(?:keys|ssh|gpg|tokens|personal-access-tokens|applications|apps|installations|security|auth|two_factor_authentication|emails|developers)|^\/[^/]+\/[^/]+\/settings\/(?:keys|hooks|secrets|collaborators|access|actions)/,
  ],
  [
    /^gitlab\.com$/,
    /^\/-\/(?:user_settings|profile)\/(?:ssh_keys|keys|personal_access_tokens|applications|emails)/,
  ],
  [
    /^(?:outlook\.live\.com|outlook\.office\.com|outlook\.office365\.com)$/,
    /options\/mail\/(?:forwarding|rules|accounts)/,
  ],
  [/^(?:account\.live\.com|account\.microsoft\.com)$/, /^\/(?:proofs|security)/],
  [/^appleid\.apple\.com$/, /^\/account/],
  [/^(?:[\w-]+\.)?console\.aws\.amazon\.com$/, /iam\/.*(?:security_credentials|users|access_?keys)/],
  [/^(?:www\.)?facebook\.com$/, /^\/settings.*(?:security|login)/],
];

/** A cheap pre-test on the URL text before parsing it: one of the hosts above. */
const KNOWN_HOST =
  /google\.com|github\.com|gitlab\.com|outlook\.|live\.com|microsoft\.com|apple\.com|amazon\.com|facebook\.com/i;
/** Form fields that route mail or recover the account. */
const CONTROL_FIELD =
  /forward(?:ing)?|recovery|delegat|backup[-_ ]?e?mail|alternate[-_ ]?e?mail|secondary[-_ ]?e?mail|redirect[-_ ]?to|reply[-_ ]?to|auto[-_ ]?forward/i;
const FIELD_KEYS =
  /^(?:selector|element|field|target|locator|label|name|input|ref|element_id|field_name|xpath|css)$/i;
const ADDRESS = /^[^\s@]{1,64}@[\w-]+(?:\.[\w-]+)+$|^\+?[\d ().-]{7,20}$/;

/** The account-control page among these URLs, if any. */
function settingsPage(urls: readonly string[]): string | undefined {
  for (const url of urls.slice(0, 16)) {
    if (!KNOWN_HOST.test(url)) continue;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      continue;
    }
    const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
    const rest = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    if (SETTINGS_PAGES.some(([hostPattern, page]) => hostPattern.test(host) && page.test(rest))) return url;
  }
  return undefined;
}

export function judgeAccountSettings(
  tool: string,
  urls: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  // A click is judged by the control it names, whatever page it is on (round 29).
  judgeClickedControls(tool, payload, findings);
  const page = settingsPage(urls);
  if (page) {
    findings.escalate("access", `"${tool}" opens the account settings page "${page.slice(0, 80)}"`);
  }
  const field = Object.entries(payload).find(([key, value]) =>
    FIELD_KEYS.test(key) && typeof value === "string" && CONTROL_FIELD.test(value)
  );
  if (!field) return;
  const typed = Object.values(payload).some((value) =>
    typeof value === "string" && ADDRESS.test(value.trim())
  );
  if (typed) {
    findings.escalate(
      "access",
      `"${tool}" types an address into the account field "${String(field[1]).slice(0, 60)}"`,
    );
  }
}
