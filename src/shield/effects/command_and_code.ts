/** The command and code checks of an effect profile: CLIs, fetched code, secrets, installs and indexes,
 * protections, containers, SQL, interpreter code and the files it touches, page code (split from effect_profile.ts). */

import { judgeUnsafeLoads } from "./unsafe_loads.ts";
import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import { TEST_FILE } from "../rule_exemptions.ts";
import { Findings } from "./findings.ts";
import { classifyPath } from "./path_classes.ts";
import { judgeSegments } from "./command_effects.ts";
import { judgeCode } from "./code_effects.ts";
import { judgeCodeStoresAndSends } from "./code_stores_and_sends.ts";
import { judgeFetchedCode } from "./fetched_code.ts";
import { judgeProgramTransfers } from "./program_transfers.ts";
import { judgeCodeInstalls } from "./code_installs.ts";
import { judgeInitialisers } from "./initialisers.ts";
import { judgeDenoSpecifiers } from "./deno_specifiers.ts";
import { judgeShellConfigWrites } from "./shell_config_writes.ts";
import { judgePackageSources } from "./package_sources.ts";
import { judgeSourceInstalls } from "./source_installs.ts";
import { judgeRemoteRuns } from "./remote_runs.ts";
import { judgeSecretTools } from "./secret_access.ts";
import { judgeSecretEgress } from "./secret_egress.ts";
import { judgeSecretUploads } from "./secret_uploads.ts";
import { judgeSql, type SqlReading } from "./sql_effects.ts";
import { judgeIndexCommands } from "./config_files.ts";
import { judgeCodeFiles } from "./code_files.ts";
import { judgeWebCode } from "./web_code.ts";
import { judgeProtections } from "./protections.ts";
import { judgeContainers } from "./containers.ts";
import { judgeOtherInstalls } from "./other_installs.ts";
import { type ClassedPath } from "./local_effects.ts";
import { judgeGoLookalikes } from "./go_lookalikes.ts";
import { judgeCompromisedInstalls } from "./compromised_releases.ts";
import { judgeRunnerTargets } from "./runner_targets.ts";
import { judgeCredentialColumns } from "./credential_columns.ts";
import { judgeCommandRoutes } from "./command_routes.ts";
import * as gates from "./segment_gates.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeRemoteDeletes } from "./remote_deletes.ts";
import { judgeEmptiedFiles } from "./emptied_files.ts";
import { judgeLaunchers } from "./windows_launchers.ts";
import type { Segment } from "../shell_parser.ts";
import { judgeSupplyRound39 } from "./supply_round39.ts";
import { keychainItemsIntoClients } from "./keychain_env_uses.ts";
import { isDocFile } from "./doc_files.ts";

const NO_SEGMENTS: readonly Segment[] = [];

/** What the action's commands and code do: CLIs, fetched code, secrets, installs and indexes, protections,
 * containers, SQL, interpreter code and the files it touches, page code. */
export function judgeCommandsAndCode(
  view: ActionView,
  open: boolean,
  writes: ClassedPath[],
  environment: ShieldEnvironment,
  findings: Findings,
): SqlReading {
  const code = view.texts.get("code") ?? [];
  const shell = view.texts.get("shell") ?? [];
  // The checks that read segments alone find nothing in an action without any (their calls are skipped), and those
  // that look at some programs' segments only nothing in a command that runs none of them.
  const segmented = view.segments.length > 0;
  const reached = segmented ? gates.reachedBy(view.segments) : 0;
  if (reached & gates.SEGMENT_CHECKS) judgeSegments(view.segments, environment, findings);
  if (reached & gates.FETCHED_CODE) judgeFetchedCode(view.segments, environment, findings);
  if (reached & gates.TRANSFERS) judgeProgramTransfers(view.segments, environment, findings);
  if (reached & gates.SOURCE_INSTALLS) judgeSourceInstalls(view.segments, environment, findings);
  if (reached & gates.PACKAGE_SOURCES) judgePackageSources(view.segments, environment, findings);
  if (reached & gates.CODE_INSTALLS) judgeCodeInstalls(view.segments, environment, findings);
  if (reached & gates.INITIALISERS) judgeInitialisers(view.segments, findings);
  if (reached & gates.DENO_SPECIFIERS) judgeDenoSpecifiers(view.segments, findings);
  if (reached & gates.SHELL_CONFIG_WRITES) judgeShellConfigWrites(view.segments, environment, findings);
  if (reached & gates.REMOTE_RUNS) judgeRemoteRuns(view.segments, environment, findings);
  if ((reached & gates.SECRET_TOOLS) !== 0 || code.length > 0) {
    const handed = (reached & gates.SECRET_TOOLS) !== 0 && keychainItemsIntoClients(view);
    judgeSecretTools(view.segments, code, findings, handed);
  }
  if (reached & gates.SECRET_EGRESS) judgeSecretEgress(view.segments, findings);
  if (reached & gates.SECRET_UPLOADS) judgeSecretUploads(view.segments, environment, findings);
  // These two also read whole-line texts: they get no segments when none reaches their segment loops, and are not
  // called when no text passes their text loops' tests either.
  const read = gates.textsReached(shell);
  if ((reached & gates.INDEX_COMMANDS) !== 0 || (read & gates.INDEX_TEXTS) !== 0) {
    judgeIndexCommands(
      reached & gates.INDEX_COMMANDS ? view.segments : NO_SEGMENTS,
      shell,
      environment,
      findings,
    );
  }
  if ((reached & gates.PROTECTIONS) !== 0 || (read & gates.PROTECTION_TEXTS) !== 0) {
    judgeProtections(reached & gates.PROTECTIONS ? view.segments : NO_SEGMENTS, shell, environment, findings);
  }
  if (reached & gates.CONTAINERS) judgeContainers(view.segments, environment, findings);
  if (reached & gates.OTHER_INSTALLS) judgeOtherInstalls(view.segments, environment, findings);
  if (reached & gates.GO_LOOKALIKES) judgeGoLookalikes(view.segments, findings);
  if (reached & gates.COMPROMISED_INSTALLS) judgeCompromisedInstalls(view.segments, findings);
  if (reached & gates.RUNNER_TARGETS) judgeRunnerTargets(view.segments, environment, findings);
  if (reached & gates.REMOTE_DELETES) judgeRemoteDeletes(view.segments, environment, findings);
  if (reached & gates.EMPTIED_FILES) judgeEmptiedFiles(view.segments, findings);
  if (reached & gates.LAUNCHERS) judgeLaunchers(view.segments, findings);
  judgeSupplyRound39(view, environment, findings);
  const contents = writes.length > 0 ? textsOf(view, "content") : [];
  const writtenContent = (texts: readonly string[], named: unknown) => {
    // The file's text: the one content text, or the one under `content` beside other fields (`request_id`).
    const content = texts.length === 1 ? texts[0] : texts.find((text) => text === named);
    return content === undefined ? [] : [{ path: writes[0].path.absolute, content }];
  };
  judgeCommandRoutes(
    view.tool,
    view.segments,
    shell,
    writes.length === 1 ? writtenContent(contents, view.payload.content) : [],
    environment,
    findings,
  );
  const isEngine = (path: string) =>
    classifyPath(normalizePath(path, environment.workspace, environment.shellHome), environment) === "engine";
  const sqlTexts = [
    ...textsOf(view, "query"),
    ...code.slice(0, 16),
    ...(open ? textsOf(view, "outbound") : []),
  ];
  // Without SQL-bearing texts or a database client's segment there is no statement to read.
  const sql = sqlTexts.length > 0 || (reached & gates.SQL_CLIENTS) !== 0
    ? judgeSql(sqlTexts, view.segments, isEngine, findings)
    : { found: false, writes: false };
  // Its texts are the shell texts alone without a query or an open-world tool's texts: none passing its test, no call.
  const queries = textsOf(view, "query");
  if (queries.length > 0 || open || (read & gates.CREDENTIAL_TEXTS) !== 0) {
    judgeCredentialColumns(view.tool, [
      ...queries,
      ...(open ? [...textsOf(view, "outbound"), ...code.slice(0, 4)] : []),
      ...shell,
    ], findings);
  }
  // The code checks read code texts alone.
  // Test and doc files written without a command: an engine URL no code reaches there is data (a blocklist).
  const dataFiles = !segmented && writes.length > 0 &&
    writes.every((entry) => TEST_FILE.test(entry.path.absolute) || isDocFile(entry.path.absolute));
  if (code.length > 0) judgeCode(code, environment, findings, dataFiles);
  if (code.length > 0) judgeUnsafeLoads(code, findings);
  if (code.length > 0) judgeCodeFiles(code, environment, findings);
  // Code given to run now (no file written without a command) rather than a source file saved for later; command
  // lines too (PowerShell's `Get-StoredCredential`, `Send-MailMessage -Attachments`).
  if (code.length > 0) {
    judgeCodeStoresAndSends(
      code,
      writes.length === 0 || segmented ? "runs" : "written",
      environment,
      findings,
    );
  }
  if (shell.length > 0) judgeCodeStoresAndSends(shell, "shell", environment, findings);
  // A test's strings are inputs to the code under test, not page code.
  if (
    code.length > 0 && (writes.length === 0 || !writes.every((entry) => TEST_FILE.test(entry.path.absolute)))
  ) {
    judgeWebCode(code, environment, findings);
  }
  return sql;
}
