// What the user does in a chat: open a session, send a message or command, cancel, answer Tier 3 prompts.
import { api } from "./api.js";
import { appStore } from "./app_store.js";
import { chatStore, streamStore } from "./chat_store.js";
import { sendFrame } from "./connection.js";
import {
  armCancelFallback,
  beginTurn,
  endTurn,
  freezeLive,
  knownCards,
  syncPendingApprovals,
} from "./chat_events.js";
import { chatHash, navigate } from "./router.js";
import { createSession, touchSession } from "./sessions.js";
import { addError, historyToItems, markApproval, nextKey } from "./timeline.js";

let loadToken = 0;
let lastSent = null;

export async function openSession(sessionId) {
  if (chatStore.get().sessionId === sessionId && (chatStore.get().loading || chatStore.get().items.length)) {
    return;
  }
  appStore.set({ activeSessionId: sessionId });
  streamStore.set({ key: "", text: "" });
  chatStore.set({
    sessionId,
    items: [],
    loading: Boolean(sessionId),
    loadError: "",
    turnActive: false,
    cancelling: false,
  });
  if (!sessionId) return;
  sendFrame({ type: "ping", session_id: sessionId });
  await reloadMessages();
}

/** Refetches the open session's messages, keeping unanswered approval prompts (they live only in events). */
export async function reloadMessages() {
  const sessionId = chatStore.get().sessionId;
  if (!sessionId) return;
  const token = ++loadToken;
  try {
    const messages = await api.messages(sessionId);
    if (token !== loadToken) return;
    const open = chatStore.get().items.filter((i) => i.kind === "approval" && !i.outcome && !i.expired);
    const items = historyToItems(Array.isArray(messages) ? messages : [], knownCards);
    chatStore.set({ items: [...items, ...open], loading: false, loadError: "" });
  } catch (error) {
    if (token !== loadToken) return;
    const loadError = error.status === 404 ? "This session no longer exists." : error.message;
    chatStore.set({ loading: false, loadError });
  }
  syncPendingApprovals();
}

/** Called after the socket comes back: events sent meanwhile are lost, so the stored messages are the truth. */
export async function resync() {
  if (chatStore.get().turnActive) {
    freezeLive();
    endTurn("Connection restored");
  }
  const sessionId = chatStore.get().sessionId;
  if (sessionId) sendFrame({ type: "ping", session_id: sessionId });
  await reloadMessages();
}

async function ensureSession() {
  const current = chatStore.get().sessionId;
  if (current) return current;
  const session = await createSession("normal");
  chatStore.set({ sessionId: session.id, items: [], loading: false, loadError: "" });
  appStore.set({ activeSessionId: session.id });
  navigate(chatHash(session.id));
  return session.id;
}

function appendItem(item) {
  chatStore.set({ items: [...chatStore.get().items, item] });
}

/** Sends text as a message, or as a command frame when it starts with "/"; false when it could not go out. */
export async function sendMessage(text) {
  const content = text.trim();
  if (!content) return false;
  let sessionId;
  try {
    sessionId = await ensureSession();
  } catch (error) {
    appendItem(addError([], { code: "SESSION_CREATE_FAILED", message: error.message, recoverable: true })[0]);
    return false;
  }
  const isCommand = content.startsWith("/");
  const frame = isCommand
    ? { type: "command", session_id: sessionId, content }
    : { type: "message", session_id: sessionId, content };
  if (!sendFrame(frame)) {
    appendItem(
      addError([], {
        code: "NOT_CONNECTED",
        message: "Not connected to the engine: message not sent",
        recoverable: true,
      })[0],
    );
    return false;
  }
  lastSent = content;
  appendItem({ key: nextKey("u"), kind: "user", text: content, command: isCommand, created_at: Date.now() });
  beginTurn();
  touchSession(sessionId);
  return true;
}

export function retryLast() {
  return lastSent ? sendMessage(lastSent) : Promise.resolve(false);
}

export function cancelTurn() {
  const sessionId = chatStore.get().sessionId;
  if (!sessionId || !chatStore.get().turnActive) return;
  sendFrame({ type: "cancel", session_id: sessionId });
  chatStore.set({ cancelling: true, announcement: "Stopping" });
  // If the engine never confirms, stop waiting so the composer is usable again.
  armCancelFallback(() => {
    freezeLive();
    endTurn("Stopped");
  });
}

/** Answers a Tier 3 request; `remember` (with approve) also allows the scope the card offered from now on. */
export function decideApproval(actionId, decision, remember = false) {
  const frame = { type: "tier3_decision", action_id: actionId, decision };
  if (remember && decision === "approve") frame.remember = true;
  if (!sendFrame(frame)) return false;
  chatStore.set({ items: markApproval(chatStore.get().items, actionId, { decision_sent: decision }) });
  syncPendingApprovals();
  return true;
}

export function expireApproval(actionId) {
  chatStore.set({ items: markApproval(chatStore.get().items, actionId, { expired: true }) });
  syncPendingApprovals();
}
