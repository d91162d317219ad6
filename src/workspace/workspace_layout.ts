/** Refuses a layout where the agent's workspace holds what must stay out of its reach: the config file, the
 * policies, the engine's source or its web UI. Checked on real paths before anything starts or is written. */
import * as path from "node:path";
import { ConfigError } from "../lib/errors.ts";
import { engineSourceRoot, isInside, realPathOf } from "./protected_paths.ts";

export interface LayoutInputs {
  workspace: string;
  configPath: string;
  /** Shield policy, learned rules, IFC policy. */
  policyFiles: string[];
  /** Default: the checkout this module belongs to. */
  sourceRoot?: string;
  /** Default: `<sourceRoot>/web`. */
  webRoot?: string;
}

/** Throws a ConfigError naming the first thing the workspace would expose, and the fix. */
export function checkWorkspaceLayout(inputs: LayoutInputs): void {
  const workspace = realPathOf(inputs.workspace);
  const sourceRoot = inputs.sourceRoot ?? engineSourceRoot();
  const guarded: [string, string][] = [
    ["the config file", inputs.configPath],
    ...inputs.policyFiles.map((file): [string, string] => ["the security policy", file]),
    ["the engine's source", sourceRoot],
    ["the web UI", inputs.webRoot ?? path.join(sourceRoot, "web")],
  ];
  for (const [what, file] of guarded) {
    const real = realPathOf(file);
    if (!isInside(workspace, real)) continue;
    throw new ConfigError(
      `Refusing to start: the workspace "${workspace}" contains ${what} "${real}", which the agent could ` +
        `then rewrite; set "workspace:" in "${inputs.configPath}" to a folder of its own, such as ./workspace`,
    );
  }
}

/** The layout of a loaded config (structurally typed: security code does not import the config module). */
export function layoutOf(
  loaded: {
    workspace: string;
    path: string;
    policyFile: string;
    learnedRulesFile: string;
    ifcPolicyFile: string;
  },
  webRoot?: string,
): LayoutInputs {
  return {
    workspace: loaded.workspace,
    configPath: loaded.path,
    policyFiles: [loaded.policyFile, loaded.learnedRulesFile, loaded.ifcPolicyFile],
    ...(webRoot ? { webRoot } : {}),
  };
}
