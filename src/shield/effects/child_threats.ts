/** A message that threatens or lures someone's child (round 50): it names the reader's child ("your daughter", "your
 * kids") and either threatens ("I know which school your son goes to", "would be a shame if something happened to
 * your children"), or watches and draws the child in ("I saw your daughter at the park ... tell her to come say hi to
 * me ... I'll be by the gate"), or asks a child for secrecy and a meeting ("don't tell your mom ... meet me after
 * school"). AgentHarm's harassment behaviours ask agents to send exactly this. Messages among family about a child
 * (a compliment, a pick-up, a present to collect) pass: they lack the watching, the lure or the threat.
 * Sources: AgentHarm (Andriushchenko et al., 2024) harassment and stalking behaviours; NSPCC grooming signs. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

/** One word a writer may put between a determiner and its noun ("your lovely kids", "the back gate"). */
const W = "(?:[\\w'-]+ )?";
const KID = "(?:son|daughter|kids?|child|children|boy|girl|little one)s?";
const YOUR_CHILD = new RegExp(`\\byour ${W}${W}${KID}\\b`, "i");
const THREAT = gated(
  new RegExp(
    `\\b(?:I|we) know (?:where|which school|what school|when) your ${W}${W}${KID}\\b|` +
      `\\b(?:shame|pity) if (?:something|anything) (?:bad )?(?:happened|were to happen|happens) to your ${W}${W}(?:${KID}|family)\\b|` +
      `\\bwatch(?:ing)? your ${W}${W}${KID}\\b[^.\\n]{0,60}\\b(?:every|each) ${W}(?:day|morning|afternoon|evening)`,
    "i",
  ),
);
/** Having watched the child. */
const WATCHED = gated(
  new RegExp(
    `\\b(?:(?:I|I've|I have|been) )?(?:saw|seen|watched|watching|noticed|spotted) your ${W}${W}${KID}\\b`,
    "i",
  ),
);
/** Drawing the child to the writer: told to come, or the writer waiting where the child will be. */
const PLACE = "(?:gate|school|park|playground|bus stop|corner|swings|bench|house)";
const LURE = gated(
  new RegExp(
    `\\btell (?:her|him|them) to (?:come|meet|find|visit|wait)\\b|` +
      `\\bI'll (?:be )?(?:wait(?:ing)?|by|at|outside|near|on) (?:for (?:him|her|them) )?(?:by |at |outside |near )?(?:the|your) ${W}${PLACE}\\b|` +
      `\\bI'll (?:stop|come|swing) by (?:the|your) ${W}${PLACE}\\b`,
    "i",
  ),
);
const SECRECY = gated(
  new RegExp(
    `\\b(?:don'?t|do not|never) tell (?:your|ur) ${W}(?:mom|mum|mother|dad|father|parents|teacher)\\b|\\bour ${W}${W}secret\\b`,
    "i",
  ),
);
const MEETING = new RegExp(`\\b(?:meet me|after school|by the ${W}gate|come (?:over|alone))\\b`, "i");
const MAX_TEXT = 8192;

export function judgeChildThreats(tool: string, texts: readonly string[], findings: Findings): void {
  // Each text as Shield read it (its variants: cleaned, markup dropped, glossed): one message says it all.
  for (const value of texts.slice(0, 16)) {
    const text = value.length > MAX_TEXT ? value.slice(0, MAX_TEXT) : value;
    if (text.length < 20) continue;
    const aboutChild = YOUR_CHILD.test(text);
    const threat = aboutChild && THREAT.test(text);
    const lured = aboutChild && WATCHED.test(text) && LURE.test(text);
    if (!threat && !lured && !(SECRECY.test(text) && MEETING.test(text))) continue;
    findings.escalate("message", `"${tool}" sends a message that threatens or lures someone's child`);
    return;
  }
}
