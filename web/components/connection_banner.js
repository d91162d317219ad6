// A strip under the header while the WebSocket is down, with the retry countdown and "Retry now".
import { html } from "../lib/html.js";
import { useStore } from "../lib/store.js";
import { appStore } from "../lib/app_store.js";
import { reconnectNow } from "../lib/connection.js";

export function ConnectionBanner() {
  const connection = useStore(appStore, (s) => s.connection);
  const retryIn = useStore(appStore, (s) => s.reconnectInSecs);
  if (connection !== "reconnecting") return null;
  return html`
    <div class="conn-banner" role="status">
      <span class="spinner" aria-hidden="true"></span>
      <span>Reconnecting…${retryIn > 0 ? ` next try in ${retryIn} s` : ""}</span>
      <button type="button" class="btn btn-small" onClick=${reconnectNow}>Retry now</button>
    </div>
  `;
}
