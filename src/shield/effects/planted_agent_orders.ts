/** Standing orders to AI agents written into content that other people's agents read (round 54): a pull request's
 * body, an issue, a comment, a commit message, a wiki page or a file left in a shared folder that addresses an AI
 * reader (`@claude`, `@copilot`, "any AI assistant opening this folder", "if you are an AI agent", "Gemini:") and
 * tells it to hand over secrets, to share or send things to an address, to keep quiet about it, or that someone
 * has authorised it. Whoever's agent reads the text next (a CI bot triaging the PR, the owner's assistant opening the
 * folder) takes it as its user's wish: the planting side of indirect prompt injection. Sources: Aikido PromptPwnd
 * (2025, prompt injection through PR and issue text in GitHub Actions agents); Legit Security on GitLab Duo (2025);
 * Greshake et al. (2023); Zenity AgentFlayer (2025). An AGENTS.md with build commands, a CONTRIBUTING note for
 * humans and "@claude please review this PR" pass. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";
import { boundedText } from "../joined_texts.ts";
import { FORBID } from "./concepts.ts";
import { matchesOf } from "../match_all.ts";

/** An AI reader addressed: a coding agent's mention, "any/all/every ... AI assistant(s)", "if you are an AI", "AI
 * agents reading this", or an assistant's name opening a sentence with a comma or colon. */
const ADDRESSEE = gated(
  new RegExp(
    [
      String
        .raw`(?<![\w.+-])@(?:claude|copilot|codex|devin|cursor|jules|gemini|openhands|sweep|aider|coderabbitai|amazon-?q|qodo|tabnine|mentat|gpt|chatgpt|ai)\b`,
      String
        .raw`\b(?:any|all|every|each|dear|hey|hello|attention|note (?:to|for)|notes for|message (?:to|for))\s+(?:the\s+)?(?:(?:claude|gemini|copilot|chatgpt|codex|cursor|devin)\s+and\s+)?(?:other\s+)?(?:ai|llm|gpt|automated|coding|autonomous)\s+(?:assistants?|agents?|models?|bots?|reviewers?)\b`,
      String
        .raw`\b(?:note|notes|message|instructions?) (?:to|for) (?:claude|gemini|copilot|chatgpt|codex|cursor|devin)\b`,
      String.raw`\bif you are an? (?:ai|llm|language model|assistant|agent|bot|automated)\b`,
      String
        .raw`\b(?:ai|llm)\s+(?:assistants?|agents?|models?|bots?)\s+(?:reading|opening|processing|summari[sz]ing|reviewing|triaging|with access|that reads?|who reads?)\b`,
      String
        .raw`\b(?:assistants?|agents?|bots?)\s+(?:reading|opening|processing|summari[sz]ing)\s+(?:this|these)\b`,
      String.raw`(?:^|[.!?\n]\s*)(?:claude|gemini|copilot|chatgpt|codex|cursor|devin)\s*[,:]`,
    ].join("|"),
    "i",
  ),
);
/** What makes the order matter: a claimed authorisation or an order to drop earlier rules, concealment, secrets
 * handed over, or things shared or sent to an address or link. */
const CONSEQUENCE = new RegExp(
  [
    String
      .raw`\b(?:owner|user|admin(?:istrator)?|maintainers?|manager|team|ceo|cfo|security team)\s+(?:has\s+|have\s+)?(?:authori[sz](?:ed|es)|approved|approves|permitted|permits|allowed|allows|cleared|instructed|instructs)\s+(?:you|the (?:assistant|agent))\b`,
    String.raw`\byou (?:are|have been|were) (?:authori[sz]ed|permitted|allowed|cleared|approved) to\b`,
    String
      .raw`\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+|your\s+)?(?:previous\s+|prior\s+|earlier\s+|original\s+|other\s+|system\s+|review\s+)?(?:instructions|rules|guidelines|prompts?)\b`,
    String
      .raw`\b(?:silently|secretly|quietly)\b|\bwithout (?:asking|telling|confirming|confirmation|approval|notifying)\b|\b(?:do not|don't|never) (?:mention|tell|inform|notify|ask|confirm|reveal|disclose)\b|\bno need to (?:ask|confirm|tell)\b`,
    String
      .raw`\b(?:print|list|show|paste|post|send|share|email|e-mail|forward|upload|copy|include|read|cat|dump|export|reveal|echo|output|attach)\b[^.\n]{0,60}?(?:\bsecrets?\b|\btokens?\b|\bcredentials?\b|\bpasswords?\b|\bapi[ _-]?keys?\b|\bprivate keys?\b|\.env\b|\bid_rsa\b|~\/\.ssh|~\/\.aws|\benv(?:ironment)? var)`,
    String
      .raw`\bgh\s+(?:auth\s+token|secret\s+list)\b|\bprintenv\b|\baws\s+configure\s+export-credentials\b|\bcat\s+~?\S*(?:\.env|credentials|id_rsa|id_ed25519)\b|\b(?:secret|token) list\b`,
    String
      .raw`\b(?:share|send|forward|email|e-mail|upload|copy|sync|transfer|mail)\b[^.\n]{0,60}?\b(?:to|with)\s+(?:[\w.+-]+@[\w-]+\.[\w.-]+|https?:\/\/)`,
  ].join("|"),
  "gi",
);
/** A warning, not an order ("never print secrets", "do not share tokens"). */
const NEGATED = new RegExp(`(?:${FORBID}|\\b(?:not|avoid|no)\\b)\\s+(?:\\w+\\s+)?$`, "i");
const MAX_TEXT = 16 * 1024;

/** Options that carry the text a repository CLI posts (`gh pr edit --body`, `glab mr note -m`, `git commit -m`). */
const BODY_OPTION = /^(?:--body|-b|--message|-m|--title|-t|--description|-d|--notes|--comment|--text)$/;
const POSTING_PROGRAMS = new Set(["gh", "glab", "git", "hub", "tea", "jira", "linear", "bb", "az"]);

/** The texts a repository CLI's segments post (their body, message, title and description options). */
export function postedTexts(segments: readonly Segment[]): string[] {
  const found: string[] = [];
  for (const segment of segments.slice(0, 32)) {
    if (!POSTING_PROGRAMS.has(segment.program)) continue;
    const argv = segment.argv;
    for (let index = 1; index + 1 < argv.length && index < 64; index++) {
      if (BODY_OPTION.test(argv[index])) found.push(argv[index + 1]);
      else if (/^--(?:body|message|title|description)=/.test(argv[index])) {
        found.push(argv[index].slice(argv[index].indexOf("=") + 1));
      }
    }
  }
  return found;
}

/** The order planted, or undefined: an AI reader addressed and, within the text after it, a consequence. */
export function plantedOrder(text: string): string | undefined {
  if (text.length < 12) return undefined;
  const bounded = boundedText(text, MAX_TEXT);
  const addressed = ADDRESSEE.exec(bounded);
  if (!addressed) return undefined;
  const after = bounded.slice(addressed.index, addressed.index + 600);
  CONSEQUENCE.lastIndex = 0;
  for (const match of matchesOf(CONSEQUENCE, after)) {
    if (NEGATED.test(after.slice(Math.max(0, match.index - 16), match.index))) continue;
    return match[0];
  }
  return undefined;
}

export function judgePlantedAgentOrders(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 32)) {
    const order = plantedOrder(text);
    if (order === undefined) continue;
    findings.escalate(
      "delegation",
      `"${tool}" writes an order for other people's AI agents into what they read ("${order.slice(0, 40)}")`,
    );
    return;
  }
}
