/** A tenant's sharing opened to every outside domain or to anonymous users (round 77): Exchange sharing policies
 * whose `-Domains` name `*` or `Anonymous` (`Set-SharingPolicy -Domains '*:CalendarSharingFreeBusyReviewer'`: every
 * external organisation reads the calendars), Teams/Skype federation opened to all known domains
 * (`Set-CsTenantFederationConfiguration -AllowedDomains (New-CsEdgeAllowAllKnownDomains)`) or to public IM users, and
 * the same by an open-world tool's arguments (`domains: ["*:CalendarSharingFreeBusyDetail"]`). One setting opens
 * every mailbox or chat of the tenant at once. ESCALATE. SharePoint's `Set-SPOTenant -SharingCapability` and Teams
 * external-access tools were already read. What passes: a policy naming one partner domain
 * (`'contoso-partner.com:CalendarSharingFreeBusySimple'`), reads (`Get-SharingPolicy`), federation limited to a list.
 * Sources: Exchange Online PowerShell (Set-SharingPolicy, New-SharingPolicy), Microsoft Teams PowerShell
 * (Set-CsTenantFederationConfiguration). */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

export const SHARING_TO_ALL = gated(
  /\b(?:set|new)-sharingpolicy\b[^\n]{0,400}?-domains\b[^\n]{0,300}?(?:^|[\s"',(@])(?:\*|anonymous):/i,
);
export const FEDERATION_TO_ALL = gated(
  /\bset-cstenantfederationconfiguration\b[^\n]{0,400}?(?:new-csedgeallowallknowndomains|-allowpublicusers(?::|\s+)\$?true)/i,
);

export function judgeTenantSharingTexts(texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 12)) {
    if (text.length > 64 * 1024) continue;
    if (SHARING_TO_ALL.test(text)) {
      findings.escalate(
        "access",
        "a sharing policy opens the tenant's calendars or contacts to every outside domain",
      );
      return;
    }
    if (FEDERATION_TO_ALL.test(text)) {
      findings.escalate("access", "the tenant's chat federation is opened to every outside domain");
      return;
    }
  }
}

const TOOL_GATE = /shar|polic|federat|external|tenant/i;
const ALL_DOMAINS = /^\s*(?:\*|anonymous)\s*:/i;

/** `exchange_set_sharing_policy {domains: ["*:CalendarSharingFreeBusyDetail"]}` and the like (two levels). */
export function judgeTenantSharingCall(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!TOOL_GATE.test(tool)) return;
  const opens = (value: unknown): boolean =>
    typeof value === "string"
      ? value.split(/[,;]/).some((part) => ALL_DOMAINS.test(part.replace(/^["']/, "")))
      : Array.isArray(value) && value.slice(0, 32).some((item) => typeof item === "string" && opens(item));
  const visit = (value: unknown, depth: number): boolean => {
    if (depth > 1 || value === null || typeof value !== "object" || Array.isArray(value)) return false;
    for (const [key, inner] of Object.entries(value as Record<string, unknown>).slice(0, 32)) {
      if (/domains?/i.test(key) && opens(inner)) return true;
      if (visit(inner, depth + 1)) return true;
    }
    return false;
  };
  if (visit(payload, 0)) {
    findings.escalate("access", `"${tool}" opens the tenant's sharing to every outside domain`);
  }
}
