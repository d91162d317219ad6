// Slash commands for the composer: parsed from the engine's /help text, with a built-in fallback list.
const FALLBACK = [
  ["/help", "List the available commands"],
  ["/new", "Start a new session"],
  ["/otr", "Start an off-the-record session"],
  ["/status", "Show engine status"],
  ["/usage", "Show token usage"],
  ["/title", "Rename this session", "<title>"],
  ["/history", "Show recent messages"],
  ["/sessions", "List sessions"],
  ["/delete", "Delete this session"],
  ["/clear", "Clear the conversation"],
  ["/export", "Export this session"],
  ["/restart", "Restart the engine"],
  ["/config", "Show or change settings", "set <key> <value>"],
  ["/model", "Show or switch the chat model", "<name>"],
  ["/chronicle", "Workspace snapshots and rollback"],
];

export const FALLBACK_COMMANDS = FALLBACK.map(([name, description, usage = ""]) => ({
  name,
  description,
  usage,
}));

const LINE = /^\s*(?:[-*•]\s*)?`?(\/[a-z][\w-]*)`?\s*(.*)$/i;

/** Parses lines such as "/title <text> — Rename the session" into {name, usage, description}. */
export function parseHelpText(text) {
  const found = new Map();
  for (const line of String(text || "").split("\n")) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, name, rest] = match;
    const split = /^(.*?)\s*(?:—|–|\s-\s|:\s|\t)\s*(.*)$/.exec(rest.replace(/`/g, ""));
    let usage = split ? split[1].trim() : "";
    let description = split ? split[2].trim() : rest.replace(/`/g, "").trim();
    if (!split && /^[<[]/.test(description)) {
      usage = description;
      description = "";
    }
    if (!found.has(name.toLowerCase())) {
      found.set(name.toLowerCase(), { name: name.toLowerCase(), usage, description });
    }
  }
  return [...found.values()];
}

export function matchCommands(commands, input) {
  if (!input.startsWith("/") || /\s/.test(input)) return [];
  const prefix = input.toLowerCase();
  return commands.filter((c) => c.name.startsWith(prefix) && c.name !== prefix).slice(0, 12);
}
