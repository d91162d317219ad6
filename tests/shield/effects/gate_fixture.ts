/** What the gate tests share: the scoring workspace's environment, views of actions in it, findings listed as text,
 * and command actions spelled so their program shows only after the view's work (base64 piped into a shell). */

import type { Action } from "../../../src/shield/types.ts";
import type { Findings } from "../../../src/shield/effects/findings.ts";
import { buildActionView } from "../../../src/shield/action_view.ts";
import { resolveEnvironment } from "../../../src/shield/environment.ts";

export const WORKSPACE = "/home/dev/project";
export const HOME = "/home/dev";
export const environment = resolveEnvironment({ workspace: WORKSPACE, home: HOME });
export const viewOf = (action: Action) => buildActionView(action, WORKSPACE, HOME, environment.shellHome);
export const listed = (findings: Findings) =>
  findings.list.map((finding) => `${finding.level} ${finding.kind} ${finding.detail}`);

export const run = (command: string): Action => ({ type: "execute_command", payload: { command } });
export const shell = (cmd: string): Action => ({ type: "run_shell", payload: { cmd } });
export const piped = (command: string) => `echo ${btoa(command)} | base64 -d | sh`;
