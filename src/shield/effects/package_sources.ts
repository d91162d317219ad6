/** Package sources named on an install's command line, read from the table in data/package_sources.ts: a feed,
 * channel, repository or plugin given as a URL or git reference on a host that is not allowed (`dotnet add package X
 * --source URL`, `mvn ... -DremoteRepositories=URL`, `yarn plugin import URL`, `poetry self add git+URL`), a package
 * file outside the workspace (`gem install /tmp/x.gem`) -> ESCALATE (a lookalike of a registry host -> BLOCK); an option
 * that turns off the store's signature check (`apt-get --allow-unauthenticated`) -> ESCALATE. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { classifyPath } from "./path_classes.ts";
import { readHost } from "./hosts.ts";
import { PACKAGE_SOURCES, type PackageSourceRow } from "./data/package_sources.ts";

const ROWS = new Map<string, PackageSourceRow[]>();
for (const row of PACKAGE_SOURCES) {
  for (const program of row.programs) ROWS.set(program.toLowerCase(), [...ROWS.get(program) ?? [], row]);
}

const URL_SOURCE = /^[a-z][a-z0-9+.-]*:\/\//i;
const GIT_SOURCE = /^(?:git\+|git@)|\.git(?:[#@].*)?$/i;
const PACKAGE_FILE = /\.(?:gem|nupkg|jar|whl|tgz|tar\.gz|zip|vsix|js|cjs|rb)$/i;

/** Why a source value comes from outside the registries (`block` for a registry lookalike), or undefined. */
export function outsideValue(
  value: string,
  environment: ShieldEnvironment,
): { why: string; block?: boolean } | undefined {
  if (GIT_SOURCE.test(value)) return { why: `the git repository "${value.slice(0, 80)}"` };
  if (URL_SOURCE.test(value) && !/^file:/i.test(value)) {
    const host = readHost(value.replace(/^git\+/i, ""), environment);
    if (!host || host.loopback || host.allowed) return undefined;
    if (host.lookalike) return { why: `"${host.host}", a lookalike of "${host.lookalike}"`, block: true };
    return { why: `"${host.host}"` };
  }
  const path = value.replace(/^file:(?:\/\/)?/i, "");
  if (path !== value || PACKAGE_FILE.test(path)) {
    const kind = classifyPath(normalizePath(path, environment.workspace, environment.shellHome), environment);
    if (kind !== "workspace") return { why: `the file "${value.slice(0, 80)}" outside the workspace` };
  }
  return undefined;
}

/** Where the words after the row's install verb start, or -1 when the command does not install. */
function verbAt(words: readonly string[], row: PackageSourceRow): number {
  if (row.verbs.length === 0) return 0;
  // The verb may follow option values (`apt-get -o Key=value update`): its first place counts.
  for (let at = 0; at < words.length && at < 8; at++) {
    for (const verb of row.verbs) {
      if (verb.every((word, index) => words[at + index] === word)) return at + verb.length;
    }
  }
  return -1;
}

function judgeRow(
  args: readonly string[],
  row: PackageSourceRow,
  environment: ShieldEnvironment,
  findings: Findings,
) {
  const words = args.filter((arg) => !arg.startsWith("-"));
  const after = verbAt(words, row);
  if (after < 0) return;
  const values: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [name, glued] = args[i].split(/=(.*)/s);
    if (row.unsignedOptions?.includes(name)) {
      findings.escalate("install", `installs with "${name}", which skips the store's signature check`);
      return;
    }
    if (row.unsignedValues && row.unsignedValues.test(args[i])) {
      findings.escalate(
        "install",
        `installs with "${args[i].slice(0, 80)}", which skips the signature check`,
      );
      return;
    }
    if (row.sourceOptions?.includes(name)) values.push(glued ?? args[i + 1] ?? "");
    if (row.pathOptions?.includes(name)) values.push(`file:${glued ?? args[i + 1] ?? "."}`);
    const property = /^-D([\w.]+)=(.*)$/s.exec(args[i]);
    if (property && row.sourceProperties?.includes(property[1])) values.push(...property[2].split(","));
  }
  const positionals = words.slice(after, after + 8);
  if (row.positional) values.push(...positionals);
  const forge = positionals.findIndex((word) => row.forgeWords?.includes(word));
  if (forge >= 0 && positionals[forge + 1]) {
    findings.escalate(
      "install",
      `"${row.programs[0]}" installs from the forge repository "${positionals[forge + 1]}"`,
    );
    return;
  }
  for (const value of values) {
    const outside = outsideValue(value.replace(/^[\w-]+::/, ""), environment);
    if (!outside) continue;
    const message = `"${row.programs[0]}" installs from ${outside.why}`;
    if (outside.block) findings.block("install", message);
    else findings.escalate("install", message);
    return;
  }
}

/** Whether judgePackageSources looks at a segment of `program` (its loop starts with this test). */
export const namesSourcesWith = (program: string): boolean => ROWS.has(program.toLowerCase());

export function judgePackageSources(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    if (!namesSourcesWith(segment.program)) continue;
    const rows = ROWS.get(segment.program.toLowerCase())!;
    const args = segment.argv.slice(1);
    for (const row of rows) judgeRow(args, row, environment, findings);
  }
}
