/** Round 60: logins stored by developer tools and AI agents, and auth headers kept in git's config. The first rule
 * reads its paths from `effects/agent_token_stores.ts`' table (Copilot's `apps.json`, Gemini CLI's
 * `oauth_creds.json`, Wrangler's, Vercel's, Netlify's, Fly's ... stores); a plain read into the agent's context is
 * a question for the user, as other tools' token files are (`rule_exemptions.ts`), and a copy, archive or upload
 * keeps the rule's severity. The second reads the token `actions/checkout` persists in `.git/config`
 * (`http.https://github.com/.extraheader`, `AUTHORIZATION: basic ...`) or one written into a URL rewrite
 * (`url.https://x-access-token:...@github.com/.insteadOf`): asking git or a text tool for those entries by name is
 * reading the job's token, what the tj-actions/changed-files payload (CVE-2025-30066) and Unit 42's "ArtiPACKED"
 * (2024) artifacts leaked. `git config --get remote.origin.url`, a plain `git config -l` and removing the header
 * (`--unset-all ...extraheader`, the hardening advice) pass. */

import { defineRules } from "./rule.ts";
import { AGENT_TOKEN_PATH } from "../effects/agent_token_stores.ts";
import { SERVICE_SECRET_PATH } from "../effects/service_secret_stores.ts";

/** Round 66: a command that only sets a store's mode, owner or existence up (Traefik's `touch acme.json && chmod 600
 * acme.json`) reads nothing. */
const SETS_UP_ONLY = String.raw`^(?!(?:sudo\s+)?(?:chmod|chown|chgrp|touch|ls|stat|mkdir|test|file)\s)`;

/** What a persisted login is stored under. */
const AUTH_ENTRY = String.raw`(?:extraheader|authorization:|x-access-token|insteadof[^\n]{0,40}@)`;
/** `git config` (also as a list of words in code: `'git','config'`) asked to get or list. */
const GIT_CONFIG_GET = String
  .raw`\bgit[\s'",]+(?:-c[\s'",]+\S+[\s'",]+)*config\b[^\n|;&]*?(?:--get\S*|\s-l\b|--list\b)`;
/** `git config KEY` with the key alone: a get. */
const GIT_CONFIG_KEY = String
  .raw`\bgit\s+config\s+(?:--(?:local|global|system|worktree)\s+)?['"]?[^\s'"]*extraheader['"]?\s*(?:$|[|;&)>])`;
const TEXT_TOOL = String
  .raw`\b(?:grep|egrep|rg|sed|awk|cat|head|tail|less|more|strings|select-string|findstr|get-content)\b`;
const GIT_CONFIG_FILE = String.raw`(?:\.git\/config|\.gitconfig)\b`;

export const STORED_TOKEN_RULES = defineRules("credential", [
  {
    id: "credential.agent_tool_tokens",
    severity: "high",
    fields: ["path"],
    pattern: AGENT_TOKEN_PATH,
    description: "Reads the stored login of a developer CLI or AI agent",
  },
  {
    // Round 66: the table in effects/service_secret_stores.ts (Vault's keyring and unseal keys, etcd's database,
    // Consul's ACL tokens, cluster PKI keys and join tokens, Jenkins' and GitLab's secrets, Grafana's database,
    // Traefik's acme.json, secret files in other services' Docker volumes).
    id: "credential.service_secret_store",
    severity: "high",
    fields: ["path", "command"],
    pattern: new RegExp(`${SETS_UP_ONLY}.*?(?:${SERVICE_SECRET_PATH.source})`),
    description: "Reads a secret store inside a service's data (secrets manager, cluster, CI server)",
  },
  {
    id: "credential.git_auth_header",
    severity: "medium",
    fields: ["shell", "code"],
    pattern: new RegExp(
      `${GIT_CONFIG_GET}[^\\n]{0,200}?${AUTH_ENTRY}|${GIT_CONFIG_KEY}|` +
        `${TEXT_TOOL}[^\\n]{0,200}?${AUTH_ENTRY}[^\\n]{0,200}?${GIT_CONFIG_FILE}|` +
        `${GIT_CONFIG_FILE}[^\\n]{0,200}?${TEXT_TOOL}[^\\n]{0,100}?${AUTH_ENTRY}`,
    ),
    description: "Reads an auth header or token stored in git's config",
  },
]);
