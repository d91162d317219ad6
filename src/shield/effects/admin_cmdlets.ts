/** Microsoft 365 and Azure admin cmdlets judged by what they grant and to whom (round 57), from a shell or PowerShell
 * command (`Set-Mailbox -ForwardingSmtpAddress ...`) or a tool that names the cmdlet and its parameters
 * (`{cmdlet: "Add-RecipientPermission", parameters: {Trustee: ...}}`): mail forwarded or redirected to an outside
 * address, mailbox, folder or send-as access given to an address of another domain than the mailbox's (or to
 * Anonymous), automatic replies announcing changed bank details or giving out door codes and passwords, SharePoint
 * sharing opened to anyone, directory administrator roles, Owner-like Azure roles and domain federation. The same
 * grant inside the mailbox's own domain, reads (`Get-*`) and tightening (`-SharingCapability Disabled`) pass. The
 * table is `data/admin_cmdlets.ts`. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { changesByName } from "./changing_names.ts";
import {
  type CmdletEffect,
  CONTROLLING_ROLE,
  DIRECTORY_ROLE_CMDLETS,
  FEDERATION_CMDLETS,
  GRANTING_CMDLETS,
  HIDDEN_TOPICS,
  HIDING_FOLDER,
  POWER_CMDLETS,
  RBAC_CMDLETS,
  SETTING_CMDLETS,
} from "./data/admin_cmdlets.ts";
import { matchesOf } from "../match_all.ts";

/** A cmdlet's parameters, lower-case names to their values (a switch is "true"). */
type Parameters = Map<string, string>;

const ADDRESS = /[\w.+-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;
const PAYMENT_CHANGE =
  /\b(?:iban|swift|bic|sort code|routing (?:number|no)|account (?:number|no|details)|bank(?:ing)? details|remittance|wire (?:instructions|details))\b/i;
const CHANGED = /\b(?:new|changed?|updated?|moved|switched)\b/i;
const ACCESS_SECRET =
  /\b(?:pin|(?:door|gate|access|alarm|lockbox|key ?box|entry|building|garage|safe|key) ?code|passcode|password|wi-?fi (?:key|password))\b(?:\s+is)?\W{0,3}[^\s]*\d/i;

const unquoted = (text: string) => text.replace(/^['"]|['"]$/g, "");

/** An inbox rule that deletes mail or moves it where nobody looks, marked read or picked by payment and security
 * words: the rule a mailbox thief sets so the owner never sees the replies. */
function hidingRule(name: string, parameters: Parameters): string | undefined {
  if (name !== "new-inboxrule" && name !== "set-inboxrule") return undefined;
  const deletes = /^\$?true$/i.test(
    parameters.get("deletemessage") ?? parameters.get("softdeletemessage") ?? "",
  );
  const hides = deletes ||
    HIDING_FOLDER.test(unquoted(parameters.get("movetofolder") ?? "").replace(/^.*\\/, ""));
  if (!hides) return undefined;
  const marked = /^\$?true$/i.test(parameters.get("markasread") ?? "");
  const topics = ["subjectcontainswords", "subjectorbodycontainswords", "bodycontainswords", "from"]
    .some((key) => HIDDEN_TOPICS.test(parameters.get(key) ?? ""));
  return marked || topics ? `${name} hides matching mail from the mailbox's owner` : undefined;
}

/** The registrable part of a domain (`mail.contoso.com` -> `contoso.com`). */
const baseDomain = (domain: string) => domain.toLowerCase().split(".").slice(-2).join(".");

function domainsIn(text: string): string[] {
  return [...matchesOf(ADDRESS, text)].map((match) => baseDomain(match[1]));
}

/** PowerShell parameters of one command's words: `-Name value`, `-Name:value`, switches. */
export function cmdletParameters(words: readonly string[]): Parameters {
  const parameters: Parameters = new Map();
  for (let i = 1; i < words.length && i < 64; i++) {
    const word = words[i];
    if (!/^-[A-Za-z]/.test(word)) continue;
    const colon = word.indexOf(":");
    if (colon > 0) {
      parameters.set(word.slice(1, colon).toLowerCase(), word.slice(colon + 1));
      continue;
    }
    const next = words[i + 1];
    const valued = next !== undefined && !/^-[A-Za-z]/.test(next);
    parameters.set(word.slice(1).toLowerCase(), valued ? next : "true");
    if (valued) i++;
  }
  return parameters;
}

/** What one cmdlet call grants that a human should see, or undefined. */
export function cmdletFinding(cmdlet: string, parameters: Parameters): string | undefined {
  const name = cmdlet.toLowerCase().replace(/^.*\\/, "");
  const setting = SETTING_CMDLETS.get(name);
  for (const [parameter, value, effect] of setting ?? []) {
    const given = parameters.get(parameter);
    if (given && value.test(unquoted(given))) {
      return `${cmdlet} ${effect} (-${parameter} ${given.slice(0, 40)})`;
    }
  }
  const granting = GRANTING_CMDLETS.get(name);
  if (granting) return grantingFinding(name, granting, parameters) ?? hidingRule(name, parameters);
  const power = POWER_CMDLETS.get(name);
  if (power) return `${cmdlet} ${power}`;
  if (DIRECTORY_ROLE_CMDLETS.has(name)) return `${cmdlet} adds a member to a directory administrator role`;
  if (FEDERATION_CMDLETS.has(name)) return `${cmdlet} makes the domain trust another identity provider`;
  if (RBAC_CMDLETS.has(name)) {
    const role = unquoted(parameters.get("roledefinitionname") ?? "");
    if (CONTROLLING_ROLE.test(role)) return `${cmdlet} gives the ${role} role over an Azure scope`;
  }
  return undefined;
}

function grantingFinding(
  name: string,
  effect: CmdletEffect,
  parameters: Parameters,
): string | undefined {
  const own = new Set(
    ["identity", "mailbox"].flatMap((key) => domainsIn(parameters.get(key) ?? "")),
  );
  for (const key of effect.forwards ?? []) {
    const outside = domainsIn(parameters.get(key) ?? "").find((domain) => !own.has(domain));
    if (outside) return `${name} ${effect.effect} to an address at "${outside}" (-${key})`;
  }
  for (const key of effect.grantees ?? []) {
    const value = parameters.get(key);
    if (!value) continue;
    const outside = domainsIn(value).find((domain) => !own.has(domain));
    if (outside) return `${name} ${effect.grants ?? effect.effect} to an address at "${outside}" (-${key})`;
    const rights = parameters.get("accessrights") ?? "";
    if (/^['"]?anonymous['"]?$/i.test(value) && !/^['"]?none['"]?$/i.test(rights)) {
      return `${name} ${effect.effect} with anonymous users`;
    }
  }
  for (const key of effect.replies ?? []) {
    const text = parameters.get(key) ?? "";
    if (PAYMENT_CHANGE.test(text) && CHANGED.test(text)) {
      return `${name} announces changed payment details in automatic replies (-${key})`;
    }
    if (ACCESS_SECRET.test(text)) {
      return `${name} gives out a code or password in automatic replies (-${key})`;
    }
  }
  return undefined;
}

/** A cheap sign of a Microsoft admin cmdlet among a command's programs (`Verb-Noun`). */
const CMDLET_NAME =
  /^(?:[\w.]+\\)?(?:add|set|new|update|grant)-(?:mailbox|recipient|inbox|transport|calendar|spo|pnp|azure|msol|mg|entra|az(?:role|ad)|organizationconfig|remotedomain|hostedoutbound|adminauditlog|distributiongroup|managementrole|rolegroup|compliancesearchaction)/i;

/** Whether this check reads `program` as a Microsoft admin cmdlet or the CLI for Microsoft 365 (`unknown_programs.ts`
 * counts it as known). */
export const adminCmdlet = (program: string): boolean => CMDLET_NAME.test(program) || program === "m365";

/** CLI for Microsoft 365 commands and the cmdlets they stand for (`m365 spo tenant settings set --SharingCapability ...`). */
const M365_COMMANDS: ReadonlyArray<[string, string]> = [
  ["spo tenant settings set", "Set-SPOTenant"],
  ["spo site set", "Set-SPOSite"],
];

/** The cmdlet a segment runs and its parameters: PowerShell's own, or the CLI for Microsoft 365's `--option value`. */
function segmentCmdlet(segment: Segment): [string, Parameters] | undefined {
  if (CMDLET_NAME.test(segment.program)) return [segment.program, cmdletParameters(segment.argv)];
  if (segment.program !== "m365") return undefined;
  const words = segment.argv.slice(1).join(" ");
  const known = M365_COMMANDS.find(([command]) => words.startsWith(command));
  if (!known) return undefined;
  return [known[1], cmdletParameters(segment.argv.map((word) => word.replace(/^--(?=[A-Za-z])/, "-")))];
}

export function judgeAdminCmdletSegments(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 32)) {
    const called = segmentCmdlet(segment);
    if (!called) continue;
    const found = cmdletFinding(called[0], called[1]);
    if (found) {
      findings.escalate("access", found);
      return;
    }
  }
}

const CMDLET_KEYS = ["cmdlet", "command_name", "commandName", "name"];
/** SharePoint and OneDrive tools by name (`sharepoint_update_site`, `onedrive_set_tenant_sharing`). */
const SHARING_TOOL = /sharepoint|onedrive|spo_|_spo|sharing/i;

/** A SharePoint tool given the sharing settings of the cmdlets (`sharingCapability: "ExternalUserAndGuestSharing"`),
 * at the top or one object down; argument names arrive in snake case. */
function judgeSharingSettings(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  const inner = Object.values(payload).filter((value) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
  ) as Record<string, unknown>[];
  const parameters: Parameters = new Map();
  for (const record of [payload, ...inner.slice(0, 4)]) {
    for (const [key, value] of Object.entries(record).slice(0, 32)) {
      if (typeof value === "string") parameters.set(key.replace(/[-_]/g, "").toLowerCase(), value);
    }
  }
  const found = cmdletFinding("Set-SPOSite", parameters);
  if (found) findings.escalate("access", `"${tool}": ${found.replace(/^Set-SPOSite /, "")}`);
}
const PARAMETER_KEYS = ["parameters", "params", "arguments", "args"];

/** A tool that names the cmdlet and gives its parameters as an object. */
export function judgeAdminCmdletPayload(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const cmdlet = CMDLET_KEYS.map((key) => payload[key]).find((value) => typeof value === "string");
  if (typeof cmdlet !== "string" || !CMDLET_NAME.test(cmdlet)) {
    if (SHARING_TOOL.test(tool) && changesByName(tool)) judgeSharingSettings(tool, payload, findings);
    return;
  }
  const given = PARAMETER_KEYS.map((key) => payload[key]).find((value) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
  ) as Record<string, unknown> | undefined;
  if (!given) return;
  const parameters: Parameters = new Map();
  for (const [key, value] of Object.entries(given).slice(0, 32)) {
    const text = Array.isArray(value) ? value.join(",") : String(value);
    parameters.set(key.replace(/^-/, "").toLowerCase(), text);
  }
  const found = cmdletFinding(cmdlet, parameters);
  if (found) findings.escalate("access", `"${tool}": ${found}`);
}
