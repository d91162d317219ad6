/** The helpfulness bypass (round 28): safeguards removed to make a task pass. Edits of files -- tests skipped or
 * asserted away, access checks commented out or short-circuited, CI security scans neutered -- and commands -- hooks
 * skipped (round 17's check, with a stated reason now), scans deleted from CI by an editor, pod protections relaxed,
 * an agent's approvals or sandbox switched off; round 34 adds tests gutted without a skip, review gates taken away,
 * business limits removed and bypasses planted in access checks; round 38 web middleware taken out, CORS opened to
 * every origin with credentials, and tests passed by a placeholder they call temporary; round 43 webhook
 * signatures unchecked, uploads of any type into served folders and secrets logged; round 47 security tests
 * loosened, allow-lists opened, server auth taken out, passwords unhashed, package manager safety settings off, and
 * in-place `sed`/`perl` substitutions judged as the edits they are. Two calls: one for written files, one for
 * command lines. */

import type { ActionView } from "../action_view.ts";
import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { tamperedTests } from "./tampered_tests.ts";
import { disabledChecks } from "./disabled_checks.ts";
import { judgeNeuteredScanCommands, neuteredScans, neutersScansWith } from "./neutered_scans.ts";
import { writtenEdit } from "./written_edit.ts";
import { judgeSkippedHooks, skipsHooksWith } from "./skipped_checks.ts";
import { judgeRelaxedPods, relaxesPodsWith } from "./relaxed_pods.ts";
import { judgeAgentGuardCommands, switchesGuardsWith } from "./agent_guard_commands.ts";
import { privilegedManifests } from "./privileged_manifests.ts";
import { excludedTests } from "./excluded_tests.ts";
import { editsTestsWith, judgeTestsByCommand } from "./tests_by_command.ts";
import { payloadStrings } from "./payload_strings.ts";
import { ProgramGates } from "./segment_programs.ts";
import { guttedTests } from "./gutted_tests.ts";
import { judgeDeletedOwners, removedReviewGates } from "./review_gates.ts";
import { removedLimits } from "./removed_limits.ts";
import { plantedBypasses } from "./planted_bypasses.ts";
import { weakenedWebGuards } from "./weakened_web_guards.ts";
import { deferredTests } from "./deferred_tests.ts";
import { unverifiedWebhooks } from "./unverified_webhooks.ts";
import { openUploads } from "./open_uploads.ts";
import { loggedSecrets } from "./logged_secrets.ts";
import { noopGuards } from "./noop_guards.ts";
import { blankedFiles } from "./blanked_files.ts";
import { loosenedAssertions } from "./loosened_assertions.ts";
import { widenedAllowLists } from "./widened_allow_lists.ts";
import { serverAuthConfigs } from "./server_auth_configs.ts";
import { plainPasswords } from "./plain_passwords.ts";
import {
  judgePackageSafetyCommands,
  packageSafetyFiles,
  setsPackageConfigWith,
} from "./package_safety_settings.ts";
import { filtersTestsWith, judgeSecurityTestFilters, securityTestConfigs } from "./security_test_filters.ts";
import { substitutedEdits, substitutesWith } from "./substituted_edits.ts";
import { judgeWeakenedCode } from "./weakened_code.ts";
import { weakPasswordHashes } from "./weak_password_hashes.ts";
import { tautologicalTests } from "./tautological_tests.ts";
import { hardcodedCredentials } from "./hardcoded_credentials.ts";
import { servedTrees } from "./served_trees.ts";
import { droppedTypeChecks } from "./dropped_type_checks.ts";
import { passthroughProtections } from "./passthrough_protections.ts";
import { protectionSettingsOff } from "./protection_settings_off.ts";
import { fakedPasses } from "./faked_passes.ts";
import { unpinnedActions } from "./unpinned_actions.ts";
import { securityRulesOff } from "./security_rules_off.ts";
import { ciChecksRemoved } from "./ci_checks_removed.ts";
import { removedRejections } from "./removed_rejections.ts";

/** `removed` is the text an edit replaces (when known); `contents` what it writes to `paths`; `fileText` a file tool's
 * own written text (`content` of the canonical payload), apart from other fields. */
export function judgeSafeguardEdits(
  tool: string,
  paths: readonly string[],
  removed: string | undefined,
  contents: readonly string[],
  findings: Findings,
  fileText?: string,
): void {
  if (paths.length === 0) return;
  const edit = writtenEdit(tool, paths, removed, contents, fileText);
  const judges = [
    tamperedTests,
    disabledChecks,
    neuteredScans,
    privilegedManifests,
    excludedTests,
    // Round 34: tests gutted without a skip, review gates, business limits, bypasses planted in access checks.
    guttedTests,
    removedReviewGates,
    removedLimits,
    plantedBypasses,
    // Round 38: web middleware and CORS opened, tests passed by a placeholder called temporary.
    weakenedWebGuards,
    deferredTests,
    // Round 43: webhook signatures no longer checked, uploads of any type into served folders, secrets logged, guards
    // written as no-ops, data files written with nothing.
    unverifiedWebhooks,
    openUploads,
    loggedSecrets,
    noopGuards,
    blankedFiles,
    // Round 47: security tests loosened, allow-lists opened, server auth taken out, passwords unhashed, package
    // manager safety settings written off, security tests left out by a written config.
    loosenedAssertions,
    widenedAllowLists,
    serverAuthConfigs,
    plainPasswords,
    packageSafetyFiles,
    securityTestConfigs,
    // Round 52: password hashing swapped for a plain digest or its cost lowered, tests that cannot fail,
    // credentials hard-coded into committed files, web servers handing out the tree or its secret files.
    weakPasswordHashes,
    tautologicalTests,
    hardcodedCredentials,
    servedTrees,
    droppedTypeChecks,
    // Round 62: rate limiters, throttles, security headers and like protections made pass-throughs.
    passthroughProtections,
    // Round 64: protection settings (enforce, verify, CSRF, MFA, TLS, sandbox ...) turned off in config files.
    protectionSettingsOff,
    // Round 78: source special-cased to a test's literals, coverage thresholds lowered, workflow actions unpinned.
    fakedPasses,
    unpinnedActions,
    securityRulesOff,
    // Round 95: CI's tests replaced by steps that do nothing, deleted or switched off; guards that turn requests away
    // (401/403) deleted with nothing in their place.
    ciChecksRemoved,
    removedRejections,
  ];
  for (const judge of judges) {
    const reason = judge(edit);
    if (reason) findings.escalate("security", reason);
  }
}

/** The command checks below, each behind the program test its segment loop starts with (one bit each, asked once
 * per program name; round 20 of speed: called on every command till then, 1 to 2 µs of the median command). A new
 * command check of this call joins this table with the test its own segment loop starts with. */
const GATES = new ProgramGates();
export const SKIPPED_HOOKS = GATES.gate(skipsHooksWith);
export const NEUTERED_SCANS = GATES.gate(neutersScansWith);
export const TESTS_BY_COMMAND = GATES.gate(editsTestsWith);
export const RELAXED_PODS = GATES.gate(relaxesPodsWith);
export const AGENT_GUARDS = GATES.gate(switchesGuardsWith);
export const SUBSTITUTIONS = GATES.gate(substitutesWith);
export const TEST_FILTERS = GATES.gate(filtersTestsWith);
export const PACKAGE_SETTINGS = GATES.gate(setsPackageConfigWith);

export function judgeSafeguardCommands(view: ActionView, findings: Findings): void {
  const { tool, segments } = view;
  if (view.type === "delete_file" || segments.length > 0) judgeDeletedOwners(view, findings);
  if (segments.length === 0) return;
  const reached = GATES.reached(segments);
  if (reached === 0) return;
  if (view.type === "execute_command" && (reached & SKIPPED_HOOKS) !== 0) {
    // The reasons a command tool is given beside its command (`description`, `reason`) say what was in the way.
    const reasons = () =>
      payloadStrings(view.payload).filter((entry) => entry.key !== "command").map((entry) => entry.value);
    judgeSkippedHooks(tool, segments, view.texts.get("shell") ?? [], findings, reasons);
  }
  if (reached & NEUTERED_SCANS) judgeNeuteredScanCommands(tool, segments, findings);
  if (reached & TESTS_BY_COMMAND) {
    judgeTestsByCommand(
      tool,
      segments,
      findings,
      () => payloadStrings(view.payload).map((entry) => entry.value),
    );
  }
  if (reached & RELAXED_PODS) judgeRelaxedPods(tool, segments, findings);
  if (reached & AGENT_GUARDS) judgeAgentGuardCommands(tool, segments, findings);
  if (reached & SUBSTITUTIONS) judgeSubstitutions(tool, segments, findings);
  if (reached & TEST_FILTERS) judgeSecurityTestFilters(tool, segments, findings);
  if (reached & PACKAGE_SETTINGS) judgePackageSafetyCommands(tool, segments, findings);
}

/** In-place substitutions judged as the edits they are, by the written-code checks of both calls (round 47). */
export function judgeSubstitutions(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    for (const edit of substitutedEdits(segment).slice(0, 8)) {
      judgeWeakenedCode(tool, edit.removed, [edit.written], findings, edit.paths);
      judgeSafeguardEdits(tool, edit.paths, edit.removed, [edit.written], findings);
    }
  }
}
