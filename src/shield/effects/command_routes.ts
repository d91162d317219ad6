/** Round 5's checks of shell segments, called once from the effect profile: whole trees read or deleted through
 * the engine's folder or a home, plugins, channels and MCP servers added, code run from fresh clones or forges,
 * history and releases destroyed, data piped to other hosts, user services, mass stops, routes to the engine,
 * files copied to other hosts, code vendored from unknown hosts, and traffic redirected through other hosts (shell lines and written files). */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeRecursiveReads } from "./recursive_reads.ts";
import { judgePluginInstalls } from "./plugin_installs.ts";
import { judgeChannelInstalls } from "./channel_installs.ts";
import { judgeClonedRuns } from "./cloned_runs.ts";
import { judgeForgeRuns } from "./forge_runs.ts";
import { judgeHistoryAndReleases } from "./history_and_releases.ts";
import { judgeCopyEgress, judgeStreamEgress } from "./stream_egress.ts";
import { judgeUserServices } from "./user_services.ts";
import { judgeMassStops } from "./mass_stops.ts";
import { judgeFindDeletes } from "./find_deletes.ts";
import { judgeEngineRoutes } from "./engine_routes.ts";
import { judgeVendoredDownloads } from "./script_hosts.ts";
import { judgeMcpRegistrations } from "./mcp_registrations.ts";
import { judgeTrafficRedirects } from "./traffic_redirects.ts";
import { judgeImagePushes } from "./image_pushes.ts";
import { judgeShellMail } from "./shell_mail.ts";
import { judgeOpenedSegments } from "./opened_programs.ts";
import { judgeRemoteManifests } from "./remote_manifests.ts";
import { judgePolicyTasks } from "./policy_tasks.ts";

export interface WrittenFile {
  path: string;
  content: string;
}

export function judgeCommandRoutes(
  tool: string,
  segments: readonly Segment[],
  shell: readonly string[],
  written: readonly WrittenFile[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (segments.length > 0) {
    judgeRecursiveReads(segments, environment, findings);
    judgePluginInstalls(segments, findings);
    judgeChannelInstalls(segments, findings);
    judgeClonedRuns(segments, findings);
    judgeForgeRuns(segments, findings);
    judgeHistoryAndReleases(segments, findings);
    judgeStreamEgress(segments, environment, findings);
    judgeCopyEgress(segments, environment, findings);
    judgeUserServices(segments, findings);
    judgeMassStops(segments, findings);
    judgeFindDeletes(segments, environment, findings);
    judgeEngineRoutes(segments, environment, findings);
    judgeVendoredDownloads(segments, environment, findings);
    judgeImagePushes(segments, environment, findings);
    judgeShellMail(segments, findings);
    judgeOpenedSegments(segments, findings);
    judgeRemoteManifests(segments, environment, findings);
    judgePolicyTasks(segments, findings);
  }
  judgeMcpRegistrations(segments, written, environment, findings);
  judgeTrafficRedirects(
    tool,
    [...shell.slice(0, 4), ...written.map((file) => file.content)],
    environment,
    findings,
  );
}
