/** Round 92's checks, called once from the effect profile: an unknown tool's output path at a persistence place
 * or the engine's files (`output_places.ts`), and tools whose name or short arguments state the harm itself
 * (`harm_named_tools.ts`), and the alarms watching someone's vital signs turned off (`vital_alarms_off.ts`). Round 92's other readings sit where they are read: command lines in hook and callback
 * arguments (`../hook_commands.ts`, read by `payload_fields.ts`), OpenAI's `tool_calls` list opened as the call it
 * carries (`call_envelopes.ts`), and MCP servers named after a CLI judged by the tool's own verb
 * (`cli_named_sends.ts`). Both checks read only a named tool's arguments (no command line), and only tools Shield does
 * not know by name. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { KNOWN_TOOLS } from "../payload_fields.ts";
import { judgeOutputPlaces } from "./output_places.ts";
import { judgeHarmNamedTools } from "./harm_named_tools.ts";
import { judgeVitalAlarmsOff, VITAL_HINT } from "./vital_alarms_off.ts";
import { commandNeeds, NAMED } from "./round_plan.ts";

/** Tools Shield reads as file tools by their own path arguments (a `Write` or `edit_file` read as `write_file`, a
 * search, a memory write): their paths are not an unknown tool's output. */
const FILE_TOOLS = new Set([
  "read_file",
  "write_file",
  "delete_file",
  "move_file",
  "copy_file",
  "create_directory",
  "list_directory",
  "search_files",
  "grep_files",
  "memory_write",
]);

/** What the round reads of a lone command line (speed round 38): nothing but the tool's name (`execute_command` is
 * a known tool, which neither check reads). */
export const ON_COMMAND = commandNeeds({ facts: NAMED });

export function judgeRound92(view: ActionView, environment: ShieldEnvironment, findings: Findings): void {
  if (KNOWN_TOOLS.has(view.tool)) return;
  // A tool read as a file tool Shield knows (`Write`, `edit_file` as `write_file`) keeps that tool's path reading.
  if (!FILE_TOOLS.has(view.type)) judgeOutputPlaces(view.tool, view.calledPayload, environment, findings);
  judgeHarmNamedTools(view.tool, view.calledPayload, findings);
  if (VITAL_HINT.test(JSON.stringify(view.calledPayload).slice(0, 16 * 1024))) {
    judgeVitalAlarmsOff(view.tool, view.calledPayload, findings);
  }
}
