/** Round 5's checks of files written outside tests, called once from the effect profile: orders to run staged
 * scripts, scripts from hosts that serve malware, orders to keep things from the user, secrets handed to
 * third-party actions, dependencies overridden, code backdoors, and bots merging every update. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeWrittenRuns } from "./written_runs.ts";
import { judgeScriptHosts, ScriptSources } from "./script_hosts.ts";
import { judgeLookalikeScripts } from "./lookalike_scripts.ts";
import { judgeConcealedOrders } from "./concealed_orders.ts";
import { judgeActionSecrets } from "./action_secrets.ts";
import { judgeManifestOverrides } from "./manifest_overrides.ts";
import { judgeCodeBackdoors } from "./code_backdoors.ts";
import { judgeAutomationConfigs } from "./automation_configs.ts";
import { judgeEditorSettings } from "./editor_settings.ts";
import { judgeToolRunners } from "./tool_runners.ts";
import { judgeTaskFiles } from "./task_files.ts";
import { judgeKeyedEndpoints } from "./keyed_endpoints.ts";
import { judgeExtortion } from "./extortion_texts.ts";
import { judgeWrittenUnsafeLoads } from "./unsafe_loads.ts";
import { judgeEditorExtensions } from "./editor_extensions.ts";

export function judgeWrittenFiles(
  tool: string,
  paths: readonly string[],
  contents: readonly string[],
  removed: string | undefined,
  environment: ShieldEnvironment,
  findings: Findings,
  unquoted: readonly string[] = contents,
): void {
  if (contents.length === 0) return;
  judgeWrittenRuns(tool, contents, findings, paths);
  // Both read the contents' script sources: one pass of their regex per text, shared.
  const sources = new ScriptSources();
  judgeScriptHosts(contents, environment, findings, sources);
  judgeLookalikeScripts(tool, contents, environment, findings, sources);
  judgeConcealedOrders(tool, unquoted, findings);
  judgeActionSecrets(paths, contents, findings);
  judgeManifestOverrides(paths, contents, findings);
  // Code a document quotes runs nowhere (round 17): its spans and fences are left out, as for concealed orders.
  judgeCodeBackdoors(tool, unquoted, removed, findings);
  judgeWrittenUnsafeLoads(tool, unquoted, findings);
  judgeAutomationConfigs(paths, contents, findings);
  judgeEditorSettings(paths, contents, findings);
  judgeEditorExtensions(paths, contents, findings);
  judgeToolRunners(paths, contents, findings);
  judgeTaskFiles(tool, paths, contents, findings);
  judgeKeyedEndpoints(contents, environment, findings);
  judgeExtortion(tool, unquoted, findings);
}
