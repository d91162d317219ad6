// Applies WebSocket events of the open session to the chat timeline, batching streamed tokens per frame.
import { appStore } from "./app_store.js";
import { chatStore, streamStore } from "./chat_store.js";
import { TokenBuffer } from "./token_buffer.js";
import * as timeline from "./timeline.js";

/** Tool cards seen live, by action id, so their verdicts survive a reload of the session's messages. */
export const knownCards = new Map();

const turn = { segments: [], cancelTimer: 0 };
const tokens = new TokenBuffer((chunk) => {
  const { key, text } = streamStore.get();
  if (key) streamStore.set({ text: text + chunk });
});

function setItems(items, extra = {}) {
  chatStore.set({ items, ...extra });
}

function rememberCards(items) {
  for (const item of items) if (item.kind === "tool" && item.action_id) knownCards.set(item.action_id, item);
}

function startLive() {
  const key = timeline.nextKey("live");
  streamStore.set({ key, text: "" });
  setItems([...chatStore.get().items, { key, kind: "assistant", text: "", streaming: true }], {
    turnActive: true,
    announcement: "Assistant is responding",
  });
}

/** Turns the streaming message into a finished segment (before a tool call, at the end, or on error). */
export function freezeLive(patch = {}) {
  tokens.flush();
  const { key, text } = streamStore.get();
  if (!key) return null;
  const finalText = patch.text ?? text;
  streamStore.set({ key: "", text: "" });
  const items = chatStore.get().items.map((
    i,
  ) => (i.key === key ? { ...i, ...patch, text: finalText, streaming: false } : i));
  const kept = finalText || patch.thoughts?.length || patch.token_usage
    ? items
    : items.filter((i) => i.key !== key);
  setItems(kept);
  return finalText;
}

export function endTurn(announcement = "Response complete") {
  clearTimeout(turn.cancelTimer);
  turn.segments = [];
  chatStore.set({ turnActive: false, cancelling: false, announcement });
}

export function beginTurn() {
  turn.segments = [];
  chatStore.set({ turnActive: true, cancelling: false, announcement: "Message sent" });
}

export function armCancelFallback(onExpire) {
  clearTimeout(turn.cancelTimer);
  turn.cancelTimer = setTimeout(onExpire, 8000);
}

// The final content may repeat text already streamed before tool calls; show only what is new.
function finalText(content, liveText) {
  const before = turn.segments.join("");
  if (typeof content !== "string" || content === "") return liveText;
  if (before && content.startsWith(before)) return content.slice(before.length).replace(/^\s+/, "");
  if (before && liveText && !content.includes(liveText)) return liveText;
  return before && !liveText && before.includes(content) ? "" : content;
}

function onComplete(data) {
  tokens.flush();
  const meta = { message_id: data.message_id, thoughts: data.thoughts, token_usage: data.token_usage };
  const text = finalText(data.content, streamStore.get().text);
  if (streamStore.get().key) {
    freezeLive({ ...meta, text });
  } else if (text || meta.thoughts?.length || meta.token_usage) {
    setItems([...chatStore.get().items, { key: timeline.nextKey("m"), kind: "assistant", text, ...meta }]);
  }
  endTurn();
}

const handlers = {
  llm_token(data) {
    if (!streamStore.get().key) startLive();
    tokens.push(String(data.token ?? ""));
  },
  action_started(data) {
    const text = freezeLive();
    if (text) turn.segments.push(text);
    setItems(timeline.addActionStarted(chatStore.get().items, data), { turnActive: true });
  },
  shield_verdict(data) {
    setItems(timeline.addVerdict(chatStore.get().items, data));
  },
  action_completed(data) {
    setItems(timeline.addActionCompleted(chatStore.get().items, data));
  },
  otr_blocked(data) {
    setItems(timeline.addOtrBlocked(chatStore.get().items, data));
  },
  tier3_approval_required(data) {
    freezeLive();
    setItems(timeline.addApprovalRequest(chatStore.get().items, data, Date.now()), {
      announcement: `Approval needed for ${data.tool_name || "a tool call"}`,
    });
  },
  response_complete: onComplete,
  error(data) {
    freezeLive();
    setItems(timeline.addError(chatStore.get().items, data));
    if (chatStore.get().turnActive) endTurn(`Error: ${data.message || data.code || "unknown"}`);
  },
  command_result(data) {
    setItems(timeline.addCommandResult(chatStore.get().items, data));
    endTurn("Command finished");
  },
};

export function syncPendingApprovals() {
  appStore.set({ pendingApprovals: timeline.pendingApprovals(chatStore.get().items) });
}

/** Handles one session event; events of other sessions are ignored (the engine should not send them). */
export function handleChatEvent(frame) {
  const handler = handlers[frame.type];
  if (!handler) return;
  const sessionId = chatStore.get().sessionId;
  if (frame.session_id && frame.session_id !== sessionId) return;
  if (!frame.session_id && frame.type !== "error") return;
  handler(frame.data && typeof frame.data === "object" ? frame.data : {});
  if (frame.type === "llm_token") return;
  rememberCards(chatStore.get().items);
  syncPendingApprovals();
}
