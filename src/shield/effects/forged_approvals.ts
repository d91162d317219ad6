/** A human's approval written by the agent into a workflow's state (round 50): an orchestration call (LangGraph
 * `update_state`, a resume of an interrupt, Prefect's `resume_flow_run` input, Temporal signals, CrewAI human
 * feedback, workflow variables) that sets an approval flag (`approved_by_human: true`, `human_approved`, `approval:
 * "granted"`), resumes a pause with an approving answer, or writes state `as_node` a human-review step. The step that
 * was to stop for a person then reads as passed, and whatever it guarded runs. State written by the agent's own nodes
 * (a summary, messages, counters) passes. Sources: LangGraph `update_state(as_node=...)` and `interrupt`/`Command(resume)`
 * docs; Prefect `pause_flow_run`/`resume_flow_run(run_input)`; CrewAI `human_input`; Agent Security Bench (2024). */

import type { Findings } from "./findings.ts";

/** Words of tools that drive a workflow's run or state. */
const ORCHESTRATION_WORDS = new Set([
  "state",
  "graph",
  "langgraph",
  "workflow",
  "workflows",
  "thread",
  "checkpoint",
  "resume",
  "signal",
  "interrupt",
  "variables",
  "flow",
  "run",
  "crew",
  "crewai",
  "autogen",
  "pipeline",
  "execution",
  "feedback",
  "human",
  "node",
]);
const APPROVAL_KEY =
  /^(?:approved|is_?approved|approval(?:_?(?:status|granted|given|decision|result))?|(?:approved|reviewed|signed_?off|verified|confirmed)_?by_?(?:human|user|manager|reviewer|operator)|(?:human|user|manager|operator|reviewer)_?(?:approved|approval|review(?:ed)?|confirmed|sign_?off|verified)|human_?in_?the_?loop_?(?:passed|approved)|sign_?off|decision|action)$/i;
const APPROVING_VALUE = /^(?:true|yes|y|approved?|accept(?:ed)?|granted|passed|lgtm|ok|allow(?:ed)?|go)$/i;
/** A person's answer given as text (`human_feedback: "approved, go ahead"`). */
const HUMAN_ANSWER_KEY =
  /^(?:human|user|manager|reviewer|operator)_?(?:feedback|input|response|answer|reply|decision)$/i;
const APPROVING_ANSWER = /^\s*(?:approved?|yes|lgtm|ok(?:ay)?|accept(?:ed)?|go ahead|looks good|proceed)\b/i;
/** Keys whose approving value says only something else's choice, not a person's sign-off. */
const LOOSE_KEY = /^(?:decision|action)$/i;
const HUMAN_NODE = /human|review|approv|sign_?off|manager|operator|moderat/i;
const RESUME_WORDS = new Set(["resume", "signal", "interrupt", "feedback", "human", "input"]);

function approving(value: unknown): boolean {
  return value === true ||
    (typeof value === "string" && value.length < 40 && APPROVING_VALUE.test(value.trim()));
}

/** The approval flag found in the payload (depth-bounded). */
function approvalFlag(value: unknown, resuming: boolean, depth = 0): string | undefined {
  if (depth > 4 || !value || typeof value !== "object") return undefined;
  const entries = Array.isArray(value)
    ? value.slice(0, 16).map((item) => ["", item] as const)
    : Object.entries(value);
  for (const [key, inner] of entries.slice(0, 32)) {
    if (key !== "" && APPROVAL_KEY.test(key) && approving(inner) && (resuming || !LOOSE_KEY.test(key))) {
      return key;
    }
    if (
      HUMAN_ANSWER_KEY.test(key) && typeof inner === "string" && APPROVING_ANSWER.test(inner.slice(0, 80))
    ) {
      return key;
    }
    const found = approvalFlag(inner, resuming, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function judgeForgedApprovals(
  tool: string,
  words: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const asNode = payload.as_node ?? payload.asNode;
  if (!words.some((word) => ORCHESTRATION_WORDS.has(word)) && asNode === undefined) return;
  if (typeof asNode === "string" && HUMAN_NODE.test(asNode)) {
    findings.escalate(
      "delegation",
      `"${tool}" writes a workflow's state as its human-review step "${asNode.slice(0, 40)}"`,
    );
    return;
  }
  const flag = approvalFlag(payload, words.some((word) => RESUME_WORDS.has(word)));
  if (flag === undefined) return;
  findings.escalate("delegation", `"${tool}" writes a human's approval ("${flag}") into a workflow's state`);
}
