/** Data a file tool writes nothing over (round 43, beside `emptied_files.ts`, which reads the shell's `: > F`,
 * `truncate -s 0` and `cp /dev/null`): a `write_file`, `Write` or `str_replace_editor create` whose text is empty
 * or blank at a database, a dump, a migration or a schema the project cannot rebuild from its code (`0001_init.sql`,
 * `db/migrations/...`, `app.db`, `schema.prisma`). An empty `__init__.py`, `.gitkeep` or log passes.
 * Sources: MITRE ATT&CK T1485 Data Destruction; ImpossibleBench (Zhong et al., 2025); OpenHands str_replace_editor. */

import type { WrittenEdit } from "./written_edit.ts";

/** Paths whose content is data or history, not code rebuilt from elsewhere. */
export const BLANKABLE =
  /\.(?:sql|db|db3|sqlite3?|mdb|accdb|realm|ldb|ibd|mdf|parquet|dump|bak)$|(?:^|\/)(?:migrations?|migrate|alembic\/versions|db\/migrate)\/[^/]+$|(?:^|\/)(?:schema\.(?:prisma|rb|graphql)|structure\.sql)$/i;

/** Files meant to be empty, whatever folder holds them. */
const PLACEHOLDER = /(?:^|\/)(?:\.gitkeep|\.keep|__init__\.py|\.gitignore)$/;

/** Why the write leaves a data file empty, if it does. */
export function blankedFiles(edit: WrittenEdit): string | undefined {
  // A file tool's own text (its other fields apart), written empty; a command's redirection writes a text Shield does
  // not see (`pg_dump > x.sql`).
  if (edit.fileText === undefined || /\S/.test(edit.fileText) || edit.removed !== "") return undefined;
  const file = edit.paths.find((path) => BLANKABLE.test(path) && !PLACEHOLDER.test(path));
  return file === undefined
    ? undefined
    : `"${edit.tool}" writes nothing over "${file}", data the code cannot rebuild`;
}
