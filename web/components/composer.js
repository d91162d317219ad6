// Message input: Enter sends, Shift+Enter adds a line, "/" opens command completion, Stop while streaming.
import { html, useEffect, useRef, useState } from "../lib/html.js";
import { useStore } from "../lib/store.js";
import { appStore } from "../lib/app_store.js";
import { chatStore } from "../lib/chat_store.js";
import { cancelTurn, sendMessage } from "../lib/chat_actions.js";
import { matchCommands } from "../lib/commands.js";
import { CommandMenu } from "./command_menu.js";

const MAX_HEIGHT_PX = 240;

function autosize(area) {
  area.style.height = "auto";
  area.style.height = `${Math.min(MAX_HEIGHT_PX, area.scrollHeight)}px`;
}

export function Composer({ otr }) {
  const [value, setValue] = useState("");
  const [active, setActive] = useState(0);
  const [menuClosed, setMenuClosed] = useState(false);
  const area = useRef(null);
  const commands = useStore(appStore, (s) => s.commands);
  const connected = useStore(appStore, (s) => s.connection === "open");
  const turnActive = useStore(chatStore, (s) => s.turnActive);
  const cancelling = useStore(chatStore, (s) => s.cancelling);
  const sessionId = useStore(chatStore, (s) => s.sessionId);
  const matches = menuClosed ? [] : matchCommands(commands, value);

  useEffect(() => area.current?.focus(), [sessionId]);
  useEffect(() => area.current && autosize(area.current), [value]);

  const update = (text) => {
    setValue(text);
    setActive(0);
    setMenuClosed(false);
  };
  const pick = (command) => {
    update(`${command.name} `);
    area.current?.focus();
  };
  const submit = async () => {
    if (!value.trim() || turnActive) return;
    const text = value;
    setValue("");
    const sent = await sendMessage(text);
    if (!sent) setValue(text);
  };
  const onKeyDown = (event) => {
    if (event.isComposing) return;
    if (matches.length) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((active + step + matches.length) % matches.length);
        event.preventDefault();
        return;
      }
      if (event.key === "Tab" || (event.key === "Enter" && !event.shiftKey)) {
        pick(matches[Math.min(active, matches.length - 1)]);
        event.preventDefault();
        return;
      }
      if (event.key === "Escape") {
        setMenuClosed(true);
        event.preventDefault();
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const placeholder = otr ? "Message (off the record)…" : "Message Parapet… (/ for commands)";
  return html`
    <form class=${`composer ${otr ? "is-otr" : ""}`} onSubmit=${(event) => {
      event.preventDefault();
      submit();
    }}>
      <${CommandMenu} commands=${matches} activeIndex=${active} onPick=${pick} />
      <label class="sr-only" for="composer-input">Message</label>
      <textarea id="composer-input" ref=${area} rows="1" value=${value} placeholder=${placeholder}
        aria-autocomplete="list" aria-controls=${matches.length ? "command-menu" : undefined}
        aria-activedescendant=${matches.length ? `cmd-${active}` : undefined}
        onInput=${(event) => update(event.target.value)} onKeyDown=${onKeyDown}></textarea>
      ${turnActive
        ? html`<button type="button" class="btn btn-stop" onClick=${cancelTurn} disabled=${cancelling}>
            ${cancelling ? "Stopping…" : "Stop"}</button>`
        : html`
          <button type="submit" class="btn btn-primary" disabled=${!value.trim() || !connected}
            title=${connected ? "Send (Enter)" : "Not connected"}>Send</button>
        `}
    </form>
    <p class="composer-hint">Enter to send · Shift+Enter for a new line${connected
      ? ""
      : " · not connected"}</p>
  `;
}
