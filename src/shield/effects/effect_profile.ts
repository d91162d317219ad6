/** The effect profile of an action, computed once from its view for known and unknown tools alike: what it reads and
 * writes (paths classed by sensitivity), which hosts it talks to and whether data leaves, who receives messages, and
 * the findings (ESCALATE: a human should see; BLOCK: plainly harmful). Effects not established: not `understood`. */

import { forgetSensitiveFindings } from "./sensitive_data.ts";
import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { ToolAnnotations } from "../types.ts";
import { KNOWN_TOOLS } from "../payload_fields.ts";
import { type Finding, Findings } from "./findings.ts";
import { type HostReading, readHost } from "./hosts.ts";
import { judgeWideningChanges } from "./widening_changes.ts";
import { judgeExtraArguments } from "./extra_arguments.ts";
import { judgePublicRequests } from "./public_requests.ts";
import type { ToolWords } from "./tool_words.ts";
import { agentTextsOf } from "./agent_texts.ts";
import { judgeAgentTexts } from "./agent_orders.ts";
import { judgeHandedCredentials } from "./handed_credentials.ts";
import { judgeSecretReads } from "./secret_access.ts";
import { judgeSharedWrite, judgeSideFields } from "./messaging.ts";
import { judgeUnaddressedText } from "./communication.ts";
import { judgeStanding } from "./standing_instructions.ts";
import { judgeOpenWorld, type OpenWorldReading } from "./open_world.ts";
import { classed, type ClassedPath, judgeReads, judgeWrites, unwrittenPaths } from "./local_effects.ts";
import { asksForCredentials } from "./message_secrets.ts";
import { judgeReplyRoute } from "./reply_routes.ts";
import { judgeUrlTemplates } from "./url_payloads.ts";
import { judgeAddresses } from "./address_checks.ts";
import { judgeStandingAdditions } from "./standing_additions.ts";
import { judgeAddedAttendees } from "./attendee_changes.ts";
import { judgeOpenWorldInstall } from "./open_world_installs.ts";
import { judgeEventUpdate } from "./quiet_mutations.ts";
import { judgeShapedTokens } from "./shaped_tokens.ts";
import { judgeSideDestinations } from "./side_destinations.ts";
import { addressesAgent } from "./delegated_requests.ts";
import { recipientIsAgent } from "./agent_handoff_names.ts";
import { judgeHandedWork } from "./handed_work.ts";
import { readsPageOnly } from "./page_scripts.ts";
import { judgeHostileNames } from "./hostile_names.ts";
import { sensitiveMention } from "./mentioned_paths.ts";
import { judgePasswordDocuments } from "./password_documents.ts";
import { judgeOpenedFiles } from "./opened_programs.ts";
import { identifierWords } from "./words.ts";
import { judgeStandingRoutes } from "./standing_routes.ts";
import { judgeAttachments, judgeHosts, judgeLeaving, judgeMessaging, textsOf } from "./egress_effects.ts";
import { judgeEventRecurrence } from "./event_recurrence.ts";
import { judgeSecretSubstitutions } from "./secret_substitutions.ts";
import { judgeRuntimeToolScripts } from "./runtime_tool_scripts.ts";
import { judgeAddressSubstitutions } from "./address_substitutions.ts";
import { forgetPayloadStrings } from "./payload_strings.ts";
import { judgeCommandsAndCode } from "./command_and_code.ts";
import { judgeCodeRunningConfigs } from "./code_running_configs.ts";
import { judgeSubstitutedEgress } from "./substituted_egress.ts";
import { judgeToolListingClaims } from "./tool_listing_claims.ts";
import { judgeSafeguardCommands } from "./bypassed_safeguards.ts";
import { judgeGuardSwitches } from "./guard_switches.ts";
import { judgeStandingSteps } from "./standing_steps.ts";
import { judgeControlSequences } from "./control_sequences.ts";
import { judgeAccountSettings } from "./account_settings.ts";
import { judgeMirrorDeletes } from "./mirror_deletes.ts";
import { judgeUnitDefinitions } from "./unit_definitions.ts";
import { judgeContainerEnvironments } from "./container_environments.ts";
import { judgeHistoryByCount } from "./history_by_count.ts";
import * as gates from "./profile_gates.ts";
import { forgetReached } from "./segment_programs.ts";
import { NEEDS, summarize } from "./check_needs.ts";
import { judgeWrittenEffects } from "./written_effects.ts";
import { judgeShellRound22 } from "./shell_round22.ts";
import { judgeRound36 } from "./open_world_round36.ts";
import { cliNamedSend } from "./round74.ts";
import { listedMessage } from "./cli_messages.ts";
import { judgeUrlSecrets } from "./url_secrets.ts";
import { judgeShellRound33 } from "./shell_round33.ts";
import { judgeShellRound42 } from "./shell_round42.ts";
import { judgeRound48, ON_COMMAND as ROUND48 } from "./round48.ts";
import { judgeRound53, ON_COMMAND as ROUND53 } from "./round53.ts";
import { judgeRound55, ON_COMMAND as ROUND55 } from "./round55.ts";
import { judgeRound56, ON_COMMAND as ROUND56 } from "./round56.ts";
import { judgeRound57, ON_COMMAND as ROUND57 } from "./round57.ts";
import { judgeRound60, ON_COMMAND as ROUND60 } from "./round60.ts";
import { judgeRound61, ON_COMMAND as ROUND61 } from "./round61.ts";
import { judgeRound65 } from "./round65.ts";
import { judgeCarriedArguments } from "./carried_arguments.ts";
import { judgeUnknownPrograms } from "./unknown_programs.ts";
import { judgeOpenWorldCalls } from "./open_world_calls.ts";
import { judgeLaterRounds } from "./later_rounds.ts";
import { RoundPlan } from "./round_plan.ts";

export interface EffectProfile {
  /** The tool as called, and in our vocabulary. */
  tool: string;
  type: string;
  reads: ClassedPath[];
  writes: ClassedPath[];
  hosts: HostReading[];
  /** Hosts that receive data from this action. */
  egress: HostReading[];
  recipients: string[];
  findings: Finding[];
  /** False when nothing shows what the action does (it is then escalated, never allowed). */
  understood: boolean;
}

/** Our event tools change what they are given. */
const CHANGING_WORDS: ToolWords = { verbs: new Set(["write"]), nouns: new Set(["data"]), words: [] };
const MESSAGE_TOOLS = new Set(["send_email", "send_message", "create_event", "update_event"]);
const TASK_TOOLS = new Set(["create_agent", "agent_message", "create_schedule"]);

const FILE_TOOLS = new Set([
  "read_file",
  "write_file",
  "delete_file",
  "move_file",
  "copy_file",
  "list_directory",
  "create_directory",
]);

/** Arguments that name a smart-home device (SmartThings, Home Assistant, Hubitat, Tuya). */
const DEVICE_KEYS = ["device_id", "deviceId", "entity_id", "capability", "device"];

/** A file, command or web tool called without what it acts on (`delete_file {file_id: "all"}`, a cloud drive's
 * tool under a familiar name): its other arguments are judged as an open-world tool's. */
function lacksCore(view: ActionView): boolean {
  if (FILE_TOOLS.has(view.type)) return view.paths.length === 0 && view.writePaths.length === 0;
  if (view.type === "execute_command") {
    // Round 82: a device's command tool (`smartthings_execute_command {deviceId, capability, command: "off"}`) is
    // read as a command tool by its name; its `command` is a device's, so its arguments are judged too.
    return (view.segments.length === 0 && typeof view.payload.command !== "string") ||
      (view.tool !== view.type && DEVICE_KEYS.some((key) => key in view.payload));
  }
  if (view.type === "http_request" || view.type === "browser_navigate") return view.urls.length === 0;
  return false;
}

/** Work handed on and standing instructions: sub-agents, schedules, memory, agent instruction files. */
function judgeHandedOn(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  writes: ClassedPath[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  const delegates = TASK_TOOLS.has(view.type) ||
    (openWorld !== undefined &&
      (openWorld.words.nouns.has("agent") || openWorld.words.verbs.has("delegate") ||
        addressesAgent(view.payload))) ||
    // Round 80: a known send tool's message to a recipient named as an agent (`send_message {to: "db_agent"}`).
    (view.texts.has("outbound") && recipientIsAgent(view.payload));
  if (delegates) {
    // The work handed on, once for its ten checks (round 24 of speed: each asked for it again, and with a task and
    // an outbound text each got a list of its own).
    const handed = textsOf(view, "task", "outbound", "content");
    judgeHandedWork(view.tool, handed, view.payload, environment, findings);
  }
  if (
    view.type === "memory_write" ||
    writes.some((entry) => entry.kind === "agent-instructions" || entry.kind === "scheduled-instructions")
  ) {
    const kept = textsOf(view, "content");
    const sent = textsOf(view, "content", "outbound");
    judgeStanding(view.tool, kept.join("\n"), findings);
    judgeUrlTemplates(view.tool, kept, environment, findings);
    judgeStandingAdditions(view.tool, kept, findings);
    judgeStandingSteps(view.tool, kept, findings);
    judgeStandingRoutes(view.tool, sent, environment, findings);
    const standing = sent.join("\n");
    if (asksForCredentials(standing)) {
      findings.escalate("persistence", `"${view.tool}" leaves standing text that asks for credentials`);
    }
    const named = standing.includes("/") ? sensitiveMention(standing, environment) : undefined;
    if (named && (named.kind === "secret" || named.kind === "engine")) {
      findings.escalate("persistence", `"${view.tool}" leaves standing text that names "${named.path}"`);
    }
  }
}

export function buildEffectProfile(
  view: ActionView,
  annotations: ToolAnnotations | undefined,
  environment: ShieldEnvironment,
): EffectProfile {
  const findings = new Findings();
  const writes = classed(view.writePaths, environment);
  const reads = classed(unwrittenPaths(view.paths, writes), environment);
  // Results, listings, resources and prompts hand the agent text: what they say is judged, not what they "do".
  const agentTexts = agentTextsOf(view.type, view.payload);
  if (agentTexts) judgeAgentTexts(view.tool, agentTexts, environment, findings);
  // What the action holds, once (round 22 of speed): a check of `NEEDS` is called when it holds one of its needs.
  const summary = summarize(view);
  const callArguments = (summary & NEEDS.callArguments) !== 0;
  if (callArguments) judgeToolListingClaims(view.tool, view.payload, findings);
  const open = !agentTexts?.result &&
    ((!KNOWN_TOOLS.has(view.tool) && view.type === view.tool) || lacksCore(view));
  const openWorld = open
    ? judgeOpenWorld(view.tool, view.payload, annotations, findings, environment)
    : undefined;
  // Round 79: an open-world tool that runs commands, whose command lines Shield parsed into segments.
  const commandsRead = openWorld?.executes === true && view.segments.length > 0;
  judgeWrites(view, writes, findings);
  judgeReads(reads, findings);
  judgeSecretReads(reads, findings);
  if (writes.length > 0) judgeWrittenEffects(view, writes, summary, environment, findings);
  const sql = judgeCommandsAndCode(view, open, writes, environment, findings);
  if (summary & NEEDS.codeRunningConfigs) {
    judgeCodeRunningConfigs(view.segments, view.texts.get("shell") ?? [], environment, findings);
  }
  const reached = gates.profileChecksReached(view.segments);
  if (reached & gates.SUBSTITUTED_EGRESS) judgeSubstitutedEgress(view.segments, environment, findings);
  judgeSafeguardCommands(view, findings);
  if (summary & NEEDS.guardSwitches) judgeGuardSwitches(view.tool, view.texts.get("shell") ?? [], findings);
  if (reached & gates.MIRROR_DELETES) judgeMirrorDeletes(view.tool, view.segments, environment, findings);
  if (reached & gates.UNIT_DEFINITIONS) judgeUnitDefinitions(view.tool, view.segments, findings);
  if (reached & gates.CONTAINER_ENVIRONMENTS) judgeContainerEnvironments(view.tool, view.segments, findings);
  if (reached & gates.HISTORY_BY_COUNT) judgeHistoryByCount(view.tool, view.segments, findings);
  judgeShellRound22(view, findings, summary);
  judgeShellRound33(view, findings, summary);
  judgeShellRound42(view, findings);
  // Speed round 37: which round files a lone command line reaches (`round_plan.ts`).
  const plan = new RoundPlan(view, openWorld !== undefined);
  if (plan.runs(ROUND48)) judgeRound48(view, callArguments, findings);
  if (plan.runs(ROUND53)) judgeRound53(view, openWorld !== undefined, findings);
  if (plan.runs(ROUND55)) judgeRound55(view, findings);
  if (plan.runs(ROUND56)) judgeRound56(view, environment, findings);
  if (plan.runs(ROUND57)) judgeRound57(view, openWorld !== undefined, findings);
  if (plan.runs(ROUND60)) judgeRound60(view, findings);
  if (plan.runs(ROUND61)) judgeRound61(view, environment, findings);
  judgeRound65(view, findings);
  judgeUnknownPrograms(view, environment, findings);
  if (writes.length === 0 && view.type !== "execute_command") {
    judgeControlSequences(view.tool, view.payload, findings);
  }
  if (view.type !== "execute_command") judgeAccountSettings(view.tool, view.urls, view.payload, findings);
  judgePublicRequests(view, findings);
  const hosts = view.urls.slice(0, 32).map((url) => readHost(url, environment)).filter((
    host,
  ): host is HostReading => host !== undefined);
  const egress = judgeHosts(view, hosts, openWorld, findings);
  judgeAddresses(view.tool, view.urls, hosts, findings);
  const sends = MESSAGE_TOOLS.has(view.type) || view.type === "browser_type" || view.type === "computer" ||
    openWorld?.sends === true;
  const recipients = sends ? judgeMessaging(view, openWorld, environment, findings) : [];
  if (!sends && callArguments) judgeSideDestinations(view.tool, view.payload, environment, findings);
  if (callArguments) judgePasswordDocuments(view.tool, view.payload, findings);
  judgeHostileNames(
    view.tool,
    recipients,
    hosts.map((host) => host.host),
    sends ? textsOf(view, "outbound", "content") : [],
    findings,
  );
  if (!openWorld && view.paths.length > 0 && view.tool !== view.type && view.type !== "execute_command") {
    // Our read tools under another name (`open_file`) may open what they are given (a command tool's paths are its
    // command's, judged by the shell parse: `run_command {command: "node x.js"}` opens nothing).
    const opened = view.paths.map((path) => path.absolute);
    judgeOpenedFiles(view.tool, identifierWords(view.tool), opened, findings);
  }
  if (sends || egress.length > 0) judgeAttachments(reads, findings);
  if (callArguments) judgeAddedAttendees(view, openWorld?.words.words, recipients, environment, findings);
  if (view.type === "update_event") judgeEventUpdate(view.tool, view.payload, findings);
  if (callArguments) judgeExtraArguments(view, openWorld, environment, findings);
  if (view.type === "update_event" || view.type === "create_event") {
    judgeWideningChanges(view.tool, CHANGING_WORDS, view.payload, environment, findings);
  }
  if (sends) judgeReplyRoute(view.tool, view.payload, recipients, environment, findings);
  if (sends || openWorld) judgeSecretSubstitutions(view.tool, view.payload, environment, findings);
  if (callArguments) judgeCarriedArguments(view, openWorld, sends, egress.length > 0, findings);
  judgeRuntimeToolScripts(view, openWorld?.executes === true, environment, findings);
  if (callArguments) {
    judgeAddressSubstitutions(view.tool, view.type === "execute_command", view.payload, findings);
  }
  if (sends || openWorld) judgeEventRecurrence(view.tool, view.payload, recipients, findings);
  if (openWorld) {
    judgeOpenWorldInstall(
      view.tool,
      openWorld.words.words,
      view.payload,
      environment,
      findings,
      commandsRead,
    );
  }
  const verbs = openWorld?.words.verbs;
  if (!sends && openWorld) {
    judgeUnaddressedText(view.tool, textsOf(view, "outbound", "content"), environment, findings);
  }
  if (!sends && verbs && (verbs.has("write") || verbs.has("send") || verbs.has("export"))) {
    judgeSharedWrite(view.tool, textsOf(view, "outbound", "content"), environment, findings);
  } else if (!sends && openWorld && !openWorld.words.nouns.has("money")) {
    judgeSideFields(view.tool, textsOf(view, "outbound"), findings);
  }
  if (openWorld || view.type === "web_search") {
    const words = openWorld?.words.words ?? ["web", "search"];
    judgeHandedCredentials(view.tool, words, view.payload, findings);
  }
  if (openWorld) judgeOpenWorldCalls(view, openWorld, commandsRead, environment, findings);
  if (sends || egress.length > 0 || open) judgeLeaving(view, sends, egress, findings);
  judgeShapedTokens(view, hosts, openWorld, sends, findings);
  judgeUrlSecrets(view.tool, view.payload, environment, findings);
  judgeHandedOn(view, openWorld, writes, environment, findings);
  if (summary & NEEDS.round36) {
    judgeRound36(view, openWorld, sends, recipients, writes.length > 0, environment, findings);
  }
  judgeLaterRounds(
    view,
    { openWorld, sends, recipients, writes: writes.length > 0, plan },
    environment,
    findings,
  );
  const asksAgent = openWorld?.words.nouns.has("agent") && !openWorld.words.nouns.has("code") &&
    !openWorld.words.nouns.has("shell");
  if (
    openWorld?.executes && !asksAgent && view.segments.length === 0 && !(view.texts.get("code")?.length) &&
    !sql.found && !readsPageOnly(openWorld.words, view.payload) &&
    !(openWorld.sends && listedMessage(view.payload)) &&
    !cliNamedSend(view.tool, openWorld.words.words, openWorld.words.verbs, view.payload)
  ) {
    findings.escalate("exec", `"${view.tool}" runs something Shield cannot see`);
  }
  forgetSensitiveFindings();
  forgetPayloadStrings();
  forgetReached();
  return {
    tool: view.tool,
    type: view.type,
    reads,
    writes,
    hosts,
    egress,
    recipients,
    findings: findings.list as Finding[],
    // Round 79: a tool that runs commands (`ShellTool`, `terminal`, `run_process`) whose arguments held command lines Shield parsed
    // does what those commands do, judged above like any command's.
    understood: !openWorld?.unknown || commandsRead,
  };
}
