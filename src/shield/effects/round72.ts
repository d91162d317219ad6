/** Round 72's checks, called once from the effect profile: cloud and server harm in other vocabularies -- interpreter
 * code emptying a folder of the machine (`code_tree_deletes.ts`), a machine's data folder copied to another host
 * (`data_folder_copies.ts`), databases, clusters and administration ports opened to the whole internet
 * (`open_networks.ts`), an app's data endpoints repointed at outside hosts (`endpoint_settings.ts`), secret
 * parameters read decrypted through SDK-shaped calls (`decrypted_parameters.ts`), and calendars or mailboxes opened
 * to outside senders by a tool's arguments (`external_invitations.ts`). Segment checks look only at their
 * programs; the call checks are gated by the tool's name or operation words before they walk the arguments. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeCodeTreeDeletes } from "./code_tree_deletes.ts";
import { judgeDataFolderCopies } from "./data_folder_copies.ts";
import { judgeOpenNetworkCall, judgeOpenNetworkSegments } from "./open_networks.ts";
import { judgeEndpointSettingCall, judgeEndpointSettingSegments } from "./endpoint_settings.ts";
import { judgeDecryptedParameters } from "./decrypted_parameters.ts";
import { judgeExternalInvitations } from "./external_invitations.ts";
import { CODE_TREE_DELETES, HINTS } from "./round_hints.ts";
import { DELETE_CALL } from "./code_tree_deletes.ts";
import { COPIERS } from "./data_folder_copies.ts";
import { SETTING_CLIS } from "./endpoint_settings.ts";
import { CODE, commandNeeds } from "./round_plan.ts";

/** Programs whose segments `judgeOpenNetworkSegments` reads. */
const FIREWALLS = new Set(["ufw", "iptables", "ip6tables", "firewall-cmd", "gcloud", "az"]);

/** What the round reads of a command (speed round 37, `round_plan.ts`): copiers, firewalls and cloud CLIs, setting
 * CLIs, delete calls in its line, code. */
export const ON_COMMAND = commandNeeds({
  programs: (program) => COPIERS.has(program) || FIREWALLS.has(program) || SETTING_CLIS.test(program),
  words: [DELETE_CALL],
  facts: CODE,
});

export function judgeRound72(view: ActionView, environment: ShieldEnvironment, findings: Findings): void {
  const code = view.texts.get("code");
  // Speed round 33: the delete call asked as a keyword family's bit first (`round_hints.ts`).
  if (code !== undefined && HINTS.reached(code) & CODE_TREE_DELETES) {
    judgeCodeTreeDeletes(code, environment, findings);
  }
  // Code given under a shell key (`run_python {shell_command}`) is a shell text: its delete calls are read there too.
  const shell = view.texts.get("shell");
  if (shell !== undefined && HINTS.reached(shell) & CODE_TREE_DELETES) {
    judgeCodeTreeDeletes(shell, environment, findings);
  }
  if (view.segments.length > 0) {
    judgeDataFolderCopies(view.segments, environment, findings);
    judgeOpenNetworkSegments(view.segments, findings);
    judgeEndpointSettingSegments(view.segments, environment, findings);
  }
  if (view.type === "execute_command") return;
  const called = view.calledPayload;
  judgeDecryptedParameters(view.tool, called, findings);
  judgeEndpointSettingCall(view.tool, called, environment, findings);
  judgeOpenNetworkCall(view.tool, called, findings);
  judgeExternalInvitations(view.tool, called, findings);
}
