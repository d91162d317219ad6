/** Members added to an organisation's owner or administrator team or role (round 57): Terraform Cloud's `owners`
 * team, a GitHub organisation `admin` membership or its `admins`/`owners` team (`gh api -X PUT
 * /orgs/.../teams/admins/memberships/...`), GitLab Owner (access level 50), Vercel or Netlify team `OWNER`, Atlassian
 * `site-admins`, Google Workspace `makeAdmin`. Whoever is added controls every repository, workspace or account of the
 * organisation. Additions to other teams (`developers`), lower roles and reads pass. Sources: HCP Terraform API team
 * memberships; GitHub REST API organisation and team memberships; GitLab members API access levels; Vercel team
 * invites; Atlassian admin groups; Google Admin SDK users.makeAdmin; MITRE ATT&CK T1098 (account manipulation). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { changesByName } from "./changing_names.ts";

const OWNER_TEAM =
  /^(?:owners?|admins?|administrators?|org[-_ ]?admins?|site[-_ ]?admins?|super[-_ ]?admins?|global[-_ ]?admins?|domain admins|enterprise admins)$/i;
const OWNER_ROLE = /^(?:owner|admin|administrator|super_?admin|org_?admin|site_?admin)$/i;
/** Tools that add members, invite or set roles. */
const MEMBERSHIP_TOOL = /member|team|invite|collaborator|role|group|admin/i;
const GITLAB_OWNER = 50;

function ownerGrant(tool: string, payload: Record<string, unknown>): string | undefined {
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    const name = key.toLowerCase().replace(/[-_]/g, "");
    if (typeof value === "string") {
      if (/^(?:team|teamname|teamslug|group|groupname)$/.test(name) && OWNER_TEAM.test(value.trim())) {
        return `adds a member to the "${value.slice(0, 40)}" team`;
      }
      if (/^(?:role|orgrole|teamrole|permission)$/.test(name) && OWNER_ROLE.test(value.trim())) {
        return `gives the "${value.slice(0, 40)}" role`;
      }
    }
    if (name === "accesslevel" && Number(value) >= GITLAB_OWNER) return "gives Owner access (level 50)";
  }
  if (/make_?admin/i.test(tool) && payload.status !== false) return "makes an account an administrator";
  return undefined;
}

export function judgeOwnerGrants(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  if (!MEMBERSHIP_TOOL.test(tool) || !changesByName(tool)) return;
  const found = ownerGrant(tool, payload);
  if (found) findings.escalate("access", `"${tool}" ${found}`);
}

/** GitLab Owner by `glab api ... members -f access_level=50`; a Google Workspace admin by GAM (`gam update user U
 * admin on`, `gam create admin U ROLE customer`). */
function otherGrant(segment: Segment): string | undefined {
  const argv = segment.argv;
  if (segment.program === "glab" && argv[1] === "api" && argv.some((word) => /\/members\b/.test(word))) {
    const level = argv.map((word) => /^access_level=(\d+)$/.exec(word)?.[1]).find((value) =>
      value !== undefined
    );
    if (Number(level) >= GITLAB_OWNER) return "gives Owner access (level 50)";
  }
  if (segment.program === "gam") {
    const words = argv.map((word) => word.toLowerCase());
    const admin = words.indexOf("admin");
    if (
      admin > 0 && words[1] === "update" && words[2] === "user" &&
      /^(?:on|true)$/.test(words[admin + 1] ?? "")
    ) {
      return "makes a Google Workspace user an administrator";
    }
    if (words[1] === "create" && words[2] === "admin") return "gives a Google Workspace administrator role";
  }
  return undefined;
}

const OWNER_PATH =
  /\/orgs\/[^/\s]+\/(?:teams\/(?:owners?|admins?|administrators?)\/memberships|memberships)\//i;

/** `gh api -X PUT /orgs/ORG/teams/admins/memberships/USER`, `gh api -X PUT /orgs/ORG/memberships/USER -f role=admin`. */
export function judgeOwnerGrantCommands(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 32)) {
    const other = otherGrant(segment);
    if (other) {
      findings.escalate("access", `"${segment.program}" ${other}`);
      return;
    }
    if (segment.program !== "gh" || segment.argv[1] !== "api") continue;
    const argv = segment.argv;
    const method = argv.find((_word, i) => argv[i - 1] === "-X" || argv[i - 1] === "--method") ??
      argv.find((word) => /^--method=/.test(word))?.slice(9);
    const path = argv.find((word) => OWNER_PATH.test(word));
    if (!path || !/^(?:put|post|patch)$/i.test(method ?? "")) continue;
    const team = /\/teams\//.test(path);
    const role = argv.some((word) => /^role=(?:admin|owner)$/i.test(word));
    if (team || role) {
      findings.escalate(
        "access",
        `"gh api" makes an account an organisation owner or admin (${path.slice(0, 80)})`,
      );
      return;
    }
  }
}
