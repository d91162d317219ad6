/** Changes to the agent's own toolset or standing instructions made through an open-world tool
 * (`mcp__tools__register_tool`, `mcp__server__update_tool {new_description}`, `add_plugin`, `set_system_prompt`):
 * what a tool or prompt says is trusted by the agent from then on (tool shadowing, rug pulls), so writing one
 * escalates whatever the server or argument names. */

import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";
import { PURE_READ } from "./vocabulary.ts";

/** Nouns of what an agent trusts: its tools and their descriptions, plug-ins and skills, its prompt. */
const TOOLSET_NOUNS = new Set([
  "tool",
  "tools",
  "plugin",
  "plugins",
  "skill",
  "skills",
  "extension",
  "extensions",
  "prompt",
  "prompts",
  "instruction",
  "instructions",
  "persona",
  "mcp",
]);
const DESCRIPTION_KEYS =
  /^(?:(?:new_?)?description|(?:new_?)?instructions?|system_?prompt|prompt|input_?schema|schema)$/i;

export function judgeToolsetChanges(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!(words.verbs.has("write") || words.verbs.has("install"))) return;
  // `get_install_instructions`, `list_tools`: a read verb reads, whatever else the name holds.
  if (words.words.some((word) => PURE_READ.has(word))) return;
  const names = words.words.some((word) => TOOLSET_NOUNS.has(word));
  const describes = Object.entries(payload).some(([key, value]) =>
    DESCRIPTION_KEYS.test(key) && typeof value === "string" && value.length > 0
  );
  if (
    names &&
    (describes || words.words.some((word) => /^(?:register|install|add|update|replace|set)$/.test(word)))
  ) {
    findings.escalate("persistence", `"${tool}" changes the tools or instructions the agent trusts`);
  }
}
