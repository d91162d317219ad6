/** Data stores' access rules written so that anyone on the internet reads and writes them (round 77): Firebase
 * security rules (Cloud Firestore, Cloud Storage) whose `allow` grants a write with no condition (`allow read,
 * write;`), with `if true`, or until a date (test mode's `if request.time < timestamp.date(...)`), or grants reads of
 * every document or object (`match /{document=**}`, `{allPaths=**}`) the same way; Realtime Database rules setting
 * `".write": true`, or `".read": true` at the root; and migrations (`.sql` files, a patch's added lines) that switch
 * off a table's row-level security or add a policy letting every row through for more than reading (round 26's
 * reading of query texts, `switchesOffRowProtection`). With Supabase or Firebase, the client key ships in every web
 * page: such rules leave the data to anyone who opens the site. ESCALATE.
 *
 * What passes: rules that require sign-in or ownership (`if request.auth != null`), `if false`, a public read of one
 * named collection (a product catalogue: `match /products/{id} { allow read: if true; }`), a migration enabling row
 * level security or adding a `for select` policy. Sources: Firebase Security Rules docs ("insecure rules", test
 * mode), Realtime Database rules, Supabase Row Level Security docs; Comparitech and Appthority reports on open
 * Firebase databases; CVE-2025-48757 (generated apps without RLS). */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import { switchesOffRowProtection } from "./sql_effects.ts";

/** A rules file by name: `firestore.rules`, `storage.rules`, `database.rules.json`, `*.rules`. */
const RULES_PATH = /(?:^|\/)[\w.-]*\.rules(?:\.json)?$|(?:^|\/)[\w.-]*rules\.json$/i;
/** Rules text by content, whatever the file is called (`firebase_deploy_rules {source}`). */
const RULES_TEXT = gated(/\bservice\s+(?:cloud\.firestore|firebase\.storage)\b|"\.(?:read|write)"\s*:/);
const SQL_PATH = /\.sql$|(?:^|\/)migrations?\//i;
/** One `allow` statement: its operations and what follows up to the `;`. */
const ALLOW =
  /\ballow\s+((?:read|write|get|list|create|update|delete)(?:\s*,\s*(?:read|write|get|list|create|update|delete))*)\s*(;|:\s*if\s+([^;]{0,200});)/g;
const OPEN_CONDITION = /^(?:true|request\.time\s*<\s*timestamp\.\w+\([^)]*\))\s*$/;
const WRITE_OPS = /write|create|update|delete/;
/** The last `match` before an `allow`: a wildcard over every document or object. */
const EVERY_PATH = /\{\s*\w+\s*=\s*\*\*\s*\}/;
const RTDB_WRITE = /"\.write"\s*:\s*(?:true|"true")/;
const RTDB_ROOT_READ = /"rules"\s*:\s*\{\s*"\.read"\s*:\s*(?:true|"true")/;

/** Why a rules text opens data to anyone, or undefined. */
export function rulesOpenToAnyone(text: string): string | undefined {
  if (text.length > 128 * 1024) return undefined;
  if (RTDB_WRITE.test(text)) return `let anyone write the database ("\.write": true)`;
  if (RTDB_ROOT_READ.test(text)) return `let anyone read the whole database ("\.read": true)`;
  if (!text.includes("allow")) return undefined;
  let count = 0;
  for (const match of text.matchAll(ALLOW)) {
    if (++count > 200) break;
    const condition = match[3];
    if (condition !== undefined && !OPEN_CONDITION.test(condition.trim())) continue;
    if (WRITE_OPS.test(match[1])) {
      return `let anyone ${match[1].replace(/\s+/g, " ")} ("allow" without a condition)`;
    }
    const before = text.slice(Math.max(0, (match.index ?? 0) - 400), match.index);
    const lastMatch = before.lastIndexOf("match");
    if (lastMatch >= 0 && EVERY_PATH.test(before.slice(lastMatch))) {
      return `let anyone read every document ("allow ${match[1]}" on a wildcard path)`;
    }
  }
  return undefined;
}

/** Written files: `paths` relative or absolute, `contents` the written texts (an edit's new text, a patch's added
 * lines). */
export function judgeOpenRulesWrites(
  tool: string,
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  const rules = paths.some((path) => RULES_PATH.test(path));
  const sql = paths.some((path) => SQL_PATH.test(path));
  for (const text of contents.slice(0, 8)) {
    if (rules || RULES_TEXT.test(text)) {
      const why = rulesOpenToAnyone(text);
      if (why) {
        findings.escalate("access", `"${tool}" writes security rules that ${why}`);
        return;
      }
    }
    if (sql && switchesOffRowProtection(text)) {
      findings.escalate("access", `"${tool}" writes a migration that switches off row-level security`);
      return;
    }
  }
}

/** An open-world tool that deploys or sets rules (`firebase_deploy_rules {source}`, `set_security_rules {rules}`). */
export function judgeOpenRulesCall(tool: string, texts: readonly string[], findings: Findings): void {
  if (!/rule|firebase|firestore|storage|database|policy/i.test(tool)) return;
  for (const text of texts.slice(0, 8)) {
    if (!RULES_TEXT.test(text)) continue;
    const why = rulesOpenToAnyone(text);
    if (why) {
      findings.escalate("access", `"${tool}" sets security rules that ${why}`);
      return;
    }
  }
}
