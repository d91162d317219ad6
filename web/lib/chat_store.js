// State of the open chat: timeline items, the running turn, and (separately) the text being streamed.
import { createStore } from "./store.js";

export const chatStore = createStore({
  sessionId: "",
  items: [],
  loading: false,
  loadError: "",
  turnActive: false,
  cancelling: false,
  announcement: "",
});

// Kept apart so token updates re-render only the streaming message, not the whole timeline.
export const streamStore = createStore({ key: "", text: "" });
