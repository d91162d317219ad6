/** The checks of a tool outside Shield's own vocabulary (an open-world tool: a mail, calendar, bank, device or cloud
 * API, an MCP server's tool), run by the effect profile once `open_world.ts` has read the tool's words: its arguments
 * as commands, decisions, bulk changes and settings, what it stores where, and the physical devices it acts on. In the
 * order they always ran. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { OpenWorldReading } from "./open_world.ts";
import { judgeToolArguments } from "./argument_injection.ts";
import { judgeWebCode } from "./web_code.ts";
import { judgeUrlPasswords } from "./message_secrets.ts";
import { judgeArgumentCommands } from "./argument_commands.ts";
import { judgeContainerArguments } from "./container_arguments.ts";
import { judgeDecisionArguments } from "./decision_arguments.ts";
import { judgeOpenWorldRound7 } from "./open_world_round7.ts";
import { judgeOpenWorldRound8 } from "./open_world_round8.ts";
import { judgeOpenWorldRound21 } from "./open_world_round21.ts";
import { judgeStandingReplies, setsAutomaticReply } from "./standing_replies.ts";
import { judgeOpenWorldRound6 } from "./open_world_round6.ts";
import { judgeOpenWorldRound5 } from "./open_world_checks.ts";
import { textsOf } from "./egress_effects.ts";
import { judgeArgumentEffects } from "./argument_effects.ts";
import { judgeBulkChanges } from "./bulk_changes.ts";
import { judgeCarriedConversation } from "./carried_conversation.ts";
import { judgeStorageDestinations } from "./storage_destinations.ts";
import { judgeAgentClientConfigs } from "./agent_client_configs.ts";
import { judgeFlashingLights } from "./flashing_lights.ts";
import { judgeLifeSafetyPower } from "./life_safety_power.ts";
import { judgeSafetyOffOrders } from "./safety_off_orders.ts";
import { judgePlantedNotes } from "./planted_notes.ts";
import { judgeMeetingProtections } from "./meeting_protections.ts";
import { judgeSkippedVerification } from "./skipped_checks.ts";
import { judgeSecretArgumentNames } from "./secret_argument_names.ts";
import { judgeExposureSettings } from "./exposure_settings.ts";

/** Runs the open-world checks on an action whose tool `open_world.ts` read (`openWorld`); `commandsRead`: the tool
 * runs commands Shield parsed into segments (round 79), so its paths are its commands', not files it opens. */
export function judgeOpenWorldCalls(
  view: ActionView,
  openWorld: OpenWorldReading,
  commandsRead: boolean,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  judgeToolArguments(view.tool, textsOf(view, "outbound", "content", "query"), environment, findings);
  judgeContainerArguments(view.tool, view.payload, findings);
  judgeOpenWorldRound5(
    view.tool,
    openWorld.words,
    view.payload,
    textsOf(view, "outbound", "content", "query"),
    findings,
  );
  judgeUrlPasswords(view.tool, view.urls, findings);
  // Round 79: a command tool's paths are its commands', judged by the shell parse (`./scripts/migrate.sh` runs as
  // any command's program does), not files the tool opens.
  judgeOpenWorldRound6(
    view.tool,
    openWorld,
    view.payload,
    commandsRead ? [] : view.paths,
    environment,
    findings,
  );
  judgeOpenWorldRound7(view.tool, openWorld, view.payload, environment, findings);
  judgeOpenWorldRound8(view.tool, openWorld, view.payload, environment, findings);
  judgeOpenWorldRound21(view.tool, openWorld, view.payload, environment, findings);
  if (setsAutomaticReply(openWorld.words.words)) {
    judgeStandingReplies(view.tool, textsOf(view, "outbound", "content"), environment, findings);
  }
  judgeArgumentCommands(view.tool, textsOf(view, "outbound", "content"), openWorld.sends, findings);
  judgeDecisionArguments(view.tool, openWorld.words.words, view.payload, findings);
  judgeArgumentEffects(view.tool, openWorld.words, view.payload, findings);
  judgeBulkChanges(view.tool, openWorld.words, view.payload, findings);
  judgeStorageDestinations(view.tool, openWorld.words, view.payload, environment, findings);
  judgeAgentClientConfigs(view.tool, view.payload, findings);
  judgeFlashingLights(view.tool, openWorld.words, view.payload, findings);
  judgeLifeSafetyPower(view.tool, openWorld.words, view.payload, findings);
  judgeSafetyOffOrders(view.tool, openWorld.words, view.payload, findings);
  judgePlantedNotes(view.tool, view.payload, findings);
  judgeMeetingProtections(view.tool, openWorld.words, view.payload, environment, findings);
  judgeSkippedVerification(view.tool, view.payload, findings);
  judgeSecretArgumentNames(view.tool, view.payload, findings);
  judgeExposureSettings(view.tool, view.payload, findings);
  if (!openWorld.sends) judgeCarriedConversation(view.tool, openWorld.words, view.payload, findings);
  judgeWebCode(
    [...(view.texts.get("shell") ?? []), ...textsOf(view, "outbound", "content")],
    environment,
    findings,
  );
}
