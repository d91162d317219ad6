/** Security gates of CI switched off (round 28, beside round 22's stubbed test steps): a dependency audit, code or
 * container scan, or secret scan made to always pass (`npm audit ... || true`, `continue-on-error: true` on its
 * step), its step deleted from the pipeline (a removed `github/codeql-action/analyze`, `sed -i '/gitleaks/d'`), or
 * its failing threshold raised (`--audit-level=moderate` -> `critical`); and the test coverage a run must reach
 * lowered (`--cov-fail-under=85` -> `0`, `fail_under = 90` -> `40`). A preview deploy made non-blocking and a threshold
 * or coverage made stricter pass. ESCALATE.
 * Sources: OWASP Top 10 CI/CD Security Risks (CICD-SEC-1 insufficient flow control); npm-audit `--audit-level`;
 * GitHub Actions `continue-on-error`; CodeQL, Trivy, Semgrep, Snyk and gitleaks action docs; pytest-cov
 * `--cov-fail-under`, coverage.py `fail_under`. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import type { WrittenEdit } from "./written_edit.ts";
import { ALWAYS_PASSES, EDITORS, TEST_CONFIG } from "./stubbed_tests.ts";
import { matchesOf } from "../match_all.ts";

const SCANNER =
  /\b(?:npm|yarn|pnpm|bun|composer|cargo|bundle)\s+audit\b|\bpip-audit\b|\bsafety\s+(?:check|scan)\b|\bsnyk\b|\btrivy\b|\bgrype\b|\bsemgrep\b|\bbandit\b|\bgitleaks\b|\btrufflehog\b|\bdetect-secrets\b|\bcodeql\b|\bgosec\b|\bgovulncheck\b|\bbrakeman\b|\bbundler-audit\b|\bcheckov\b|\btfsec\b|\bkics\b|\bzap-(?:baseline|full-scan)|\bdependency-check\b|\bdependency-review-action\b|\bosv-scanner\b|\bcargo\s+deny\b|\bsonar(?:qube|cloud|-scanner)?\b|\bggshield\b/i;
/** Workflows named for security work: a step made non-blocking there is a gate switched off. */
const SECURITY_WORKFLOW =
  /\/(?:[\w-]*(?:security|codeql|scan|sast|audit|secrets?|trivy|snyk|semgrep|gitleaks)[\w-]*)\.ya?ml$/i;
const NON_BLOCKING = /continue-on-error["']?\s*[:=]\s*["']?true|\ballow_failure\s*:\s*true/i;
/** Failing thresholds, lowest to highest (a higher one lets more findings through). */
const LEVELS = ["info", "low", "moderate", "medium", "high", "critical"];
const THRESHOLD = /--(?:audit-level|severity-threshold|fail-on(?:-severity)?|min-severity)[= ](\w+)/gi;

/** The coverage a test run must reach (pytest-cov and coverage.py options and settings). */
const COVERAGE_MINIMUM = /(?:--cov-fail-under|--fail-under|\bfail_under)\s*[= :]\s*(\d+)/gi;
const COVERAGE_FILE = /(?:^|\/)\.coveragerc$/;

function lowestCoverage(text: string): number | undefined {
  let lowest: number | undefined;
  for (const match of matchesOf(COVERAGE_MINIMUM, text)) {
    lowest = Math.min(lowest ?? Infinity, Number(match[1]));
  }
  return lowest;
}

function highestLevel(text: string): number {
  let level = -1;
  for (const match of matchesOf(THRESHOLD, text)) {
    const rank = LEVELS.indexOf(match[1].toLowerCase());
    level = Math.max(level, rank === 3 ? 2 : rank);
  }
  return level;
}

/** How a written CI text switches a scan off, given the text it replaces (when known). */
function neutered(path: string, written: string, removed: string): string | undefined {
  const lines = written.split("\n");
  const always = lines.find((line) => SCANNER.test(line) && ALWAYS_PASSES.test(line));
  if (always) return `makes "${always.trim().slice(0, 60)}" always pass`;
  for (const [index, line] of lines.entries()) {
    if (!NON_BLOCKING.test(line) || removed.includes(line.trim())) continue;
    const step = lines.slice(Math.max(0, index - 4), index + 5).join("\n");
    if (SCANNER.test(step) || SECURITY_WORKFLOW.test(path)) {
      return "lets a security scan fail without failing the run";
    }
  }
  const gone = SCANNER.exec(removed)?.[0];
  if (gone && !new RegExp(gone.replace(/\s+/g, "\\s+"), "i").test(written)) {
    return `removes the "${gone}" step`;
  }
  const before = highestLevel(removed);
  if (before >= 0 && highestLevel(written) > before) return "raises the severity a scan fails on";
  const required = removed.includes("fail") ? lowestCoverage(removed) : undefined;
  const now = required === undefined ? undefined : lowestCoverage(written);
  if (required !== undefined && now !== undefined && now < required) {
    return `lowers the test coverage it requires from ${required} to ${now} %`;
  }
  return undefined;
}

/** Why the written CI file no longer gates on its security scans, if it does not. */
export function neuteredScans(edit: WrittenEdit): string | undefined {
  const file = edit.paths.find((path) => TEST_CONFIG.test(path) || COVERAGE_FILE.test(path));
  if (!file) return undefined;
  const { removed, written } = edit;
  const gates = SCANNER.test(written) || SCANNER.test(removed) || NON_BLOCKING.test(written) ||
    removed.includes("fail");
  if (!gates) return undefined;
  const how = neutered(file, written, removed);
  if (how) return `"${edit.tool}" switches off a CI gate in "${file}": it ${how}`;
  return undefined;
}

/** `sed -i '/gitleaks/d' .github/workflows/ci.yml`, `yq -i 'del(.jobs.codeql)' ...`: an editor deleting a scan from a
 * CI file, or making it always pass, by command. */
/** The test judgeNeuteredScanCommands's segment loop starts with (a gate of `bypassed_safeguards.ts`). */
export const neutersScansWith = (program: string): boolean => EDITORS.has(program);

export function judgeNeuteredScanCommands(
  tool: string,
  segments: readonly Segment[],
  findings: Findings,
): void {
  for (const segment of segments) {
    if (!EDITORS.has(segment.program)) continue;
    const args = segment.argv.slice(1);
    if (!args.some((word) => TEST_CONFIG.test(word))) continue;
    const text = args.join(" ");
    if (!SCANNER.test(text)) continue;
    if (ALWAYS_PASSES.test(text) || /\/d\b|\bdel\(|\bdelete\b/.test(text)) {
      findings.escalate(
        "security",
        `"${tool}" deletes or neuters a CI security scan by "${segment.program}"`,
      );
      return;
    }
  }
}
