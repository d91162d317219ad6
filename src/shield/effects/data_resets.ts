/** Framework and database command lines that empty a database whatever it points at (the Replit production wipe,
 * 2025): `prisma migrate reset`, `rails db:drop`, `php artisan migrate:fresh`, `python manage.py flush`,
 * `mix ecto.reset`, `sequelize db:drop`, `typeorm schema:drop`, `dropdb`, and any of their commands told to accept
 * data loss (`prisma db push --accept-data-loss`). Reached through runners (`npx`, `bundle exec`, `php`, `python`)
 * too. */

import type { Segment } from "../shell_parser.ts";
import { basename } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { programs } from "./programs.ts";

const DATA_TOOLS =
  /^(?:prisma|rails|rake|artisan|manage\.py|django-admin|mix|sequelize|sequelize-cli|typeorm|knex|drizzle-kit|dropdb|alembic|flask|diesel|sqlx)$/;
const RUNNERS =
  /^(?:npx|bunx|pnpx|pnpm|yarn|bun|npm|bundle|php|python[0-9.]*|uv|poetry|pipenv|dotenv|exec|run)$/;
const CANDIDATES = programs(new RegExp(`${DATA_TOOLS.source}|${RUNNERS.source}`));
/** Words of a subcommand that empty or drop the data. */
const RESET = /^(?:drop|reset|wipe|flush|purge|fresh|truncate|nuke|destroy|downgrade)$/;

/** Index of the data tool in argv (after runners and their flags), or -1. */
function toolAt(argv: readonly string[]): number {
  for (let k = 0; k < Math.min(argv.length, 5); k++) {
    const word = basename(argv[k]);
    if (DATA_TOOLS.test(word)) return k;
    if (k > 0 && !word.startsWith("-") && !RUNNERS.test(word)) return -1;
  }
  return -1;
}

/** Whether judgeDataResets looks at a segment of `program`. */
export function resetsDataWith(program: string): boolean {
  return CANDIDATES.has(program);
}

export function judgeDataResets(segment: Segment, findings: Findings): void {
  const argv = segment.argv;
  if (!resetsDataWith(segment.program)) return;
  const at = toolAt(argv);
  if (at < 0) return;
  if (basename(argv[at]) === "dropdb") {
    findings.escalate("delete", `"dropdb" drops a database`);
    return;
  }
  const words = argv.slice(at + 1).filter((arg) => !arg.startsWith("-")).slice(0, 3);
  const parts = words.flatMap((word) => word.toLowerCase().split(/[:.]/));
  const reset = argv.some((arg) => arg === "--force-reset" || arg === "--accept-data-loss") ||
    parts.some((part) => RESET.test(part));
  if (reset) {
    findings.escalate("delete", `"${basename(argv[at])} ${words.join(" ")}" empties or drops a database`);
  }
}
