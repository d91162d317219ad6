/** Sets one key of a YAML text by editing only the characters of that value (or adding the missing lines),
 * so every other line, comment and blank keeps its exact form. Re-serialising the document would not. */
import { type Document, isMap, isScalar, isSeq, parseDocument, stringify, type YAMLMap } from "yaml";

/** The new text, or undefined when the layout is too unusual for a local edit (the caller re-serialises). */
export function setYamlValue(text: string, keyPath: string[], value: unknown): string | undefined {
  const document = parseDocument(text);
  if (document.errors.length > 0) return undefined;
  let parent: unknown = document.contents;
  for (let depth = 0; depth < keyPath.length; depth++) {
    if (!isMap(parent)) {
      return parent == null && depth === 0 ? appendLines(text, keyPath, value, 0) : undefined;
    }
    const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === keyPath[depth]);
    if (!pair) return insertLines(text, parent, keyPath.slice(depth), value, document);
    if (depth === keyPath.length - 1) return replaceValue(text, pair.key, pair.value, value);
    parent = pair.value;
  }
  return undefined;
}

/** Replaces the value of an existing top-level-or-nested key with pre-rendered block lines (each ending in
 * "\n"), keeping the key's line and its comment. */
export function replaceYamlBlock(text: string, keyPath: string[], blockLines: string): string | undefined {
  const pair = findPair(parseDocument(text), keyPath);
  if (!pair || !isScalar(pair.key) || !pair.key.range) return undefined;
  const colon = text.indexOf(":", pair.key.range[1]);
  const range = (pair.value as { range?: number[] } | null)?.range;
  if (colon < 0) return undefined;
  const lineEnd = text.indexOf("\n", range ? Math.max(range[1] - 1, colon) : colon);
  const end = lineEnd < 0 ? text.length : lineEnd + 1;
  // Keep a comment that follows `key:` on its own line.
  const keyLineEnd = text.indexOf("\n", colon);
  const comment = text.slice(colon + 1, keyLineEnd < 0 ? text.length : keyLineEnd).match(/\s+#.*$/)?.[0] ??
    "";
  return `${text.slice(0, colon + 1)}${comment}\n${blockLines}${text.slice(end)}`;
}

/** Adds pre-rendered item lines after the last item of an existing block list. */
export function appendYamlListItem(text: string, keyPath: string[], itemLines: string): string | undefined {
  const pair = findPair(parseDocument(text), keyPath);
  const list = pair?.value;
  if (!isSeq(list) || list.flow || list.items.length === 0) return undefined;
  const last = (list.items.at(-1) as { range?: number[] } | null)?.range;
  if (!last) return undefined;
  const lineEnd = text.indexOf("\n", Math.max(last[1] - 1, 0));
  const at = lineEnd < 0 ? text.length : lineEnd + 1;
  const prefix = at === text.length && !text.endsWith("\n") ? "\n" : "";
  return text.slice(0, at) + prefix + itemLines + text.slice(at);
}

function findPair(document: Document, keyPath: string[]) {
  if (document.errors.length > 0) return undefined;
  let node: unknown = document.contents;
  for (const [depth, key] of keyPath.entries()) {
    if (!isMap(node)) return undefined;
    const pair = node.items.find((item) => isScalar(item.key) && item.key.value === key);
    if (!pair || depth === keyPath.length - 1) return pair;
    node = pair.value;
  }
  return undefined;
}

function replaceValue(text: string, key: unknown, node: unknown, value: unknown): string | undefined {
  const rendered = flowText(value);
  if (rendered === undefined || !isScalar(key) || !key.range) return undefined;
  const range = (node as { range?: [number, number, number] } | null)?.range;
  const flow = node === null || isScalar(node) || (node as { flow?: boolean }).flow === true;
  if (range && flow) {
    const before = text.slice(0, range[0]);
    const gap = range[0] === range[1] && !before.endsWith(" ") ? " " : "";
    return before + gap + rendered + text.slice(range[1]);
  }
  // A block collection (or no value node): replace everything from the colon to the end of the old value.
  const colon = text.indexOf(":", key.range[1]);
  if (colon < 0) return undefined;
  const end = range ? range[1] : colon + 1;
  const newline = range && text[end - 1] === "\n" ? "\n" : "";
  return `${text.slice(0, colon + 1)} ${rendered}${newline}${text.slice(end)}`;
}

/** Adds `keys` (the first missing one and those below it) as new lines at the end of a block mapping. */
function insertLines(
  text: string,
  map: YAMLMap,
  keys: string[],
  value: unknown,
  document: Document,
): string | undefined {
  if (map.flow || !map.range || map.items.length === 0) return undefined;
  const firstKey = map.items[0].key;
  if (!isScalar(firstKey) || !firstKey.range) return undefined;
  const indent = firstKey.range[0] - text.lastIndexOf("\n", firstKey.range[0] - 1) - 1;
  if (map === document.contents) return appendLines(text, keys, value, indent);
  // After the last item's value: comment lines that follow it stay where they are, below the new line.
  const last = map.items.at(-1)!;
  const lastRange = (last.value as { range?: number[] } | null)?.range ??
    (last.key as { range?: number[] }).range;
  if (!lastRange) return undefined;
  const lineEnd = text.indexOf("\n", Math.max(lastRange[1] - 1, 0));
  const at = lineEnd < 0 ? text.length : lineEnd + 1;
  const lines = blockLines(keys, value, indent);
  if (lines === undefined) return undefined;
  const prefix = at === text.length && !text.endsWith("\n") ? "\n" : "";
  return text.slice(0, at) + prefix + lines + text.slice(at);
}

function appendLines(text: string, keys: string[], value: unknown, indent: number): string | undefined {
  const lines = blockLines(keys, value, indent);
  if (lines === undefined) return undefined;
  return text + (text === "" || text.endsWith("\n") ? "" : "\n") + lines;
}

function blockLines(keys: string[], value: unknown, indent: number): string | undefined {
  const rendered = flowText(value);
  if (rendered === undefined) return undefined;
  return keys.map((key, index) => {
    const pad = " ".repeat(indent + index * 2);
    return index === keys.length - 1 ? `${pad}${key}: ${rendered}\n` : `${pad}${key}:\n`;
  }).join("");
}

/** The value as one line of YAML (a scalar, or a flow sequence or mapping). */
function flowText(value: unknown): string | undefined {
  const text = stringify(value, { collectionStyle: "flow", lineWidth: 0 }).trimEnd();
  return text.includes("\n") ? undefined : text;
}
