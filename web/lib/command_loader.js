// Asks the engine for its slash commands once (a quiet "/help") and swallows that one answer.
import { appStore } from "./app_store.js";
import { FALLBACK_COMMANDS, parseHelpText } from "./commands.js";
import { sendFrame } from "./connection.js";

let requestedAt = 0;
let loaded = false;

appStore.set({ commands: FALLBACK_COMMANDS });

export function requestCommands(sessionId) {
  if (loaded || requestedAt || !sessionId) return;
  if (sendFrame({ type: "command", session_id: sessionId, content: "/help" })) requestedAt = Date.now();
}

/** True when the frame was the answer to our own /help and must not appear in the chat. */
export function consumeHelpResult(frame) {
  if (!requestedAt || frame.type !== "command_result") return false;
  const data = frame.data || {};
  const command = String(data.command || "");
  const looksLikeHelp = /^\/?help$/i.test(command) || (!command && Date.now() - requestedAt < 5000);
  if (!looksLikeHelp) return false;
  requestedAt = 0;
  loaded = true;
  const parsed = parseHelpText(data.text);
  if (parsed.length >= 3) appStore.set({ commands: parsed });
  return true;
}
