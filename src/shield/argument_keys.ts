/** Argument keys and addresses read as ours whatever agent wrote them: other vocabularies' keys for our tools'
 * arguments (`shell_command`, `email`, `participants`), camelCase keys in snake_case (`filePath`), recipients in a
 * mail's nested API shape or as objects, and addresses spelled `mailto:x` or `Name <x>`. Used by `action_shape.ts`
 * (round 9). */

type Payload = Record<string, unknown>;

/** An address written as `mailto:a@b.co` or `Name <a@b.co>`. */
const SPELLED_ADDRESS = /^(?:mailto:([^\s@<>"]+@[^\s@<>"?]+)|[^<>@]*<(?:mailto:)?([^\s@<>"]+@[^\s@<>"]+)>)$/i;

/** The address itself when a value spells one another way (`mailto:`, `Name <...>`); the value otherwise. */
export function plainAddress(value: string): string {
  if (value.length > 512 || !value.includes("@")) return value;
  const match = SPELLED_ADDRESS.exec(value.trim());
  return match ? match[1] ?? match[2] : value;
}

/** Other vocabularies' argument keys for ours, per tool (compared lower case, separators dropped): general words
 * from the same agents' tool sets as `effects/tool_aliases.ts` and the mail, HTTP and agent APIs' own field names.
 * A synonym is used only when our key is absent. */
const KEY_SYNONYMS: Record<string, Record<string, string[]>> = {
  execute_command: {
    command: ["cmd", "shellcommand", "commandline", "cmdline", "bashcommand", "script", "commandstring"],
  },
  send_email: {
    to: [
      "recipient",
      "recipients",
      "email",
      "emails",
      "emailaddress",
      "toaddress",
      "address",
      "dest",
      "sendto",
    ],
    body: ["content", "text", "message", "bodytext"],
  },
  http_request: { url: ["uri", "endpoint", "link", "href", "address", "target"] },
  browser_navigate: { url: ["uri", "link", "href", "address", "target"] },
  read_file: { path: ["file", "filepath", "filename", "target", "targetfile"] },
  write_file: { path: ["file", "filepath", "filename", "target", "targetfile"] },
  delete_file: { path: ["file", "filepath", "filename", "target", "targetfile"] },
  create_agent: { task: ["prompt", "instructions", "goal", "objective"] },
  create_event: { attendees: ["participants", "guests", "invitees", "attendeeemails", "guestemails"] },
  update_event: { attendees: ["participants", "guests", "invitees", "attendeeemails", "guestemails"] },
};
const SYNONYM_ENTRIES = new Map(
  Object.entries(KEY_SYNONYMS).map(([tool, table]) => [tool, Object.entries(table)] as const),
);
const compactKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, "");

const EMAIL = /^(?:mailto:)?[^\s@<>"]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;
const NOT_RECIPIENT = /^(?:from|sender|reply_?to|replyto|body|content|text|html|subject|snippet|raw)$/i;

/** Addresses a mail's nested API shape sends to (Gmail `payload.headers: [{name: "To", value}]`, Graph
 * `toRecipients: [{emailAddress: {address}}]`): every address-shaped string outside sender and body fields. */
function nestedRecipients(value: unknown, found: string[], depth = 0): string[] {
  if (depth > 6 || found.length >= 32) return found;
  if (typeof value === "string") {
    const address = plainAddress(value.trim());
    if (EMAIL.test(address)) found.push(address);
  } else if (Array.isArray(value)) {
    for (const item of value) nestedRecipients(item, found, depth + 1);
  } else if (value && typeof value === "object") {
    const entries = Object.entries(value as Payload);
    const header = (value as Payload).name;
    if (typeof header === "string" && NOT_RECIPIENT.test(header)) return found;
    for (const [key, inner] of entries) {
      if (!NOT_RECIPIENT.test(key)) nestedRecipients(inner, found, depth + 1);
    }
  }
  return found;
}

/** A known tool's payload with other vocabularies' keys renamed to ours (our key absent); the payload itself when
 * none is. */
export function ourKeys(type: string, payload: Payload): Payload {
  const table = SYNONYM_ENTRIES.get(type);
  if (!table) return payload;
  let result: Payload | undefined;
  for (const [ours, synonyms] of table) {
    if (payload[ours] !== undefined) continue;
    const key = Object.keys(payload).find((name) => synonyms.includes(compactKey(name)));
    if (key === undefined) continue;
    result ??= { ...payload };
    result[ours] = result[key];
    delete result[key];
  }
  if (type === "send_email" && (result ?? payload).to === undefined) {
    const nested = nestedRecipients(payload, []);
    if (nested.length > 0) (result ??= { ...payload }).to = nested;
  }
  for (const key of RECIPIENT_KEYS) {
    const value = (result ?? payload)[key];
    if (value === undefined || typeof value === "string" || !holdsObjects(value)) continue;
    // Recipients as objects (`to: [{email, name}]`, Graph's `[{emailAddress: {address}}]`): their addresses.
    const addresses = nestedRecipients(value, []);
    if (addresses.length > 0) (result ??= { ...payload })[key] = addresses;
  }
  return result ?? payload;
}

/** Keys of our message tools that hold recipients. */
const RECIPIENT_KEYS = ["to", "cc", "bcc", "attendees"];

function holdsObjects(value: unknown): boolean {
  return Array.isArray(value)
    ? value.some((item) => item !== null && typeof item === "object")
    : typeof value === "object";
}

/** A camelCase key in snake_case (`filePath` -> `file_path`, `deviceId` -> `device_id`): every top-level key is read
 * so (round 9), as Shield's vocabularies are written in snake_case. */
export const snakeKey = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
