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
import { judgeForgeRuns, runsForgesWith } from "./forge_runs.ts";
import { judgeHistoryAndReleases, rewritesHistoryWith } from "./history_and_releases.ts";
import { copiesWith, judgeCopyEgress, judgeStreamEgress, streamsWith } from "./stream_egress.ts";
import { judgeUserServices, startsServicesWith } from "./user_services.ts";
import { judgeMassStops, stopsContainersWith } from "./mass_stops.ts";
import { findsDeletesWith, judgeFindDeletes } from "./find_deletes.ts";
import { judgeEngineRoutes, routesToEngineWith } from "./engine_routes.ts";
import { judgeVendoredDownloads, vendorsWith } from "./script_hosts.ts";
import { judgeMcpRegistrations, registersMcpWith } from "./mcp_registrations.ts";
import { judgeTrafficRedirects, redirectsText } from "./traffic_redirects.ts";
import { judgeImagePushes, pushesImagesWith } from "./image_pushes.ts";
import { judgeShellMail, mailsWith } from "./shell_mail.ts";
import { judgeOpenedSegments, opensWith } from "./opened_programs.ts";
import { appliesManifestsWith, judgeRemoteManifests } from "./remote_manifests.ts";
import { judgePolicyTasks, runsTasksWith } from "./policy_tasks.ts";
import { ProgramGates } from "./segment_programs.ts";

export interface WrittenFile {
  path: string;
  content: string;
}

/** The checks that look at some programs' segments only, each behind the test its own loop starts with. */
export const ROUTE_GATES = new ProgramGates();
const READS_TREES = ROUTE_GATES.gate(readsTreesWith);
const INSTALLS_PLUGINS = ROUTE_GATES.gate(installsPluginsWith);
const INSTALLS_CHANNELS = ROUTE_GATES.gate(installsChannelsWith);
const CLONES = ROUTE_GATES.gate(clonesWith);
const REWRITES_HISTORY = ROUTE_GATES.gate(rewritesHistoryWith);
const STREAMS = ROUTE_GATES.gate(streamsWith);
const COPIES = ROUTE_GATES.gate(copiesWith);
const STARTS_SERVICES = ROUTE_GATES.gate(startsServicesWith);
const STOPS_CONTAINERS = ROUTE_GATES.gate(stopsContainersWith);
const FINDS_DELETES = ROUTE_GATES.gate(findsDeletesWith);
const VENDORS = ROUTE_GATES.gate(vendorsWith);
const PUSHES_IMAGES = ROUTE_GATES.gate(pushesImagesWith);
const MAILS = ROUTE_GATES.gate(mailsWith);
const OPENS = ROUTE_GATES.gate(opensWith);
const APPLIES_MANIFESTS = ROUTE_GATES.gate(appliesManifestsWith);
const RUNS_TASKS = ROUTE_GATES.gate(runsTasksWith);
/** Round 15: the three checks every command used to call. */
export const FORGE_RUNS = ROUTE_GATES.gate(runsForgesWith);
export const ENGINE_ROUTES = ROUTE_GATES.gate(routesToEngineWith);
export const MCP_CLIS = ROUTE_GATES.gate(registersMcpWith);
const NO_SEGMENTS: readonly Segment[] = [];

export function judgeCommandRoutes(
  tool: string,
  segments: readonly Segment[],
  shell: readonly string[],
  written: readonly WrittenFile[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  // A check that only looks at segments of some programs is called when one of them runs.
  const reached = segments.length > 0 ? ROUTE_GATES.reached(segments) : 0;
  if (segments.length > 0) {
    if (reached & READS_TREES) judgeRecursiveReads(segments, environment, findings);
    if (reached & INSTALLS_PLUGINS) judgePluginInstalls(segments, findings);
    if (reached & INSTALLS_CHANNELS) judgeChannelInstalls(segments, findings);
    if (reached & CLONES) judgeClonedRuns(segments, findings);
    if (reached & FORGE_RUNS) judgeForgeRuns(segments, findings);
    if (reached & REWRITES_HISTORY) judgeHistoryAndReleases(segments, findings);
    if (reached & STREAMS) judgeStreamEgress(segments, environment, findings);
    if (reached & COPIES) judgeCopyEgress(segments, environment, findings);
    if (reached & STARTS_SERVICES) judgeUserServices(segments, findings);
    if (reached & STOPS_CONTAINERS) judgeMassStops(segments, findings);
    if (reached & FINDS_DELETES) judgeFindDeletes(segments, environment, findings);
    if (reached & ENGINE_ROUTES) judgeEngineRoutes(segments, environment, findings);
    if (reached & VENDORS) judgeVendoredDownloads(segments, environment, findings);
    if (reached & PUSHES_IMAGES) judgeImagePushes(segments, environment, findings);
    if (reached & MAILS) judgeShellMail(segments, findings);
    if (reached & OPENS) judgeOpenedSegments(segments, findings);
    if (reached & APPLIES_MANIFESTS) judgeRemoteManifests(segments, environment, findings);
    if (reached & RUNS_TASKS) judgePolicyTasks(segments, findings);
  }
  // It also reads the files written: it gets no segments when none reaches its segment loop.
  judgeMcpRegistrations(reached & MCP_CLIS ? segments : NO_SEGMENTS, written, environment, findings);
  // It reads the first four shell texts and the files written: without a file, none holding a URL, no call.
  if (written.length > 0 || redirectsAny(shell)) {
    judgeTrafficRedirects(
      tool,
      [...shell.slice(0, 4), ...written.map((file) => file.content)],
      environment,
      findings,
    );
  }
}

/** Whether one of the first four shell texts holds what judgeTrafficRedirects looks at. */
export function redirectsAny(shell: readonly string[]): boolean {
  for (let k = 0; k < shell.length && k < 4; k++) if (redirectsText(shell[k])) return true;
  return false;
}
