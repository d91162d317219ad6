/** A password-manager item handed to a local client through its environment (round 46): `export GH_TOKEN=$(op
 * read op://Private/GitHub/token) && gh pr list`, `PGPASSWORD="$(op read 'op://Dev/appdb/password')" psql -h
 * localhost ...`, `REDISCLI_AUTH=$(pass show dev/redis) redis-cli ping` is how 1Password's, pass's and the database
 * clients' own documentation say to use a stored secret without writing it anywhere: the value goes into the
 * environment of one program, which sends it to its own service (GitHub's CLI to GitHub, a database client to the
 * loopback server) and prints nothing of it. The keychain rule asked a human for every such line (round 13 made one
 * item read into the agent's context a question). Its hit is dropped only when every item read is the value of an
 * assignment, every other command is `export` or such a client (`gh`/`glab` other than `auth`, a database client
 * whose host is loopback), no argument carries the value (an `echo $T` expands to the read), and every URL is an
 * allowed host. `curl`, an interpreter, `env`/`printenv`, a remote database host, `gh auth status -t` keep it. */

import type { ActionView } from "../action_view.ts";
import type { Segment } from "../shell_parser.ts";
import { matchesOf } from "../match_all.ts";

/** A command substitution reading one item, as the raw command spells it. */
const ITEM_READ = /\$\(\s*(?:pass|gopass|op|security|secret-tool|bw|lpass|keepassxc-cli)\s[^()]*\)/g;
/** What may stand right before such a read: an assignment, optionally exported or double-quoted. */
const ASSIGNED = /(?:^|[\s;&|('])[A-Za-z_][A-Za-z0-9_]*="?$/;
/** Clients of one service that read their secret from the environment and print none of it. */
const FORGE_CLIENTS = /^(?:gh|glab)$/;
const DATABASE_CLIENTS =
  /^(?:psql|pg_dump|pg_dumpall|pg_restore|createdb|mysql|mysqldump|mysqladmin|mariadb|redis-cli|mongosh|mongodump)$/;
/** Round 55: package registries' clients, which read their publishing token from the environment (`.npmrc`'s
 * `${NPM_TOKEN}`, `TWINE_PASSWORD`, `CARGO_REGISTRY_TOKEN`, `GEM_HOST_API_KEY`) and send it to the registry they are
 * set up for; a registry named on the line keeps the question. */
const REGISTRY_CLIENTS = /^(?:npm|pnpm|yarn|twine|cargo|gem|poetry|uv|flit)$/;
const REGISTRY_VERBS = /^(?:publish|whoami|install|ci|view|info|pack|upload|check|push|build)$/;
const NAMED_REGISTRY = /^--?(?:registry|repository(?:-url)?|index|host|r)\b/;
const HOST_OPTION = /^(?:-h|--host|-H)$/;
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;
const SHELLS = /^(?:ba|z|da|k|)sh$/;
const ITEM_IN_ARGUMENT = /(?:\$\(|`)\s*(?:pass|gopass|op|security|secret-tool|bw|lpass|keepassxc-cli)\s/;

/** A shell given the line inline (Codex's `["bash", "-lc", LINE]`): the line's own segments are judged. */
export function inlineShell(segment: Segment): boolean {
  return SHELLS.test(segment.program) && /^-[a-z]*c$/.test(segment.argv[1] ?? "") &&
    segment.argv.length === 3;
}

/** Whether a database client talks only to the loopback host (no host option is its local socket). */
function loopbackOnly(segment: Segment): boolean {
  const args = segment.argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const inline = /^--host=(.*)$/.exec(arg)?.[1] ?? /^-h(.+)$/.exec(arg)?.[1];
    if (inline !== undefined && !LOOPBACK.test(inline)) return false;
    if (HOST_OPTION.test(arg) && !LOOPBACK.test(args[i + 1] ?? "")) return false;
    // A connection URI names its host (`postgres://user@db.example/app`): only the loopback one passes.
    const uri = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?(\[[^\]]+\]|[^:/?\s]+)/i.exec(arg);
    if (uri && !LOOPBACK.test(uri[1])) return false;
  }
  return true;
}

function consumerOnly(segment: Segment): boolean {
  if (segment.program === "export") {
    return segment.argv.slice(1).every((arg) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(arg));
  }
  if (FORGE_CLIENTS.test(segment.program)) {
    return segment.argv[1] !== "auth" && !segment.argv.some((arg) => /^--hostname\b/.test(arg));
  }
  if (projectTask(segment)) return true;
  if (REGISTRY_CLIENTS.test(segment.program)) {
    return REGISTRY_VERBS.test(segment.argv[1] ?? "") &&
      !segment.argv.some((arg) => NAMED_REGISTRY.test(arg));
  }
  return DATABASE_CLIENTS.test(segment.program) && loopbackOnly(segment);
}

/** Round 98: the project's own tasks and schema-migration tools, which read `DATABASE_URL`-style settings from the
 * environment (`export DATABASE_URL=$(op read 'op://Dev/Postgres/url') && npm run migrate`, 1Password's "load
 * secrets into the environment"; `alembic upgrade head`, `prisma migrate deploy`, `python manage.py migrate`): a
 * script named by the project (`npm run NAME`, `make TARGET`) or a migration subcommand, with plain words only. An
 * interpreter given code (`node -e`), `npx` of anything but prisma, `curl` or an argument carrying the item keep the
 * question. */
const TASK_RUNNERS = /^(?:npm|pnpm|yarn|bun)$/;
const MIGRATORS: ReadonlyMap<string, RegExp> = new Map([
  ["alembic", /^(?:upgrade|downgrade|current|history|check)$/],
  ["prisma", /^(?:migrate|db|generate)$/],
  ["flyway", /^(?:migrate|info|validate)$/],
  ["goose", /^(?:up|down|status|up-to|redo)$/],
  ["dbmate", /^(?:up|down|migrate|status|rollback)$/],
  ["diesel", /^(?:migration|database)$/],
  ["sqlx", /^(?:migrate|database)$/],
  ["knex", /^migrate:/],
  ["rails", /^db:/],
  ["rake", /^db:/],
]);
const PLAIN_WORD = /^[\w@./:=,+-]+$/;

function projectTask(segment: Segment): boolean {
  const args = segment.argv.slice(1);
  if (!args.every((arg) => PLAIN_WORD.test(arg)) || segment.redirects.length > 0) return false;
  if (TASK_RUNNERS.test(segment.program)) {
    return (args[0] === "run" && /^[\w:.-]+$/.test(args[1] ?? "")) || /^(?:test|start)$/.test(args[0] ?? "");
  }
  if (segment.program === "make") return args.length > 0 && args.every((arg) => /^[\w.-]+$/.test(arg));
  if (segment.program === "npx" || segment.program === "bundle") {
    const rest = segment.program === "bundle" ? (args[0] === "exec" ? args.slice(1) : []) : args;
    const tool = rest[0] ?? "";
    return MIGRATORS.get(tool)?.test(rest[1] ?? "") === true;
  }
  if (/^python3?$/.test(segment.program)) {
    return args[0] === "manage.py" && /^(?:migrate|showmigrations|check|test|runserver)$/.test(args[1] ?? "");
  }
  return MIGRATORS.get(segment.program)?.test(args[0] ?? "") === true;
}

/** Password-manager and keychain programs printing one item. */
export const ITEM_PRINTERS = /^(?:pass|gopass|op|security|secret-tool|bw|lpass|keepassxc-cli)$/;
const LOOPBACK_URL =
  /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?:[:/?#]|$)/i;

/** Whether every keychain item the command reads is handed to local clients through their environment. */
export function keychainItemsIntoClients(view: ActionView): boolean {
  const command = view.payload.command;
  if (view.type !== "execute_command" || typeof command !== "string" || command.length > 4096) return false;
  // Backquoted reads are not read here: the line keeps its question.
  if (command.includes("`")) return false;
  if (view.proseSegments || view.truncatedShell || !view.urls.every((url) => LOOPBACK_URL.test(url))) {
    return false;
  }
  const reads = [...matchesOf(ITEM_READ, command)];
  if (reads.length === 0 || !reads.every((read) => ASSIGNED.test(command.slice(0, read.index)))) return false;
  // A variable naming the service's host sends the secret elsewhere (`GH_HOST=evil.example gh ...`).
  if (/\b(?:GH_HOST|GH_ENTERPRISE_TOKEN|GITLAB_HOST|PGHOST|MYSQL_HOST|REDISCLI_HOST)=/.test(command)) {
    return false;
  }
  let clients = 0;
  for (const segment of view.segments) {
    if (ITEM_PRINTERS.test(segment.program)) {
      if (segment.depth === 0 || segment.redirects.length > 0 || segment.joinedBy === "|") return false;
      continue;
    }
    if (inlineShell(segment)) continue;
    const words = [...segment.argv.slice(1), ...segment.redirects.map((redirect) => redirect.target)];
    if (segment.program !== "export" && words.some((word) => ITEM_IN_ARGUMENT.test(word))) return false;
    if (!consumerOnly(segment)) return false;
    if (segment.program !== "export") clients++;
  }
  return clients > 0;
}
