/** Rows deleted or changed in bulk on a remote database (round 33; Replit's agent deleting a production database,
 * July 2025; OWASP LLM06): a `DELETE`/`UPDATE` whose `WHERE` names no key (`WHERE status = 'pending'`, `WHERE
 * created_at < ...`) or a `deleteMany`/`updateMany` whose filter names no `_id`, sent by a client (`psql`, `mysql`,
 * `mongosh`, `sqlcmd`, `clickhouse-client`, `cockroach`) to a host that is not this machine or a compose service
 * (`-h prod-db.acme.io`, `--host=10.20.0.15`, `-S`, a `postgresql://...@host/...` or `mongodb+srv://` URL), or a
 * `redis-cli ... DEL` handed its keys by `xargs` from a scan. Statements
 * that drop, truncate or touch every row are judged wherever they run (`sql_effects.ts`); one row fixed by its key,
 * reads, and the same statements on localhost pass. */

import type { Findings } from "./findings.ts";
import { splitOption } from "../command_writes.ts";
import { matchesOf } from "../match_all.ts";

const HOST_OPTIONS = /^(?:-h|--host|-S|--server|--hostname)$/;
const URL_HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?(\[[^\]]+\]|[^:/?\s,]+)/i;
const CONNINFO_HOST = /(?:^|\s)host\s*=\s*'?([^\s']+)/i;
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\]|0\.0\.0\.0|host\.docker\.internal|\/.*)$/i;

/** The hosts a database client's arguments name (options, URLs, libpq conninfo strings). */
function hostsOf(argv: readonly string[]): string[] {
  const hosts: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const [name, glued] = splitOption(argv[i]);
    if (HOST_OPTIONS.test(name)) {
      const value = glued ?? argv[i + 1];
      if (value !== undefined) hosts.push(value.replace(/^tcp:/i, "").replace(/[,:]\d+$/, ""));
      continue;
    }
    const url = URL_HOST.exec(argv[i]) ?? CONNINFO_HOST.exec(argv[i]);
    if (url) hosts.push(url[1]);
  }
  return hosts;
}

/** A host of another machine: dotted names and addresses other than loopback, or a `prod` name. */
export function remoteDatabaseHost(argv: readonly string[]): string | undefined {
  return hostsOf(argv).find((host) =>
    host !== "" && !host.startsWith("$") && !LOOPBACK.test(host) && (host.includes(".") || /prod/i.test(host))
  );
}

/** One condition of a WHERE naming a row by its key (`id = 4`, `order_id IN (1, 2)`, `uuid = $1`). */
const KEY_CONDITION =
  /^\(?\s*(?:[\w"`]+\.)?["`]?(?:id|\w+_id|uuid|\w+_uuid|pk)["`]?\s*(?:=\s*(?:'[^']*'|\d+|\$\d+|\?|:\w+)|in\s*\(\s*(?:'[^']*'|\d+)(?:\s*,\s*(?:'[^']*'|\d+)){0,99}\s*\))\s*\)?$/i;
const CHANGE = /^(?:delete\s+from\s+[\w."`[\]]+|update\s+[\w."`[\]]+\s+set\s[\s\S]*?)\s+where\s+([\s\S]+)$/i;
const MONGO_CHANGE = /\.(?:deleteMany|updateMany|remove)\(\s*\{([^}]{0,400})\}/g;

/** A statement changing the rows a condition picks, the condition naming no key (an `OR` widens any). */
function broadChange(statement: string): boolean {
  const match = CHANGE.exec(statement.trim());
  if (!match) return false;
  const where = match[1].replace(/\s+(?:returning|limit|order\s+by)\b[\s\S]*$/i, "").trim();
  if (/\bor\b/i.test(where)) return true;
  return !where.split(/\s+and\s+/i).some((part) => KEY_CONDITION.test(part.trim()));
}

/** Judges the statements a client segment sends, when it sends them to another machine. */
export function judgeRemoteStatements(
  argv: readonly string[],
  texts: readonly string[],
  findings: Findings,
): void {
  if (texts.length === 0) return;
  const host = remoteDatabaseHost(argv);
  if (host === undefined) return;
  // `... --scan --pattern 'session:*' | xargs redis-cli -h HOST DEL`: the keys to delete come from the input.
  if (/^(?:del|unlink)$/i.test(argv.at(-1) ?? "") && argv[0].endsWith("redis-cli")) {
    findings.escalate("write", `deletes keys in bulk on the database at "${host.slice(0, 80)}"`);
    return;
  }
  for (const text of texts.slice(0, 16)) {
    const mongo = [...matchesOf(MONGO_CHANGE, text)].some((match) => !/\b_?id\b/.test(match[1]));
    if (mongo || text.split(";").slice(0, 64).some(broadChange)) {
      findings.escalate("write", `deletes or changes rows in bulk on the database at "${host.slice(0, 80)}"`);
      return;
    }
  }
}
