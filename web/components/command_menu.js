// The slash-command suggestion list under the composer.
import { html } from "../lib/html.js";

export function CommandMenu({ commands, activeIndex, onPick }) {
  if (!commands.length) return null;
  return html`
    <ul class="command-menu" id="command-menu" role="listbox" aria-label="Slash commands">
      ${commands.map((command, index) =>
        html`
          <li key=${command.name} id=${`cmd-${index}`} role="option" aria-selected=${index === activeIndex}
            class=${index === activeIndex ? "is-active" : ""}
            onMouseDown=${(event) => {
              event.preventDefault();
              onPick(command);
            }}>
            <code>${command.name}</code>
            ${command.usage ? html`<span class="cmd-usage">${command.usage}</span>` : null}
            <span class="cmd-desc">${command.description}</span>
          </li>
        `
      )}
    </ul>
  `;
}
