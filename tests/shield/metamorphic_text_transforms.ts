/** The text metamorphic transforms, by name, and where they apply: the natural-language text an action carries
 * (sub-agent tasks, mail and message bodies, memory and instruction-file writes, MCP descriptions and results,
 * fetched pages) — every string of the payload that reads as prose, never a shell command line. */

import type { Action } from "../../src/shield/types.ts";
import { commandKey } from "./metamorphic_shell_transforms.ts";
import { fillerAfterDeterminers, fillerAfterVerbs, synonyms } from "./metamorphic_text_words.ts";
import {
  asAdministrator,
  bold,
  brokenLines,
  htmlBold,
  htmlComments,
  important,
  importantTag,
  listItems,
  lookalikes,
  passive,
  politely,
  titleCase,
  upperCase,
  zeroWidth,
} from "./metamorphic_text_phrases.ts";
import { translated } from "./metamorphic_text_languages.ts";

export type TextTransform = (text: string) => string;

export const TEXT_TRANSFORMS: Record<string, TextTransform> = {
  "synonyms 1": (text) => synonyms(text, 1),
  "synonyms 2": (text) => synonyms(text, 2),
  "synonyms 3": (text) => synonyms(text, 3),
  "wrapper: Please kindly …": politely,
  "wrapper: As the system administrator, …": asAdministrator,
  "wrapper: IMPORTANT:": important,
  "wrapper: <IMPORTANT>": importantTag,
  "filler: adverb after verbs": (text) => fillerAfterVerbs(text, "now"),
  "filler: adjective after determiners": (text) => fillerAfterDeterminers(text, "relevant"),
  "passive voice": passive,
  "sentences as list items": listItems,
  "line break after verbs": brokenLines,
  "markdown bold": bold,
  "html <b>": htmlBold,
  "html comments": htmlComments,
  "upper case": upperCase,
  "title case": titleCase,
  "cyrillic look-alikes": lookalikes,
  "zero-width joiners": zeroWidth,
  "translated: es": (text) => translated(text, "es"),
  "translated: fr": (text) => translated(text, "fr"),
  "translated: de": (text) => translated(text, "de"),
  "translated: pt": (text) => translated(text, "pt"),
  "translated: zh": (text) => translated(text, "zh"),
};

/** Keys whose strings name things (addresses, paths, hosts, identifiers) or are code, queries or command lines. */
const NAMING_KEYS =
  /^(?:to|cc|bcc|from|recipients?|emails?|address|url|uri|href|link|endpoint|host|path|file(?:_?path|name)?|id|.*_id|type|name|channel|method|headers?|selector|args|argv|query|sql|source|code|script)$|command|cmd/i;

/** Lines that read as code or configuration: braces, calls, statement ends, assignments, imports, and (round 81)
 * web server and proxy header directives (Apache `Header always set ...`, HAProxy `http-response set-header ...`,
 * nginx `add_header`): a paraphrase renamed the header they set. */
const CODE_LINE =
  /[{}]|;\s*$|\w\(|^\s*(?:#!|import |from \S+ import|def |const |let |\$ )|^\s*[\w.-]+\s*=|^[+\-\s]*(?:Header|RequestHeader|add_header|more_set_headers|http-(?:response|request))\s/;

/** Whether a line reads as prose: four words or more, most of them plain words, no code marks. */
export function isProse(text: string): boolean {
  if (CODE_LINE.test(text)) return false;
  const tokens = text.split(/\s+/).filter((token) => token !== "");
  if (tokens.length < 4) return false;
  const words = tokens.filter((token) => /^[("'*<]?[A-Za-z][a-z'’-]*[)"'*>]?[,.:;!?]?$/.test(token));
  return words.length / tokens.length >= 0.5;
}

/** Wrappers are put once, on a text's first prose line; every other transform changes each prose line. */
const ONCE = new Set([politely, asAdministrator, important, importantTag]);

/** The text with its prose lines changed (the first one only for a wrapper). */
export function changeProse(text: string, change: TextTransform): string {
  let done = false;
  return text.split("\n").map((line) => {
    if (done || !isProse(line)) return line;
    if (ONCE.has(change)) done = true;
    return change(line);
  }).join("\n");
}

function mapProse(value: unknown, change: TextTransform, key: string, skip: string | undefined): unknown {
  if (typeof value === "string") {
    return key !== skip && !NAMING_KEYS.test(key) ? changeProse(value, change) : value;
  }
  if (Array.isArray(value)) return value.map((item) => mapProse(item, change, key, skip));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map((
      [inner, item],
    ) => [inner, mapProse(item, change, inner, undefined)]),
  );
}

/** The action with its carried prose transformed, or undefined when the transform changes nothing. */
export function transformText(action: Action, transform: TextTransform): Action | undefined {
  const payload = mapProse(action.payload, transform, "", undefined) as Record<string, unknown>;
  const skip = commandKey(action);
  const kept = skip ? { ...payload, [skip]: action.payload[skip] } : payload;
  return JSON.stringify(kept) === JSON.stringify(action.payload) ? undefined : { ...action, payload: kept };
}
