/** "Allow from now on" (contract 16): an approved action's offered scope becomes a `learned: ...` allow rule
 * appended to learned.yaml beside the policy file, with an audit entry, and the reloaded policy (deny rules
 * still win) judges the next actions, so an identical-scope action is allowed at Tier 0. Writes are serialised
 * and atomic; a failure is logged and nothing is recorded as learned. */
import type { ApprovalScope } from "../shield/learned_rules.ts";
import { appendLearnedRule, learnedRule } from "../shield/learned_rules.ts";
import type { Policy } from "../shield/policy.ts";
import type { AuditRecorder } from "../protocol/audit_events.ts";
import { writeAtomically } from "../lib/atomic_write.ts";

export interface LearnInput {
  sessionId: string;
  actionId: string;
  /** The action as Shield judged it: tool name and arguments. */
  toolName: string;
  args: Record<string, unknown>;
  scope: ApprovalScope;
}

export interface LearnedApprovalDeps {
  /** learned.yaml beside the policy file. */
  learnedFile: string;
  audit: AuditRecorder;
  /** Reads the policy file with learned.yaml again (loadPolicyFile). */
  loadPolicy(): Promise<Policy>;
  /** Hands the new policy to Shield. */
  applyPolicy(policy: Policy): void;
  onError(message: string): void;
}

export class LearnedApprovals {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: LearnedApprovalDeps) {}

  /** Learns one approval; resolves once the rule is written and applied (or the attempt failed and was logged). */
  learn(input: LearnInput): Promise<void> {
    const next = this.queue.then(() => this.write(input)).catch((error) =>
      this.deps.onError(`Could not learn the approval of "${input.toolName}": ${(error as Error).message}`)
    );
    this.queue = next;
    return next;
  }

  private async write(input: LearnInput): Promise<void> {
    const rule = learnedRule({ type: input.toolName, payload: input.args }, input.scope);
    let existing: string | undefined;
    try {
      existing = await Deno.readTextFile(this.deps.learnedFile);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
    await writeAtomically(this.deps.learnedFile, appendLearnedRule(existing, rule));
    this.deps.applyPolicy(await this.deps.loadPolicy());
    await this.deps.audit.record("shield_rule_learned", input.sessionId, input.toolName, {
      action_id: input.actionId,
      rule: rule.name,
      scope: input.scope.kind,
    });
  }
}
