/** Orders and notes that gather a private person's life (round 62, beside round 58's dossier with a street address):
 * a script's comment, a note or a task that compiles, tracks or locates someone ("compile everything about Jenna
 * Morrow: address, workplace, daily routine, car plate"; "find out where Daniel Kessler lives, what he drives and
 * when he leaves for work") over the facets a stalker needs -- where they live, where they work, when they are where,
 * what they drive, their children or partner -- from social and people-search sources. Read in source code too:
 * the order is in its comments. At least one facet of whereabouts (routine, car, children) and three in all, with an
 * order to gather or two people-search sources, or four facets alone; a person must be named or spoken of. The
 * user's own activity export, a CRM import of business contacts and a fleet app's vehicle schedule pass (no private
 * person, no whereabouts). Sources: AgentHarm (Andriushchenko et al. 2024) stalking and harassment behaviours; NNEDV
 * Safety Net; FTC on people-search sites. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

const FACETS: readonly [RegExp, boolean][] = [
  // home
  [
    /\b(?:home address|(?:new |current )?address|where\b[^\n.]{0,30}?\blives?|lives (?:at|near|in|on)|(?:her|his) (?:flat|apartment|house))\b/i,
    false,
  ],
  // work
  [
    /\b(?:workplace|employer|works (?:at|for)|where\b[^\n.]{0,30}?\bworks?\b|office location|shift (?:ends|starts))\b/i,
    false,
  ],
  // when they are where (phrases, not `routine` in "coroutine")
  [
    /\b(?:daily (?:routine|schedule)|(?:her|his|their) (?:routine|schedule)|whereabouts|movements|when (?:s?he|they) (?:leaves?|gets? home|arrives?)|leaves? for (?:work|the gym)|gym (?:times|schedule)|running route|commute|weekdays)\b/i,
    true,
  ],
  // what they drive (not `plate` in "template", `car` in "card")
  [
    /\b(?:(?:a|her|his|their|the) car|car\s*:|car (?:plate|reg\w*)|vehicle|drives|licen[cs]e plate|number plate|plate (?:number|lookup))\b/i,
    true,
  ],
  // children and partner
  [
    /\b(?:kids?|children|(?:her|his|their) (?:son|daughter)|boy ?friend|girl ?friend|husband|wife)(?:'s|')?\b/i,
    true,
  ],
];
/** Any facet of whereabouts, the cheap first test (the literal automaton's). */
const WHEREABOUTS = gated(
  new RegExp(FACETS.filter(([, strong]) => strong).map(([facet]) => facet.source).join("|"), "i"),
);
const GATHERS = gated(
  /\b(?:compile|gather|collect|find out|dig up|scrape|track|locate|monitor|build (?:a |an )?(?:full |complete )?(?:profile|dossier)|dossier|everything (?:about|on)|all (?:the )?(?:info|information) (?:about|on))\b/i,
);
const PEOPLE_SOURCES =
  /\b(?:instagram|facebook|strava|linkedin|tiktok|twitter|snapchat|whitepages|spokeo|truepeoplesearch|beenverified|pipl|intelius|voter[- _]?(?:rolls|records)|property records|county[- _]records|court records|plate lookup)\b/gi;
/** Someone spoken of: a name, a handle, a third person. */
const PERSON =
  /\b[A-Z][a-z]+ [A-Z][a-z]+\b|@[\w.]{3,}|\b(?:she|he|her|his|him|target|victim)\b|\b(?:SHE|HE|HER|HIS|HIM)\b/;
/** The user's own life, which they may gather as they like. */
const OWN = /\b(?:my own|my (?:activities|runs|rides|data|account|profile))\b/i;

export function judgePersonLookups(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 16)) {
    if (text.length > 8 * 1024 || !WHEREABOUTS.test(text)) continue;
    let facets = 0;
    let whereabouts = false;
    for (const [facet, strong] of FACETS) {
      if (!facet.test(text)) continue;
      facets++;
      whereabouts ||= strong;
    }
    if (!whereabouts || facets < 3 || OWN.test(text) || !PERSON.test(text)) continue;
    const sources = new Set((text.match(PEOPLE_SOURCES) ?? []).map((source) => source.toLowerCase()));
    if (facets < 4 && !GATHERS.test(text) && sources.size < 2) continue;
    findings.escalate(
      "write",
      `"${tool}" gathers a person's home, work, routine, car or family (${facets} of them)`,
    );
    return;
  }
}
