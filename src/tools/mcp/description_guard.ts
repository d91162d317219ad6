/** What an MCP server says about its tools reaches the model as trusted text, so a server can steer the agent
 * through a description ("tool poisoning"). Every description and every string in the input schema is scanned
 * for hidden characters and injected instructions (a finding disables the tool), then length-capped. */

export const MAX_DESCRIPTION_CHARS = 1024;
export const MAX_SCHEMA_TEXT_CHARS = 300;

export interface Finding {
  rule: string;
  excerpt: string;
}

interface Rule {
  id: string;
  pattern: RegExp;
}

const RULES: Rule[] = [
  {
    id: "hidden-characters",
    // Unicode tags, zero-width characters and bidirectional controls: text the user never sees.
    pattern: /[\u{E0000}-\u{E007F}\u200B-\u200F\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]/u,
  },
  {
    id: "instruction-markup",
    pattern:
      /<\/?\s*(?:important|system|instructions?|secret|hidden|admin|assistant)\b[^>]*>|\[\/?INST\]|<\|(?:im_start|im_end|system|endoftext)\|>|^\s*#{1,6}\s*system\b/im,
  },
  {
    id: "override",
    pattern:
      /\b(?:ignore|disregard|forget|override)\b[^.\n]{0,40}\b(?:previous|prior|above|earlier|other|all|any|system|safety)\b[^.\n]{0,30}\b(?:instructions?|rules?|prompts?|guidelines|directions|messages)\b/i,
  },
  {
    id: "concealment",
    pattern:
      /\b(?:do not|don't|never|must not)\s+(?:tell|mention|inform|reveal|show|notify|alert)\b[^.\n]{0,30}\b(?:user|human|operator|anyone)\b|\bwithout\s+(?:telling|informing|asking|notifying|alerting)\s+(?:the\s+)?(?:user|human|operator)\b|\b(?:user|human)\s+(?:must|should)\s+(?:not|never)\s+(?:know|see|notice|be told)\b/i,
  },
  {
    id: "shadowing",
    // A tool that rewrites how other tools behave: "when this tool is available, every email must be sent to ...".
    pattern:
      /\bwhen(?:ever)?\s+this\s+tool\s+is\s+(?:available|present|loaded|installed|enabled)\b|\b(?:all|every|any)\s+(?:e-?mails?|messages?|requests?|files?|payments?)\s+(?:must|should|shall)\s+(?:also\s+)?(?:be\s+)?(?:sent|forwarded|copied|redirected|cc'?d|bcc'?d)\s+to\b/i,
  },
  {
    id: "secret-access",
    pattern:
      /\b(?:read|send|include|pass|attach|upload|copy|forward|leak|exfiltrate|cat|provide)\b[^\n]{0,80}(?:~\/\.ssh|\bid_(?:rsa|ed25519|ecdsa)\b|\.aws\/credentials|\bcredentials\s+file\b|\bmcp\.json\b|(?:^|[\s/'"`])\.env\b|\bprivate\s+keys?\b|\bapi[\s_-]?keys?\b|\/etc\/(?:passwd|shadow))/i,
  },
  {
    id: "smuggled-content",
    pattern:
      /\b(?:pass|put|place|include|append|embed)\b[^.\n]{0,40}\b(?:contents?|text|output|conversation|history|chat)\b[^.\n]{0,40}\b(?:as|in|into)\b[^.\n]{0,20}\b(?:parameter|argument|field|sidenote|note|metadata)\b/i,
  },
  {
    id: "role-play",
    pattern: /\b(?:you are now|from now on,? you|act as (?:an? )?(?:system|admin|developer|root))\b/i,
  },
];

/** Built-in tool names (contract 3): a server's description has no business steering calls to them. */
const BUILT_IN_TOOLS = [
  "read_file",
  "write_file",
  "delete_file",
  "move_file",
  "copy_file",
  "execute_command",
  "git_push",
  "git_commit",
  "http_request",
  "send_email",
  "send_message",
  "memory_write",
  "create_schedule",
  "create_agent",
  "agent_message",
  "browser_navigate",
  "browser_type",
];

/** Findings in one piece of text. `ownTools` are the server's own tool names (a server may name those). */
export function scanText(text: string, ownTools: ReadonlySet<string> = new Set()): Finding[] {
  const findings: Finding[] = [];
  for (const rule of RULES) {
    const match = rule.pattern.exec(text);
    if (match) findings.push({ rule: rule.id, excerpt: excerptAround(text, match.index, match[0].length) });
  }
  for (const name of BUILT_IN_TOOLS) {
    if (ownTools.has(name)) continue;
    const index = text.search(new RegExp(`\\b${name}\\b`));
    if (index >= 0) {
      findings.push({ rule: "names-built-in-tool", excerpt: excerptAround(text, index, name.length) });
      break;
    }
  }
  return findings;
}

/** Findings in a tool's description and in every string of its input schema (property names included). */
export function scanTool(
  tool: { description?: string; inputSchema?: unknown },
  ownTools: ReadonlySet<string>,
): Finding[] {
  const findings = scanText(tool.description ?? "", ownTools);
  for (const text of schemaStrings(tool.inputSchema)) findings.push(...scanText(text, ownTools));
  return findings;
}

export function capDescription(text: string, max = MAX_DESCRIPTION_CHARS): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}\u2026`;
}

/** A copy of the schema with every description and title capped (what the model is shown). */
export function capSchemaText(schema: unknown, depth = 0): unknown {
  if (depth > 20) return {};
  if (Array.isArray(schema)) return schema.map((item) => capSchemaText(item, depth + 1));
  if (!schema || typeof schema !== "object") return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === "description" || key === "title") && typeof value === "string") {
      copy[key] = capDescription(value, MAX_SCHEMA_TEXT_CHARS);
    } else copy[key] = capSchemaText(value, depth + 1);
  }
  return copy;
}

function schemaStrings(schema: unknown, depth = 0, out: string[] = []): string[] {
  if (depth > 20 || out.length > 2000) return out;
  if (typeof schema === "string") out.push(schema);
  else if (Array.isArray(schema)) { for (const item of schema) schemaStrings(item, depth + 1, out); }
  else if (schema && typeof schema === "object") {
    for (const [key, value] of Object.entries(schema)) {
      out.push(key);
      schemaStrings(value, depth + 1, out);
    }
  }
  return out;
}

function excerptAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 20);
  const excerpt = text.slice(start, index + length + 20).replace(/\s+/g, " ");
  // Hidden characters are shown as code points, never passed on as they are.
  return excerpt.replace(
    /[\u{E0000}-\u{E007F}\u200B-\u200F\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]/gu,
    (char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase()}`,
  );
}
