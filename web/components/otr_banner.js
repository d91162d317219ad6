// The banner of an off-the-record session.
import { html } from "../lib/html.js";
import { Icon } from "./icon.js";

export function OtrBanner() {
  return html`
    <div class="otr-banner" role="note">
      <span class="otr-icon"><${Icon} name="eyeOff" size=${22} /></span>
      <div>
        <strong>Off the record.</strong>${" "}Nothing from this session is kept: no transcript, no memory, no logs of its content.
        Tools that write are refused.
      </div>
    </div>
  `;
}
