/** OAuth consent pages asking for broad access (`/login/oauth/authorize?...&scope=repo,admin:org`): opening or
 * clicking through one hands an app -- often the attacker's -- the user's repositories, mail or files (consent
 * phishing). Sign-in scopes (`openid email profile`, `read:user`) pass. */

import type { Findings } from "./findings.ts";

const AUTHORIZE_PATH =
  /\/(?:login\/)?oauth2?\/(?:v2(?:\.0)?\/)?authori[sz]e\b|\/o\/oauth2\/(?:v2\/)?auth\b|\/oauth\/authorize\b|\/authorize\?/i;
const BROAD_SCOPE =
  /(?:^|[\s,+:/.])(?:repo|admin[\w:]*|write[\w:]*|delete[\w:]*|[\w:]*:write|full_?access|offline_access|mail\.\w+|files\.readwrite[\w.]*|sites\.\w+|directory\.\w+|user\.readwrite[\w.]*|gmail\.(?:modify|send|compose)|mail\.google\.com|auth\/drive|auth\/gmail|cloud-platform|channels:history|groups:history|im:history|chat:write|workflow|org|manage_\w+)(?=$|[\s,+&])/i;

export function judgeOauthGrants(tool: string, urls: readonly string[], findings: Findings): void {
  for (const url of urls.slice(0, 16)) {
    if (url.length > 4096 || !AUTHORIZE_PATH.test(url)) continue;
    const scope = /[?&]scopes?=([^&#]*)/i.exec(url)?.[1];
    if (!scope) continue;
    let decoded = scope;
    try {
      decoded = decodeURIComponent(scope.replace(/\+/g, " "));
    } catch {
      // Judged as written.
    }
    if (BROAD_SCOPE.test(decoded)) {
      findings.escalate(
        "access",
        `"${tool}" opens an OAuth grant of broad access ("${decoded.slice(0, 60)}")`,
      );
      return;
    }
  }
}
