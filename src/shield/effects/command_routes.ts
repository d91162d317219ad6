/** Round 5's checks of shell segments, called once from the effect profile: whole trees read or deleted through
 * the engine's folder or a home, plugins, channels and MCP servers added, code run from fresh clones or forges,
 * history and releases destroyed, data piped to other hosts, user services, mass stops, routes to the engine,
 * files copied to other hosts, code vendored from unknown hosts, and traffic redirected through other hosts (shell lines and written files). */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeRecursiveReads, readsTreesWith } from "./recursive_reads.ts";
import { installsPluginsWith, judgePluginInstalls } from "./plugin_installs.ts";
import { installsChannelsWith, judgeChannelInstalls } from "./channel_installs.ts";
import { clonesWith, judgeClonedRuns } from "./cloned_runs.ts";
import { judgeForgeRuns } from "./forge_runs.ts";
import { judgeHistoryAndReleases, rewritesHistoryWith } from "./history_and_releases.ts";
import { copiesWith, judgeCopyEgress, judgeStreamEgress, streamsWith } from "./stream_egress.ts";
import { judgeUserServices, startsServicesWith } from "./user_services.ts";
import { judgeMassStops, stopsContainersWith } from "./mass_stops.ts";
import { findsDeletesWith, judgeFindDeletes } from "./find_deletes.ts";
import { judgeEngineRoutes } from "./engine_routes.ts";
import { judgeVendoredDownloads, vendorsWith } from "./script_hosts.ts";
import { judgeMcpRegistrations } from "./mcp_registrations.ts";
import { judgeTrafficRedirects } from "./traffic_redirects.ts";
import { judgeImagePushes, pushesImagesWith } from "./image_pushes.ts";
import { judgeShellMail, mailsWith } from "./shell_mail.ts";
import { judgeOpenedSegments, opensWith } from "./opened_programs.ts";
import { appliesManifestsWith, judgeRemoteManifests } from "./remote_manifests.ts";
import { judgePolicyTasks, runsTasksWith } from "./policy_tasks.ts";
import { distinctPrograms, runsAny } from "./segment_programs.ts";

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
    // A check that only looks at segments of some programs is called when one of them runs.
    const programs = distinctPrograms(segments);
    const runs = (test: (program: string) => boolean) => runsAny(programs, test);
    if (runs(readsTreesWith)) judgeRecursiveReads(segments, environment, findings);
    if (runs(installsPluginsWith)) judgePluginInstalls(segments, findings);
    if (runs(installsChannelsWith)) judgeChannelInstalls(segments, findings);
    if (runs(clonesWith)) judgeClonedRuns(segments, findings);
    judgeForgeRuns(segments, findings);
    if (runs(rewritesHistoryWith)) judgeHistoryAndReleases(segments, findings);
    if (runs(streamsWith)) judgeStreamEgress(segments, environment, findings);
    if (runs(copiesWith)) judgeCopyEgress(segments, environment, findings);
    if (runs(startsServicesWith)) judgeUserServices(segments, findings);
    if (runs(stopsContainersWith)) judgeMassStops(segments, findings);
    if (runs(findsDeletesWith)) judgeFindDeletes(segments, environment, findings);
    judgeEngineRoutes(segments, environment, findings);
    if (runs(vendorsWith)) judgeVendoredDownloads(segments, environment, findings);
    if (runs(pushesImagesWith)) judgeImagePushes(segments, environment, findings);
    if (runs(mailsWith)) judgeShellMail(segments, findings);
    if (runs(opensWith)) judgeOpenedSegments(segments, findings);
    if (runs(appliesManifestsWith)) judgeRemoteManifests(segments, environment, findings);
    if (runs(runsTasksWith)) judgePolicyTasks(segments, findings);
  }
  judgeMcpRegistrations(segments, written, environment, findings);
  judgeTrafficRedirects(
    tool,
    [...shell.slice(0, 4), ...written.map((file) => file.content)],
    environment,
    findings,
  );
}
