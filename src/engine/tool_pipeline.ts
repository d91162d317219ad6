/** The one tool-call pipeline every caller uses (chat, sub-agents, schedules, channels, MCP): the stages of
 * pipeline_stages.ts, composed once (compose_stages.ts), run for each call the model proposes. */
import type { ToolCall } from "../providers/types.ts";
import { composeStages, type PipelineStage } from "./compose_stages.ts";
import { TOOL_CALL_STAGES } from "./pipeline_stages.ts";
import { type CallContext, type PipelineDeps, ToolCallRun, type ToolOutcome } from "./tool_call.ts";

export type { CallContext, PipelineDeps, ToolLookup, ToolOutcome } from "./tool_call.ts";

export class ToolPipeline {
  private readonly runStages: (call: ToolCallRun) => Promise<ToolOutcome>;

  constructor(private readonly deps: PipelineDeps, stages: readonly PipelineStage[] = TOOL_CALL_STAGES) {
    this.runStages = composeStages(stages, deps.failClosed);
  }

  run(call: ToolCall, context: CallContext): Promise<ToolOutcome> {
    return this.runStages(new ToolCallRun(call, context, this.deps));
  }
}
