/** Shield built by the app as the engine builds it (`buildShield`), over a temporary workspace with the default
 * policy beside it: every Tier 3 question is recorded and denied, nothing reaches the network. */

import { buildShield } from "../../src/app/build_shield.ts";
import type { Config } from "../../src/config/schema.ts";
import { systemClock } from "../../src/lib/clock.ts";
import type { LazyShield } from "../../src/shield/lazy_shield.ts";
import { DEFAULT_POLICY_YAML } from "../../src/shield/presets/default_policy.ts";

export interface AppShield {
  shield: LazyShield;
  /** The reasoning of each question Shield asked a human (all denied). */
  asked: string[];
}

export async function buildAppShield(config: Config, workspace: string): Promise<AppShield> {
  const policyFile = `${workspace}/policy.yaml`;
  await Deno.writeTextFile(policyFile, DEFAULT_POLICY_YAML);
  const asked: string[] = [];
  const shield = await buildShield({
    config,
    workspace,
    policyFile,
    controlPaths: [policyFile],
    home: workspace,
    clock: systemClock,
    fetch: () => Promise.reject(new Error("no network in this test")),
    budget: { usedToday: () => 0, tryConsume: () => false },
    approvals: {
      request: (input) => {
        asked.push(input.reasoning);
        return Promise.resolve("deny");
      },
    },
    evaluatorModel: () => undefined,
    observer: {},
  });
  return { shield, asked };
}
