/** Splits identifiers into lower-case words: `mcp__github__create_issue`, `BankManagerPayBill`,
 * `setApprovalForAll`, `email.forward`, `schedule-key-deletion` all read as word lists. */

const cache = new Map<string, string[]>();
const MAX_CACHED = 4096;

/** Words of one identifier: camelCase and acronyms split, separators (`_ - . / : space`) dropped. */
export function identifierWords(name: string): string[] {
  let words = cache.get(name);
  if (words) return words;
  // An all-capitals name (`A2A_SEND_MESSAGE`) has no camel boundaries to split at.
  words = (/[a-z]/.test(name) ? name : name.toLowerCase())
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
  if (cache.size < MAX_CACHED) cache.set(name, words);
  return words;
}

/** An MCP tool name `mcp__<server>__<tool>` split into its server and tool parts. */
export function mcpParts(type: string): { server: string; tool: string } | undefined {
  if (!type.startsWith("mcp__")) return undefined;
  const rest = type.slice(5);
  const split = rest.indexOf("__");
  if (split < 0) return { server: "", tool: rest };
  return { server: rest.slice(0, split), tool: rest.slice(split + 2) };
}

/** A compact key for alias tables: lower case, separators removed (`run_shell_command` -> `runshellcommand`). */
export function compactName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "");
}
