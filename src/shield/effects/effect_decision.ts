/** Decisions from an effect profile: BLOCK what is plainly harmful, ESCALATE what a human should see and
 * whatever Shield could not understand, ALLOW the rest (the envelope of ordinary work). */

import type { TierOutcome } from "../evaluator.ts";
import type { EffectProfile } from "./effect_profile.ts";

function listed(details: string[]): string {
  const shown = details.slice(0, 3).join("; ");
  return details.length > 3 ? `${shown}; and ${details.length - 3} more` : shown;
}

export function decideFromProfile(profile: EffectProfile): TierOutcome {
  const blocking = profile.findings.filter((finding) => finding.level === "block");
  if (blocking.length > 0) {
    return {
      decision: "BLOCK",
      reason: `Effect: ${listed(blocking.map((finding) => finding.detail))}`,
      confidence: 0.95,
      severe: true,
    };
  }
  if (profile.findings.length > 0) {
    return {
      decision: "ESCALATE",
      reason: `Effect needs approval: ${listed(profile.findings.map((finding) => finding.detail))}`,
      confidence: 0.7,
    };
  }
  if (!profile.understood) {
    return {
      decision: "ESCALATE",
      reason: `Unknown effect: nothing in "${profile.tool}" or its arguments shows what it does`,
      confidence: 0.5,
    };
  }
  return { decision: "ALLOW", reason: "Effects within ordinary work", confidence: 0.9 };
}
