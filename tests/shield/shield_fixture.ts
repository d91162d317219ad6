/** Test helpers: a settable clock, a default-policy Shield factory, and small action builders. */

import type { Clock } from "../../src/lib/clock.ts";
import { createShield, type Shield, type ShieldOptions } from "../../src/shield/shield.ts";
import { parsePolicy } from "../../src/shield/policy.ts";
import { DEFAULT_POLICY_YAML } from "../../src/shield/presets/default_policy.ts";
import type { Action, Verdict } from "../../src/shield/types.ts";

export const WORKSPACE = "/home/dev/project";
export const HOME = "/home/dev";

export class ManualClock implements Clock {
  constructor(public time = 1_700_000_000_000) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

/** Options of a default-policy Shield over WORKSPACE with no rate limit and no verdict cache. */
export function shieldOptions(overrides: Partial<ShieldOptions> = {}): ShieldOptions {
  return {
    workspace: WORKSPACE,
    home: HOME,
    policy: parsePolicy(DEFAULT_POLICY_YAML, "default"),
    heuristicEnabled: true,
    failClosed: true,
    rateLimitPerMinute: 0,
    verdictTtlSeconds: 0,
    clock: new ManualClock(),
    ...overrides,
  };
}

export function makeShield(overrides: Partial<ShieldOptions> = {}): Shield {
  return createShield(shieldOptions(overrides));
}

export const command = (text: string, sessionId = "s1"): Action => ({
  type: "execute_command",
  payload: { command: text },
  sessionId,
});

export function decisionOf(verdict: Verdict): string {
  return `${verdict.decision}@${verdict.tier}`;
}
