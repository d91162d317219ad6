// Puts pending Tier 3 approvals into the tab title while the tab is hidden.
import { appStore } from "./app_store.js";

const BASE_TITLE = "Parapet";

export function titleFor(pending, hidden) {
  if (hidden && pending > 0) return `(${pending}) Approval needed — ${BASE_TITLE}`;
  return BASE_TITLE;
}

export function startTitleUpdates() {
  const update = () => {
    document.title = titleFor(appStore.get().pendingApprovals, document.hidden);
  };
  document.addEventListener("visibilitychange", update);
  appStore.subscribe(update);
  update();
}
