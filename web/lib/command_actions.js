// Follows up the `action` of a command_result: switch to a new session, leave a deleted one, offer an export.
import { appStore } from "./app_store.js";
import { chatStore } from "./chat_store.js";
import { api } from "./api.js";
import { chatHash, navigate } from "./router.js";
import { loadSessions, rememberOtr } from "./sessions.js";

function download(filename, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function followCommandAction(data) {
  const action = data?.action;
  if (!action || typeof action !== "object") return;
  switch (action.type) {
    case "switch_session":
      if (action.mode === "otr") {
        rememberOtr({ id: action.session_id, mode: "otr", title: "", created_at: Date.now() });
      }
      await loadSessions();
      if (action.session_id) navigate(chatHash(action.session_id));
      return;
    case "session_deleted":
      await loadSessions();
      if (action.session_id === chatStore.get().sessionId) navigate("#/");
      return;
    case "session_cleared":
      if (action.session_id === chatStore.get().sessionId) chatStore.set({ items: [] });
      return;
    case "export":
      download(String(action.filename || "session.md"), String(data.text ?? ""), "text/markdown");
      return;
    case "config_changed":
      api.status().then((status) => appStore.set({ status })).catch(() => {});
      return;
    default:
      await loadSessions();
  }
}
