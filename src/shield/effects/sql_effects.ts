/** Database statements judged by what they do, wherever they come from (a `sql`/`query` argument of any tool,
 * `psql -c`, `mysql -e`, `sqlite3 DB "..."`, here-docs, `mongosh --eval`, `redis-cli`): dropping or truncating,
 * deleting or updating every row, granting roles or admin flags, switching off row-level security, reading tables
 * of tokens and passwords, and
 * statements that run programs or touch server files. Writes to the engine's own database BLOCK. */

import { gated } from "./gate.ts";
import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { programs } from "./programs.ts";
import { splitOption } from "../command_writes.ts";
import { judgeRemoteStatements } from "./remote_statements.ts";

const MAX_SQL_CHARS = 64 * 1024;
const MAX_STATEMENTS = 64;

/** A statement's grammar, not just its first word (`with open(...)` in Python is no SQL). */
const SQL_START = gated(
  /(?:^|;|\n)\s*(?:select\s[\s\S]{0,400}?\bfrom\b|insert\s+(?:or\s+\w+\s+)?into\b|update\s+[\w."`[\]]+\s+set\b|delete\s+from\b|drop\s+(?:table|database|schema|collection|keyspace|index|view|user|role|owned|policy)\b|(?:create|alter)\s+policy\b|truncate\s+(?:table\s+)?[\w."`]|alter\s+(?:table|user|role|login|database)\b|create\s+(?:table|user|role|login|database|index|view|function|trigger)\b|grant\s+\w|revoke\s+\w|with\s+\w+\s+as\s*\(|merge\s+into\b|copy\s+[\w.(]|exec(?:ute)?\s+(?:xp_|sp_)|attach\s+database\b|set\s+password\b)/i,
);
const DROP = /^drop\s+(?:table|database|schema|collection|keyspace|index|view|user|role|owned)\b/i;
const MASS_DELETE = /^delete\s+from\s+[\w."`[\]]+\s*(?:$|where\s+(?:1\s*=\s*1|true|1)\s*$)/i;
const MASS_UPDATE =
  /^update\s+[\w."`[\]]+\s+set\s+(?:(?!\bwhere\b)[\s\S])*$|^update\s+[\s\S]*\bwhere\s+(?:1\s*=\s*1|true|1)\s*$/i;
const ACCESS_UPDATE =
  /^(?:update|insert)\b[\s\S]*\b(?:role|roles|is_admin|admin|is_superuser|superuser|is_staff|permissions?|privileges?|password(?:_hash)?|api_key|mfa_enabled|two_factor)\b/i;
const ACCESS_STATEMENT =
  /^(?:grant|revoke|create\s+(?:user|role|login)|alter\s+(?:user|role|login)|set\s+password)\b/i;
/** Statements that switch off a table's row protections (rounds 26 and 28; Supabase and PostgreSQL RLS docs):
 * row-level security disabled or no longer forced on the owner, a policy dropped, one that lets every row through
 * (`USING (true)`) for more than reading, or row security switched off for the session. */
const PROTECTION_OFF =
  /^alter\s+table\b[\s\S]*\b(?:disable|no\s+force)\s+row\s+level\s+security\b|^drop\s+policy\b|^(?:create|alter)\s+policy\b(?![\s\S]*\bfor\s+select\b)[\s\S]*\b(?:using|with\s+check)\s*\(\s*true\s*\)|^set\s+(?:session\s+)?row_security\s*(?:=|to)\s*'?off\b/i;
const PROTECTION_OFF_DETAIL = "a database statement switches off row-level protections";
/** The same anywhere in a query text, for a statement handed behind prose (`IMPORTANT: alter table ...`). */
const PROTECTION_OFF_IN_TEXT = gated(
  /\balter\s+table\s+(?:if\s+exists\s+)?[\w."`[\]]+\s+(?:disable|no\s+force)\s+row\s+level\s+security\b|\bdrop\s+policy\s+(?:if\s+exists\s+)?[\w."`]+\s+on\b|\b(?:create|alter)\s+policy\s(?![^;]{0,300}\bfor\s+select\b)[^;]{0,300}\b(?:using|with\s+check)\s*\(\s*true\s*\)/i,
);
/** Whether a text (a migration written to a file, a patch's added lines) holds a statement that switches off a table's
 * row protections, read as round 26's query texts are (round 77). */
export function switchesOffRowProtection(text: string): boolean {
  return text.length <= MAX_SQL_CHARS && PROTECTION_OFF_IN_TEXT.test(text);
}
const SECRET_TABLE =
  /^(?:select|copy|with)\b[\s\S]*\bfrom\s+[\w."`]*(?:token|secret|password|passwd|credential|api_?key|session|auth\.users|oauth|private_key)\w*/i;
const SERVER_EFFECT = gated(
  /\b(?:copy\b[\s\S]*\b(?:to|from)\s+program|xp_cmdshell|sp_oacreate|into\s+(?:out|dump)file|load_file\s*\(|pg_read_(?:binary_)?file|pg_ls_dir|lo_import|lo_export|load\s+data\s+(?:local\s+)?infile|sys_exec|attach\s+database)\b/i,
);
const NOSQL_MASS = gated(
  /\b(?:dropDatabase|flushall|flushdb)\b|\.drop\(\s*\)|\.(?:deleteMany|remove)\(\s*\{\s*\}\s*\)|\bconfig\s+set\s+(?:dir|dbfilename)\b/i,
);

export interface SqlReading {
  /** Statements were found and read (the action's effect on the database is known). */
  found: boolean;
  /** Some statement changes data or schema. */
  writes: boolean;
}

/** Statements of a text: split on `;` outside quotes (bounded), comments dropped. */
function statements(text: string): string[] {
  const source = text.length > MAX_SQL_CHARS ? text.slice(0, MAX_SQL_CHARS) : text;
  const plain = source.includes("--") || source.includes("/*")
    ? source.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, " ")
    : source;
  const out: string[] = [];
  let start = 0;
  let quote = 0;
  for (let i = 0; i <= plain.length; i++) {
    const code = i < plain.length ? plain.charCodeAt(i) : 0x3b;
    if (quote !== 0) {
      if (code === quote) quote = 0;
      if (i < plain.length) continue;
    } else if (code === 0x27 || code === 0x22) {
      quote = code;
      continue;
    }
    if (code !== 0x3b) continue;
    const statement = plain.slice(start, i).trim();
    if (statement) out.push(statement);
    start = i + 1;
    if (out.length >= MAX_STATEMENTS) return out;
  }
  return out;
}

/** Judges one text holding statements; returns whether any changes data. */
function judgeText(text: string, engineDatabase: boolean, findings: Findings): boolean {
  let writes = false;
  if (NOSQL_MASS.test(text)) {
    findings.escalate("delete", "empties or drops a whole database or collection");
    writes = true;
  }
  for (const statement of statements(text)) {
    const head = statement.replace(/^\s*with\b[\s\S]*?\)\s*(?=select|insert|update|delete)/i, "");
    const changes = !/^(?:select|with|explain|show|describe|pragma\s+\w+\s*$)/i.test(head);
    writes ||= changes;
    if (SERVER_EFFECT.test(statement)) {
      findings.block("exec", "a database statement runs a program or reads server files");
    }
    if (DROP.test(head) || /^truncate\b/i.test(head) || /^alter\s+table\b[\s\S]*\bdrop\b/i.test(head)) {
      findings.escalate("delete", `"${head.slice(0, 60)}" destroys data`);
    } else if (MASS_DELETE.test(head)) {
      findings.escalate("delete", `"${head.slice(0, 60)}" deletes every row`);
    } else if (MASS_UPDATE.test(head)) {
      findings.escalate("write", `"${head.slice(0, 60)}" changes every row`);
    }
    if (ACCESS_STATEMENT.test(head) || ACCESS_UPDATE.test(head)) {
      findings.escalate("access", `"${head.slice(0, 60)}" changes accounts, roles or passwords`);
    }
    if (PROTECTION_OFF.test(head)) {
      findings.escalate("access", PROTECTION_OFF_DETAIL);
    }
    if (SECRET_TABLE.test(head)) findings.escalate("read", `"${head.slice(0, 60)}" reads stored secrets`);
  }
  if (engineDatabase && writes) findings.block("engine", "changes the engine's own database");
  return writes;
}

const SQL_CLIENTS = programs(
  /^(?:psql|mysql|mariadb|sqlite3|sqlcmd|clickhouse-client|duckdb|cockroach|mongosh|mongo|redis-cli|snowsql|bq|trino|presto|cqlsh|sqlplus)$/,
);
const NO_STATEMENTS: { texts: string[]; engine: boolean } = { texts: [], engine: false };
const STATEMENT_OPTIONS = /^(?:-c|-e|--command|--execute|--eval|-q|--query|-Q|--sql)$/;

/** The statements a database client segment runs, and whether it opens the engine's database. */
function clientStatements(
  segment: Segment,
  isEngine: (path: string) => boolean,
): { texts: string[]; engine: boolean } {
  const argv = segment.argv;
  const program = segment.program;
  if (!runsSqlWith(program)) return NO_STATEMENTS;
  const texts: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const [name, glued] = splitOption(argv[i]);
    if (STATEMENT_OPTIONS.test(name) && (glued ?? argv[i + 1])) texts.push(glued ?? argv[i + 1]);
  }
  const plain = argv.slice(1).filter((arg) => !arg.startsWith("-"));
  if (program === "sqlite3" || program === "duckdb") texts.push(...plain.slice(1));
  if (program === "redis-cli") texts.push(plain.join(" "));
  return { texts, engine: plain.some(isEngine) };
}

/** Whether judgeSql looks at a segment of `program` (a database client). */
export function runsSqlWith(program: string): boolean {
  return SQL_CLIENTS.has(program);
}

/** Judges every statement the action runs; `texts` are SQL-bearing payload texts (code, queries). */
export function judgeSql(
  texts: readonly string[],
  segments: readonly Segment[],
  isEngine: (path: string) => boolean,
  findings: Findings,
): SqlReading {
  const reading: SqlReading = { found: false, writes: false };
  for (const text of texts.slice(0, 32)) {
    const protectionOff = text.length <= MAX_SQL_CHARS && PROTECTION_OFF_IN_TEXT.test(text);
    if (protectionOff) findings.escalate("access", PROTECTION_OFF_DETAIL);
    if (!SQL_START.test(text) && !NOSQL_MASS.test(text)) {
      reading.found ||= protectionOff;
      reading.writes ||= protectionOff;
      continue;
    }
    reading.found = true;
    reading.writes = judgeText(text, false, findings) || reading.writes;
  }
  for (const segment of segments) {
    const { texts: statementsOf, engine } = clientStatements(segment, isEngine);
    judgeRemoteStatements(segment.argv, statementsOf, findings);
    for (const text of statementsOf) {
      reading.found = true;
      reading.writes = judgeText(text, engine, findings) || reading.writes;
    }
  }
  return reading;
}
