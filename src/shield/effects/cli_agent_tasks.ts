/** Work handed to another agent from a command line (round 56): the task given to a coding agent's CLI --
 * GitHub's Copilot coding agent (`gh agent-task create '...'`), Codex (`codex exec`, `codex cloud exec`), Claude Code
 * (`claude -p`), Gemini CLI, Cursor's agent, Jules (`jules remote new --session '...'`), Amp, Aider, opencode, goose,
 * Amazon Q -- is judged by the checks of a sub-agent's task (`handed_work.ts`), as round 32 did for hand-off tools: a
 * task ordering branch protection removed, a security workflow deleted, secrets moved, data destroyed or money sent
 * is the act itself. The task is the prose among the words (a word with spaces in it); `--repo acme/platform`,
 * model names and flags are not. Tasks that add tests, rename a helper or summarise a log pass.
 * Sources: GitHub Copilot coding agent docs (`gh agent-task`); OpenAI Codex CLI and Codex cloud docs; Claude Code
 * headless mode (`-p`); Jules tools docs; OWASP Top 10 for Agentic Applications (2025), cross-agent delegation. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { AGENT_CLIS } from "./command_effects.ts";
import { judgeHandedWork } from "./handed_work.ts";
import { payloadStrings } from "./payload_strings.ts";

/** Agent CLIs beside the ones `command_effects.ts` knows for their approval switches. */
const MORE_AGENT_CLIS = new Set(["jules", "devin", "kiro-cli", "amazon-q"]);
/** A task: prose of a few words. */
const PROSE = /\S\s+\S+\s+\S/;

/** The programs `agentCliTasks` reads (speed round 32 gates `judgeCliAgentTasks` by name). */
export const handsToAgentCliWith = (program: string): boolean =>
  AGENT_CLIS.test(program) || MORE_AGENT_CLIS.has(program) || program === "gh";

/** The tasks a segment hands to an agent CLI, if it is one. */
export function agentCliTasks(segment: Segment): string[] {
  const { program, argv } = segment;
  const agent = AGENT_CLIS.test(program) || MORE_AGENT_CLIS.has(program) ||
    program === "gh" && argv[1] === "agent-task" && argv[2] === "create";
  if (!agent) return [];
  const tasks: string[] = [];
  for (const word of argv.slice(1, 24)) {
    const value = word.startsWith("--") && word.includes("=") ? word.slice(word.indexOf("=") + 1) : word;
    if (value.length >= 16 && !value.startsWith("-") && PROSE.test(value)) tasks.push(value);
  }
  return tasks;
}

export function judgeCliAgentTasks(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 16)) {
    const tasks = agentCliTasks(segment);
    if (tasks.length === 0) continue;
    const tool = segment.program === "gh" ? "gh agent-task" : segment.program;
    judgeHandedWork(tool, tasks, {}, environment, findings);
  }
}

/** Tools of cloud coding agents named for the product (`jules_create_session`, `devin_sessions_create`,
 * `cursor_background_agent_create`, `codex_cloud_task_create`): their task is handed-on work even where the tool's
 * words name no agent. */
const AGENT_PRODUCT =
  /(?:^|[_.-])(?:jules|devin|codex|copilot|cursor|claude_?code|openhands|sweep|droid|amp|background_?agent|coding_?agent)(?:[_.-]|$)/i;
const STARTS_WORK =
  /(?:^|[_.-])(?:create|start|run|new|send|launch|dispatch|submit|assign|spawn|delegate)(?:[_.-]|$)/i;

/** `texts` are the call's texts as the view read them (look-alike letters folded); the payload's own strings when it
 * read none. */
export function judgeAgentProductTools(
  tool: string,
  texts: readonly string[],
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!AGENT_PRODUCT.test(tool) || !STARTS_WORK.test(tool)) return;
  const read = texts.length > 0 ? texts : payloadStrings(payload).map((entry) => entry.value);
  const tasks = read.filter((value) => value.length >= 16 && PROSE.test(value)).slice(0, 8);
  if (tasks.length > 0) judgeHandedWork(tool, tasks, payload, environment, findings);
}
