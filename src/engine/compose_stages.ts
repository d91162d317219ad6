/** Runs the tool pipeline's stages in order, like hono's compose: each stage gets the call and `next`, and either
 * ends the call or hands it on. One error path, and in it the fail-closed rule of the whole pipeline. */
import type { ToolCallRun, ToolOutcome } from "./tool_call.ts";

export interface PipelineStage {
  /** Names the stage in logs (`<name>_failed`). */
  name: string;
  /** What failed, for the refusal told to the model and the audit log: "Shield evaluation failed". */
  failure: string;
  run(call: ToolCallRun, next: () => Promise<ToolOutcome>): Promise<ToolOutcome>;
  /** How the call goes on when this stage throws and general.fail_closed is false. Without it, it is blocked. */
  failOpen?(call: ToolCallRun, error: Error, next: () => Promise<ToolOutcome>): Promise<ToolOutcome>;
}

/**
 * The fail-closed rule, in this one place: a stage that throws ends its call with a BLOCK verdict when
 * general.fail_closed is true; when false, the stage's `failOpen` decides (none: still BLOCK). Errors of later
 * stages never reach an earlier one: each is handled where it is thrown.
 */
export function composeStages(
  stages: readonly PipelineStage[],
  failClosed: boolean,
): (call: ToolCallRun) => Promise<ToolOutcome> {
  return (call) => {
    const dispatch = async (index: number): Promise<ToolOutcome> => {
      const stage = stages[index];
      if (!stage) {
        throw new Error(`The tool pipeline ended after "${stages.at(-1)?.name}" without an outcome`);
      }
      const next = () => dispatch(index + 1);
      let handedOn = false;
      try {
        return await stage.run(call, () => (handedOn = true, next()));
      } catch (error) {
        // A later stage's own error was handled where it was thrown; whatever escaped `next` is a bug there.
        if (handedOn) throw error;
        const failure = error instanceof Error ? error : new Error(String(error));
        call.deps.logger.error(
          `${stage.name}_failed`,
          `${stage.failure} on "${call.toolName}": ${failure.message}`,
          {
            action_id: call.actionId,
          },
        );
        if (!failClosed && stage.failOpen) return await stage.failOpen(call, failure, next);
        return call.block(`${stage.failure}: ${failure.message}`);
      }
    };
    return dispatch(0);
  };
}
