/** What a Tier 3 card shows beyond the spec's fields: every argument of the call, a diff of what a write would
 * change, and the agent's own words kept apart from what Shield found (the agent's are untrusted). */
import * as path from "node:path";
import { resolveInWorkspace } from "../workspace/workspace_paths.ts";
import { unifiedDiff } from "../lib/text_diff.ts";
import type { ServerEventData } from "../protocol/server_events.ts";

/** The fields a Tier 3 request carries beyond the spec's. */
export type ApprovalExtras = Pick<
  ServerEventData["tier3_approval_required"],
  "arguments" | "agent_reasoning" | "shield_reason" | "diff" | "diff_note"
>;

/** Larger files get a note instead of a diff. */
const MAX_DIFF_BYTES = 1024 * 1024;

/** A call as the pipeline had it just before Shield judged it. */
export interface NotedCall {
  toolName: string;
  args: Record<string, unknown>;
  /** The model's text before the call: its own account, possibly written by an attacker. */
  reasoning?: string;
}

export interface DetailOptions {
  workspace: string;
  home?: string;
}

/** Extra fields for `tier3_approval_required`: arguments, agent_reasoning, shield_reason, and diff or diff_note
 * for write_file. `reasoning` is the spec field as Shield composed it. */
export async function approvalDetails(
  call: NotedCall,
  reasoning: string,
  options: DetailOptions,
): Promise<ApprovalExtras> {
  const agent = call.reasoning?.trim() ?? "";
  const details: ApprovalExtras = {
    arguments: call.args,
    agent_reasoning: agent,
    shield_reason: shieldPart(reasoning, call.reasoning ?? ""),
  };
  if (call.toolName === "write_file") Object.assign(details, await writeDiff(call.args, options));
  return details;
}

/** Shield's reasoning is "<agent text> (<tier findings>)" or the findings alone; the findings are the engine's. */
function shieldPart(reasoning: string, agent: string): string {
  if (!agent) return reasoning;
  const prefix = `${agent} (`;
  return reasoning.startsWith(prefix) && reasoning.endsWith(")") ? reasoning.slice(prefix.length, -1) : "";
}

async function writeDiff(
  args: Record<string, unknown>,
  options: DetailOptions,
): Promise<{ diff?: string; diff_note?: string }> {
  if (typeof args.path !== "string" || typeof args.content !== "string") return {};
  let file: string;
  try {
    file = await resolveInWorkspace(options.workspace, args.path, { home: options.home, action: "write" });
  } catch (error) {
    return { diff_note: (error as Error).message };
  }
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(file);
  } catch {
    return { diff_note: "New file: the whole content is in the arguments" };
  }
  if (!info.isFile) return { diff_note: `"${args.path}" is not a regular file` };
  if (info.size > MAX_DIFF_BYTES) {
    return { diff_note: `The existing file is ${info.size} bytes: too large to diff here` };
  }
  const bytes = await Deno.readFile(file);
  let before: string;
  try {
    before = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { diff_note: "The existing file is not UTF-8 text: it would be replaced entirely" };
  }
  if (before.includes("\0")) {
    return { diff_note: "The existing file is binary: it would be replaced entirely" };
  }
  const name = path.basename(file);
  const diff = unifiedDiff(before, args.content, { oldLabel: `a/${name}`, newLabel: `b/${name}` });
  return diff ? { diff } : { diff_note: "The content is identical to the existing file" };
}
