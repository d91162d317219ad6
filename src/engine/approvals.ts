/** Pending Tier 3 approvals: asks the session's clients, binds each answer to the exact action it was asked for
 * and to the session it was asked in, and limits how often each session and the user are asked. */
import type { Clock } from "../lib/clock.ts";
import type { ApprovalRequester } from "../shield/types.ts";
import type { EventSink, ServerEvent, ServerEventData } from "../protocol/server_events.ts";
import { makeEvent } from "../protocol/server_events.ts";
import type { AuditRecorder } from "../protocol/audit_events.ts";
import { ApprovalLimits } from "./approval_limits.ts";
import { offeredScope, type ScopeOffer } from "../shield/learned_rules.ts";
import type { LearnInput } from "./learned_approvals.ts";
import {
  approvalDetails,
  type ApprovalExtras,
  type DetailOptions,
  type NotedCall,
} from "./approval_details.ts";

/** Reading the file a write would replace must not hold the prompt back. */
const DETAILS_TIMEOUT_MS = 2000;

interface Pending {
  sessionId: string;
  actionHash: string;
  toolName: string;
  /** The request as sent, and when it expires, so a client that connects later can still be asked. */
  data: ServerEventData["tier3_approval_required"];
  deadline: number;
  /** The call as Shield judged it and the one scope the request offered to allow from now on. */
  call: NotedCall;
  offer?: ScopeOffer;
  resolve: (decision: "approve" | "deny" | "timeout") => void;
}

export interface ApprovalDeps {
  events: EventSink;
  clock: Clock;
  audit: AuditRecorder;
  /** Number of clients able to answer for a session right now (web sockets, channels). */
  clientsFor: (sessionId: string) => number;
  /** shield.tier3.max_per_hour: prompts per session per hour (the user's limit is a multiple of it). */
  maxPerHour: number;
  /** Where write diffs are read from. */
  files: DetailOptions;
  /** Learns an approval answered with "allow from now on" (learned_approvals.ts); absent: never offered. */
  learn?: (input: LearnInput) => Promise<void>;
}

export class ApprovalRegistry implements ApprovalRequester {
  private readonly pending = new Map<string, Pending>();
  private readonly noted = new Map<string, NotedCall>();
  private readonly limits: ApprovalLimits;

  constructor(private readonly deps: ApprovalDeps) {
    this.limits = new ApprovalLimits(deps.maxPerHour, () => deps.clock.now());
  }

  /** The pipeline tells the call's full arguments before Shield judges it, so a prompt can show them. */
  note(actionId: string, call: NotedCall): void {
    this.noted.set(actionId, call);
  }

  forget(actionId: string): void {
    this.noted.delete(actionId);
  }

  /** Rejects (Shield turns that into BLOCK with the message) when the session's or the user's hourly limit is
   * reached; prompts nobody could see count against neither. */
  async request(
    input: Parameters<ApprovalRequester["request"]>[0],
  ): ReturnType<ApprovalRequester["request"]> {
    if (this.deps.clientsFor(input.sessionId) === 0) return "unavailable";
    if (this.pending.has(input.actionId)) return "deny";
    const limited = this.limits.refusal(input.sessionId);
    if (limited) throw new Error(limited);
    this.limits.record(input.sessionId);
    const call = this.noted.get(input.actionId) ?? { toolName: input.toolName, args: {} };
    const extra = await withTimeout<ApprovalExtras>(approvalDetails(call, input.reasoning, this.deps.files), {
      diff_note: "The file to be replaced could not be read in time",
    });
    this.deps.audit.record("tier3_requested", input.sessionId, input.toolName, {
      action_id: input.actionId,
      action_hash: input.actionHash,
    });
    return await new Promise((resolve) => {
      const timer = setTimeout(
        () => this.settle(input.actionId, "timeout", "timeout"),
        input.timeoutSecs * 1000,
      );
      const offer = this.deps.learn ? offeredScope({ type: call.toolName, payload: call.args }) : undefined;
      const data = {
        action_id: input.actionId,
        tool_name: input.toolName,
        target: input.target,
        reasoning: input.reasoning,
        timeout_secs: input.timeoutSecs,
        ...extra,
        ...(offer ? { allow_from_now_on: { label: offer.label, scope: { ...offer.scope } } } : {}),
      };
      this.pending.set(input.actionId, {
        sessionId: input.sessionId,
        actionHash: input.actionHash,
        toolName: input.toolName,
        data,
        deadline: this.deps.clock.now() + input.timeoutSecs * 1000,
        call,
        offer,
        resolve: (decision) => {
          clearTimeout(timer);
          resolve(decision);
        },
      });
      this.deps.events.emit(
        makeEvent("tier3_approval_required", input.sessionId, data, this.deps.clock.now()),
      );
    });
  }

  /** Answers one pending request from a client watching the same session (the caller passes the session its
   * connection is bound to, never one the client named). False when no such request is waiting (unknown,
   * answered, expired, or asked in another session). `remember` with approve also allows the scope the request
   * offered from now on; the client cannot name another or a wider one. */
  decide(
    actionId: string,
    decision: "approve" | "deny",
    via = "web",
    fromSessionId?: string,
    remember = false,
  ): boolean {
    const item = this.pending.get(actionId);
    if (!item || !fromSessionId || fromSessionId !== item.sessionId) return false;
    const offer = remember && decision === "approve" ? item.offer : undefined;
    // The approved call goes on once the rule is in force, so its next identical-scope call is not asked again.
    const learned = offer && this.deps.learn
      ? this.deps.learn({
        sessionId: item.sessionId,
        actionId,
        toolName: item.call.toolName,
        args: item.call.args,
        scope: offer.scope,
      })
      : undefined;
    return this.settle(actionId, decision, via, offer !== undefined, learned);
  }

  /** The still-open requests of a session, as events with the seconds left: sent to a client that (re)connects. */
  pendingEvents(sessionId: string): ServerEvent[] {
    const now = this.deps.clock.now();
    return [...this.pending.values()].filter((item) => item.sessionId === sessionId).map((item) =>
      makeEvent("tier3_approval_required", sessionId, {
        ...item.data,
        timeout_secs: Math.max(1, Math.ceil((item.deadline - now) / 1000)),
      }, now)
    );
  }

  /** Denies everything still waiting (shutdown). */
  denyAll(): void {
    for (const id of [...this.pending.keys()]) this.settle(id, "deny", "shutdown");
  }

  private settle(
    actionId: string,
    decision: "approve" | "deny" | "timeout",
    via: string,
    remember = false,
    before?: Promise<void>,
  ): boolean {
    const item = this.pending.get(actionId);
    if (!item) return false;
    // Deleting first makes every approval single-use: it cannot be replayed for another call.
    this.pending.delete(actionId);
    this.deps.audit.record("tier3_decision", item.sessionId, item.toolName, {
      action_id: actionId,
      action_hash: item.actionHash,
      decision: decision === "timeout" ? "deny" : decision,
      via,
      ...(remember ? { remember: true } : {}),
    });
    if (before) void before.finally(() => item.resolve(decision));
    else item.resolve(decision);
    return true;
  }
}

function withTimeout<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => timer = setTimeout(() => resolve(fallback), DETAILS_TIMEOUT_MS));
  return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}
