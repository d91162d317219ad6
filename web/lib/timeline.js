// Pure functions that turn stored messages and live WebSocket events into the chat timeline items.
let keySeed = 0;
export function nextKey(prefix) {
  keySeed += 1;
  return `${prefix}-${keySeed}`;
}

function parseArguments(value) {
  if (value && typeof value === "object") return value;
  if (typeof value !== "string" || value === "") return {};
  try {
    const parsed = JSON.parse(value);
    return parsed && typeof parsed === "object" ? parsed : { value: parsed };
  } catch {
    return { raw: value };
  }
}

function toolCallList(message) {
  return Array.isArray(message.tool_calls) ? message.tool_calls : [];
}

// A stored tool message carries its call's verdict in tool_outcome (the engine migrated older messages once).
function storedVerdict(outcome) {
  if (!outcome || outcome.otr_blocked) return null;
  return { decision: outcome.decision, tier: outcome.tier, reason: outcome.reason, tier_results: [] };
}

function historicStatus(content, outcome, live) {
  if (content === undefined) return live?.status ?? "unknown";
  if (storedVerdict(outcome) && outcome.decision !== "ALLOW") return "blocked";
  return live?.status === "failed" || outcome?.is_error === true ? "failed" : "done";
}

function historicCard(call, result, actionId, live) {
  const content = result ? String(result.content ?? "") : undefined;
  const outcome = result?.tool_outcome;
  return {
    ...(live || {}),
    key: `t-${actionId ?? call.id ?? nextKey("c")}`,
    kind: "tool",
    action_id: actionId ?? call.id,
    tool_name: call.name ?? call.function?.name ?? "tool",
    arguments: parseArguments(call.arguments ?? call.function?.arguments),
    result: content ?? live?.result,
    verdict: live?.verdict ?? storedVerdict(outcome),
    status: historicStatus(content, outcome, live),
    duration_ms: live?.duration_ms ?? outcome?.duration_ms,
    historic: true,
  };
}

/** Tool call id → action id (the id of its live events). Tool messages carry it; for messages stored before
 * they did, the `tool_call` thoughts of the turn's final reply list the turn's action ids in call order. */
function actionIdsByCall(messages) {
  const byCall = new Map();
  let turnCalls = [];
  for (const message of messages) {
    if (message?.role === "user") turnCalls = [];
    if (message?.role === "tool" && message.tool_call_id && message.action_id) {
      byCall.set(message.tool_call_id, message.action_id);
    }
    if (message?.role !== "assistant") continue;
    for (const call of toolCallList(message)) turnCalls.push(call.id);
    const thoughts = Array.isArray(message.thoughts) ? message.thoughts : [];
    const ids = thoughts.filter((t) => t?.stage === "tool_call" && t.detail?.action_id);
    ids.forEach((thought, i) => {
      const callId = turnCalls[i];
      if (callId && !byCall.has(callId)) byCall.set(callId, thought.detail.action_id);
    });
  }
  return byCall;
}

/** Stored messages → items; tool results are folded into the card of the call that produced them, and cards
 * seen live on this page (same action id) keep their Shield verdict and duration. */
export function historyToItems(messages, knownCards = new Map()) {
  const list = messages.filter((m) => m && typeof m === "object");
  const results = new Map();
  for (const message of list) {
    if (message.role === "tool" && message.tool_call_id) results.set(message.tool_call_id, message);
  }
  const actionIds = actionIdsByCall(list);
  const folded = new Set();
  const items = [];
  for (const message of list) {
    const base = { key: `m-${message.message_id ?? nextKey("h")}`, created_at: message.created_at };
    if (message.role === "user") {
      items.push({ ...base, kind: "user", text: String(message.content ?? "") });
    } else if (message.role === "assistant") {
      const calls = toolCallList(message);
      if (message.content || !calls.length) {
        items.push({
          ...base,
          kind: "assistant",
          text: String(message.content ?? ""),
          message_id: message.message_id,
          thoughts: message.thoughts,
          token_usage: message.token_usage,
        });
      }
      for (const call of calls) {
        const result = results.get(call.id);
        if (result) folded.add(result);
        const actionId = actionIds.get(call.id);
        items.push(historicCard(call, result, actionId, knownCards.get(actionId)));
      }
    } else if (message.role === "tool") {
      if (!folded.has(message)) {
        items.push({
          ...base,
          kind: "tool_message",
          name: message.name || "tool",
          text: String(message.content ?? ""),
        });
      }
    } else {
      items.push({ ...base, kind: "note", text: String(message.content ?? "") });
    }
  }
  return items;
}

function updateLast(items, predicate, update) {
  for (let i = items.length - 1; i >= 0; i--) {
    if (predicate(items[i])) {
      const copy = items.slice();
      copy[i] = { ...items[i], ...update(items[i]) };
      return copy;
    }
  }
  return null;
}

export function addActionStarted(items, data) {
  return [...items, {
    // Same key as the card rebuilt from stored messages, so a refetch does not remount it.
    key: data.action_id ? `t-${data.action_id}` : nextKey("t"),
    kind: "tool",
    action_id: data.action_id,
    tool_name: data.tool_name || "tool",
    arguments: parseArguments(data.arguments),
    status: "evaluating",
    verdict: null,
  }];
}

function statusForDecision(decision) {
  if (decision === "ALLOW") return "running";
  if (decision === "ESCALATE") return "awaiting";
  return "blocked";
}

export function addVerdict(items, data) {
  const verdict = {
    decision: String(data.decision || "").toUpperCase(),
    tier: data.tier,
    reason: data.reason || "",
    tier_results: Array.isArray(data.tier_results) ? data.tier_results : [],
  };
  let next = updateLast(items, (i) => i.kind === "tool" && i.action_id === data.action_id, (item) => ({
    verdict,
    status: item.status === "done" || item.status === "failed"
      ? item.status
      : statusForDecision(verdict.decision),
  })) || items;
  // A verdict after a Tier 3 prompt is the outcome of that prompt.
  next =
    updateLast(next, (i) => i.kind === "approval" && i.action_id === data.action_id && !i.outcome, (item) => {
      if (verdict.decision === "ESCALATE") return {};
      const approved = verdict.decision === "ALLOW";
      const expired = !approved && !item.decision_sent && item.expired;
      return {
        outcome: approved ? "approved" : expired ? "expired" : "denied",
        outcome_reason: verdict.reason,
      };
    }) || next;
  return next;
}

export function addActionCompleted(items, data) {
  const update = {
    result: typeof data.result === "string" ? data.result : JSON.stringify(data.result ?? ""),
    is_error: Boolean(data.is_error),
    duration_ms: Number.isFinite(data.duration_ms) ? data.duration_ms : undefined,
    status: data.is_error ? "failed" : "done",
  };
  // A refused action also completes (with the refusal as an error): it stays "Blocked", not "Failed".
  const blocked = (item) => item.verdict?.decision === "BLOCK" || item.status === "blocked";
  return updateLast(
    items,
    (i) => i.kind === "tool" && i.action_id === data.action_id,
    (item) => (blocked(item) ? { ...update, status: "blocked", duration_ms: undefined } : update),
  ) ||
    [...items, {
      key: nextKey("t"),
      kind: "tool",
      action_id: data.action_id,
      tool_name: data.tool_name,
      arguments: {},
      ...update,
    }];
}

export function addOtrBlocked(items, data) {
  const open = (i) =>
    i.kind === "tool" && i.tool_name === data.tool_name &&
    !["done", "failed", "otr_blocked"].includes(i.status);
  return updateLast(items, open, () => ({ status: "otr_blocked", otr_reason: data.reason || "" })) ||
    [...items, {
      key: nextKey("t"),
      kind: "tool",
      tool_name: data.tool_name || "tool",
      arguments: {},
      status: "otr_blocked",
      otr_reason: data.reason || "",
    }];
}

export function addApprovalRequest(items, data, receivedAt) {
  const withStatus = updateLast(items, (i) => i.kind === "tool" && i.action_id === data.action_id, () => ({
    status: "awaiting",
  })) || items;
  return [...withStatus, {
    key: nextKey("a"),
    kind: "approval",
    action_id: data.action_id,
    tool_name: data.tool_name || "tool",
    target: data.target || "",
    reasoning: data.reasoning || "",
    arguments: data.arguments && typeof data.arguments === "object" ? data.arguments : null,
    diff: typeof data.diff === "string" ? data.diff : "",
    diff_note: typeof data.diff_note === "string" ? data.diff_note : "",
    allow_label: data.allow_from_now_on && typeof data.allow_from_now_on.label === "string"
      ? data.allow_from_now_on.label
      : "",
    agent_reasoning: typeof data.agent_reasoning === "string" ? data.agent_reasoning : undefined,
    shield_reason: typeof data.shield_reason === "string" ? data.shield_reason : "",
    timeout_secs: Number(data.timeout_secs) || 300,
    received_at: receivedAt,
    decision_sent: null,
    outcome: null,
  }];
}

export function markApproval(items, actionId, update) {
  return updateLast(items, (i) => i.kind === "approval" && i.action_id === actionId, () => update) || items;
}

export function addError(items, data) {
  return [...items, {
    key: nextKey("e"),
    kind: "error",
    code: data.code || "ERROR",
    message: data.message || "Something went wrong",
    recoverable: Boolean(data.recoverable),
  }];
}

export function addCommandResult(items, data) {
  return [...items, {
    key: nextKey("r"),
    kind: "command",
    command: data.command || "",
    ok: data.ok !== false,
    text: String(data.text ?? data.message ?? ""),
  }];
}

export function pendingApprovals(items) {
  return items.filter((i) => i.kind === "approval" && !i.outcome && !i.decision_sent && !i.expired).length;
}
