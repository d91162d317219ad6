// Inline stroke icons (drawn here, no icon font), so nothing depends on emoji or symbol glyphs.
import { html } from "../lib/html.js";

const PATHS = {
  shield: "M12 3 4 6v6c0 5 3.5 8.5 8 9.5 4.5-1 8-4.5 8-9.5V6z",
  plus: "M12 5v14M5 12h14",
  edit: "M4 20h4L19 9l-4-4L4 16zM13 7l4 4",
  trash: "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13",
  menu: "M4 6h16M4 12h16M4 18h16",
  terminal: "M4 17l6-5-6-5M12 19h8",
  alert: "M12 3 2 21h20zM12 10v5M12 18h.01",
  eyeOff:
    "M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c5 0 9 6 9 6a17 17 0 0 1-3 3.6M6.6 7.6C4.3 9.2 3 12 3 12s4 6 9 6c1.6 0 3-.4 4.3-1",
  check: "M5 12l5 5 9-10",
  x: "M6 6l12 12M18 6 6 18",
  search: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4",
};

export function Icon({ name, size = 16, className = "" }) {
  return html`
    <svg class=${`icon ${className}`} viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true"
      focusable="false"
      fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
      <path d=${PATHS[name] || ""} />
    </svg>
  `;
}
