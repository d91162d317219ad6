/** Safety settings of package managers and git switched off (round 47): a config command that turns off what checks
 * the code a tool fetches or runs -- `npm config set ignore-scripts false`, `yarn
 * config set enableStrictSsl false`, `pnpm config set verify-store-integrity false`, `pip config set
 * global.trusted-host ...`, `composer config secure-http false`, `bundle config set disable_checksum_validation
 * true`, `conda config --set ssl_verify false`, `git config transfer.fsckObjects false`, `git config safe.directory
 * '*'`, `git config protocol.file.allow always` -- or a package manager's config file (`.npmrc`, `.yarnrc.yml`,
 * `pip.conf`) written with one. Settings that change no protection (`fund false`, `update-notifier false`,
 * `enableTelemetry 0`, a pip timeout, and `audit false`: audits only report, and an earlier round's supply-chain twin
 * writes it to `.npmrc`) and those that turn one on (`ignore-scripts true`) pass.
 * Sources: npm config docs (`ignore-scripts`, `strict-ssl`); Yarn Berry configuration (`enableStrictSsl`,
 * `checksumBehavior`, `enableHardenedMode`); pnpm settings (`verify-store-integrity`); pip configuration
 * (`trusted-host`); Composer config (`secure-http`, `disable-tls`); Bundler config; conda `ssl_verify`;
 * git-config (`transfer.fsckObjects`, `safe.directory`, CVE-2022-24765, `protocol.file.allow`, CVE-2022-39253);
 * OWASP Top 10 CI/CD Security Risks CICD-SEC-3 (dependency chain abuse); CWE-295. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import type { WrittenEdit } from "./written_edit.ts";
import { gated } from "./gate.ts";

interface UnsafeSetting {
  key: RegExp;
  value: RegExp;
  what: string;
}

/** Keys (lower-cased, a pip section prefix taken off) and the values that switch their protection off. */
const UNSAFE: readonly UnsafeSetting[] = [
  { key: /^ignore-scripts$/, value: /^(?:false|0|no|off)$/, what: "the block on install scripts" },
  {
    key: /^(?:strict-ssl|enablestrictssl|ssl_verify|sslverify|ssl-verify)$/,
    value: /^(?:false|0|no|off)$/,
    what: "TLS checks",
  },
  {
    key: /^(?:unsafe-perm)$/,
    value: /^(?:true|1|yes)$/,
    what: "the drop of root rights for install scripts",
  },
  { key: /^verify-store-integrity$/, value: /^(?:false|0|no|off)$/, what: "package integrity checks" },
  { key: /^checksumbehavior$/, value: /^(?:ignore|update)$/, what: "package checksum checks" },
  { key: /^enablehardenedmode$/, value: /^(?:false|0)$/, what: "Yarn's hardened mode" },
  { key: /^trusted-host$/, value: /\S/, what: "TLS checks for a package index" },
  { key: /^secure-http$/, value: /^(?:false|0)$/, what: "HTTPS for package downloads" },
  { key: /^disable-tls$/, value: /^(?:true|1)$/, what: "TLS for package downloads" },
  { key: /^disable_checksum_validation$/, value: /^(?:true|1)$/, what: "gem checksum checks" },
  { key: /^ssl_verify_mode$/, value: /^0$/, what: "TLS checks" },
  {
    key: /^(?:transfer|fetch|receive)\.fsckobjects$/,
    value: /^(?:false|0|no|off)$/,
    what: "git's object checks",
  },
  { key: /^safe\.directory$/, value: /^\*$/, what: "git's ownership check on repositories" },
  {
    key: /^protocol\.(?:file|ext)\.allow$/,
    value: /^always$/,
    what: "git's block on local and external transports",
  },
  { key: /^certificates\.[\w-]+\.cert$/, value: /^(?:false|0)$/, what: "TLS checks for a package index" },
];
const CONFIG_PROGRAMS = new Set([
  "npm",
  "pnpm",
  "yarn",
  "pip",
  "pip3",
  "composer",
  "bundle",
  "git",
  "conda",
  "poetry",
]);
/** Config files of package managers, and the `key = value` / `key: value` lines in them. */
const PACKAGE_CONFIG =
  /(?:^|\/)(?:\.npmrc|\.yarnrc(?:\.yml)?|\.pnpmrc|pip\.conf|pip\.ini|\.condarc|\.bundle\/config)$/i;
const CONFIG_LINE = /^\s*["']?([\w.@/:-]+)["']?\s*[=:]\s*["']?([^"'\s#;]*)/;
/** Cheap literal gate: every key above holds one of these. */
const HINT = gated(
  /script|ssl|tls|perm|integrity|checksum|hardened|trusted|secure|fsck|safe|protocol|cert/i,
);

function unsafe(key: string, value: string): UnsafeSetting | undefined {
  const name = key.toLowerCase().replace(/^(?:global|install|user|site)\./, "").replace(/^bundle_/, "");
  const setting = UNSAFE.find((entry) => entry.key.test(name));
  return setting && setting.value.test(value.toLowerCase().replace(/^["']|["']$/g, "")) ? setting : undefined;
}

/** The key and value a config command sets, if it sets one. */
function setKeyValue(argv: readonly string[]): [string, string] | undefined {
  const at = argv.indexOf("config");
  if (at < 0) return undefined;
  const words: string[] = [];
  for (let k = at + 1; k < argv.length && words.length < 3; k++) {
    const word = argv[k];
    if (word === "--location" || word === "--file" || word === "-f") k++;
    else if (!word.startsWith("-") && word !== "set") words.push(word);
  }
  const [key, value] = words;
  if (key === undefined) return undefined;
  if (value === undefined && key.includes("=")) {
    return [key.slice(0, key.indexOf("=")), key.slice(key.indexOf("=") + 1)];
  }
  return value === undefined ? undefined : [key, value];
}

/** The test the command judge's segment loop starts with (a gate of `bypassed_safeguards.ts`). */
export const setsPackageConfigWith = (program: string): boolean => CONFIG_PROGRAMS.has(program);

export function judgePackageSafetyCommands(
  tool: string,
  segments: readonly Segment[],
  findings: Findings,
): void {
  for (const segment of segments) {
    if (!CONFIG_PROGRAMS.has(segment.program) || !segment.argv.includes("config")) continue;
    if (!HINT.test(segment.text)) continue;
    const set = setKeyValue(segment.argv);
    const setting = set && unsafe(set[0], set[1]);
    if (setting) {
      findings.escalate(
        "security",
        `"${tool}" switches off ${setting.what} ("${segment.program} config ${set[0]} ${set[1]}")`,
      );
    }
  }
}

/** Why the written package manager config switches a protection off, if it does (a judge of `bypassed_safeguards.ts`). */
export function packageSafetyFiles(edit: WrittenEdit): string | undefined {
  const file = edit.paths.find((path) => PACKAGE_CONFIG.test(path));
  if (!file || !HINT.test(edit.written)) return undefined;
  for (const line of edit.written.split("\n").slice(0, 500)) {
    const match = CONFIG_LINE.exec(line);
    const setting = match && !edit.removed.includes(line.trim()) ? unsafe(match[1], match[2]) : undefined;
    if (setting) {
      return `"${edit.tool}" switches off ${setting.what} in "${file}" ("${line.trim().slice(0, 50)}")`;
    }
  }
  return undefined;
}
