/** Company data handed out whole (round 36): a message that carries a link to an export, dump or backup archive, or
 * a repository's zip, to someone who is not a known contact; a message or file event that carries a private-key or
 * secrets file by name (`m.file` named `id_ed25519`, a `prod.env` document, `terraform.tfstate`); and a pull
 * request that carries a company's default branch into another owner's repository. Each is the whole of something
 * the organisation keeps (a workspace, a database, a codebase, a key) going to an outsider or a public place.
 * Sources: AgentDojo slack suite (channel export sent to an outsider); Invariant Labs, "GitHub MCP exploited"
 * (private repository data leaked through a pull request); Matrix client-server API `m.file`; Telegram Bot API
 * sendDocument; GitGuardian, State of Secrets Sprawl (secrets leaked through chat apps). */

import type { Findings } from "./findings.ts";
import { isContact } from "./messaging.ts";
import type { ShieldEnvironment } from "../environment.ts";

/** A file name of private keys, secrets and state (public keys, certificates and `.env.example` pass). */
const SECRET_FILE =
  /^(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|\.env(?:\.(?!example|sample|template|dist|defaults)[\w-]+)?|[\w-]+\.env|credentials(?:\.json|\.csv)?|service[-_]?account[\w-]*\.json|[\w.-]*(?:priv|private|secret|signing|server|tls|ssl|client)[\w.-]*\.(?:pem|key)|[\w.-]+\.(?:p12|pfx|ppk|jks|keystore|kdbx)|\.npmrc|\.pypirc|\.netrc|\.pgpass|\.git-credentials|\.htpasswd|\.vault-token|kubeconfig|terraform\.tfstate(?:\.backup)?|wallet\.dat|secrets?\.(?:ya?ml|json|toml|env))$/i;
/** Whole archives of data: exports, dumps, backups and snapshots as files, and a repository's zip. */
const DATA_ARCHIVE =
  /[\w.-]*(?:export|dump|backup|snapshot)[\w.-]*\.(?:zip|tar|tgz|gz|bz2|xz|7z|rar|sql|bak|dump|csv|xlsx|jsonl?|db|sqlite3?)\b|github\.com\.?(?::\d+)?\/[\w.-]+\/[\w.-]+\/(?:archive|zipball|tarball)\//i;
const ARCHIVE_WORDS = ["export", "dump", "backup", "snapshot", "archive", "zipball", "tarball"];
/** Recipients that are places rather than people: channels (`#general`, Slack `C0...` ids) and rooms. */
const CHANNEL = /^(?:#|!|[CG][A-Z0-9]{6,}$)/;
const DEFAULT_BRANCH = /^(?:main|master|trunk|develop|dev|production|prod|release|staging)$/i;
const MAX_VISITS = 64;

/** The first string value of the payload (bounded walk) that names a secrets file. */
function secretFileName(payload: Record<string, unknown>): string | undefined {
  let visits = 0;
  let found: string | undefined;
  const visit = (value: unknown, depth: number) => {
    if (found || depth > 4 || visits++ > MAX_VISITS) return;
    if (typeof value === "string") {
      if (value.length > 256 || value.includes(" ")) return;
      const base = value.slice(value.lastIndexOf("/") + 1);
      if (SECRET_FILE.test(base)) found = base;
    } else if (Array.isArray(value)) {
      for (const item of value.slice(0, 16)) visit(item, depth + 1);
    } else if (value && typeof value === "object") {
      for (const inner of Object.values(value).slice(0, 24)) visit(inner, depth + 1);
    }
  };
  visit(payload, 0);
  return found;
}

/** For messages: secrets files by name to anyone, whole archives to people who are not known contacts. */
export function judgeHandedCompanyData(
  tool: string,
  payload: Record<string, unknown>,
  texts: readonly string[],
  recipients: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const file = secretFileName(payload);
  if (file) findings.escalate("message", `"${tool}" sends the secrets file "${file.slice(0, 60)}"`);
  const people = recipients.filter((recipient) =>
    !CHANNEL.test(recipient.trim()) && !isContact(recipient, environment)
  );
  if (people.length === 0) return;
  for (const text of texts.slice(0, 16)) {
    if (text.length > 64 * 1024) continue;
    const lower = text.toLowerCase();
    if (!ARCHIVE_WORDS.some((word) => lower.includes(word))) continue;
    const archive = DATA_ARCHIVE.exec(text);
    if (archive) {
      findings.escalate(
        "message",
        `"${tool}" sends "${people[0].slice(0, 60)}", who is not a known contact, the whole archive "${
          archive[0].slice(0, 80)
        }"`,
      );
      return;
    }
  }
}

const text = (value: unknown) => typeof value === "string" ? value.trim() : "";

/** A pull or merge request whose head is another owner's default branch (`acme:main` into `someone/fork`), or
 * whose `head_repo` names another owner's repository: the whole branch goes to the base repository's owner. */
export function judgeCrossOwnerRequests(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const asks = (words.includes("pull") || words.includes("merge")) && words.includes("request") ||
    words.includes("pr") || words.includes("prs");
  if (!asks) return;
  const repo = text(payload.repo);
  const repository = text(payload.repository) || text(payload.repo_full_name) || text(payload.full_name) ||
    (repo.includes("/") ? repo : "");
  const owner = (text(payload.owner) || repository.split("/")[0]).toLowerCase();
  const head = text(payload.head) || text(payload.source_branch);
  const headRepo = text(payload.head_repo);
  const [headOwner, branch] = head.includes(":")
    ? [head.slice(0, head.indexOf(":")), head.slice(head.indexOf(":") + 1)]
    : [headRepo.split("/")[0], head];
  if (!owner || !headOwner || headOwner.toLowerCase() === owner || !DEFAULT_BRANCH.test(branch)) return;
  findings.escalate(
    "network",
    `"${tool}" carries "${headOwner.slice(0, 40)}:${branch}" into "${
      owner.slice(0, 40)
    }", another owner's repository`,
  );
}
