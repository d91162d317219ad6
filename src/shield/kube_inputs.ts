/** Kubernetes manifests handed to the cluster on standard input (round 33): `kubectl apply -f - <<EOF ... EOF`,
 * `cat <<EOF | kubectl create -f -`, a `kubectl` tool's `stdin`/`input` argument, an MCP Kubernetes tool's `manifest`.
 * The commands their containers run (`command:`/`args:` lists, `sh -c` scripts, `python3 -c` code) are commands the
 * action starts on the cluster: the view judges them as command lines, as it does a written configuration's. */

import type { Segment } from "./shell_parser.ts";

const KUBE_CLIENTS = /^(?:kubectl|oc|kubectl\.exe|k3s|microk8s\.kubectl)$/;
const APPLYING = /^(?:apply|create|replace)$/;
const STDIN_FILE = /^(?:-f|--filename)(?:=?-)?$|^-f-$/;
const MANIFEST_KEYS = /^(?:stdin|input|manifest|manifests|yaml|body|resource|resources|spec)$/i;
const KUBE_TOOL = /kubectl|kubernetes|k8s/i;
/** A manifest's text: a kind and an apiVersion (YAML or JSON). */
const MANIFEST_TEXT =
  /["']?kind["']?\s*:[\s\S]*["']?apiVersion["']?\s*:|["']?apiVersion["']?\s*:[\s\S]*["']?kind["']?\s*:/;
const MAX_MANIFEST_CHARS = 256 * 1024;

/** Whether `program` is a Kubernetes client (the program a manifest applied from standard input needs). */
export function kubeClient(program: string): boolean {
  return KUBE_CLIENTS.test(program);
}

/** Whether a segment applies what it reads on standard input. */
function appliesStdin(segment: Segment): boolean {
  if (!kubeClient(segment.program) || !segment.argv.some((word) => APPLYING.test(word))) return false;
  return segment.argv.some((word, index) =>
    word === "--filename=-" || word === "-f-" ||
    (/^(?:-f|--filename)$/.test(word) && segment.argv[index + 1] === "-") ||
    (STDIN_FILE.test(word) && word.endsWith("-"))
  );
}

/** The manifests an action hands the cluster on standard input (bounded). */
export function manifestInputs(
  tool: string,
  payload: Record<string, unknown>,
  segments: readonly Segment[],
  codeTexts: readonly string[],
): string[] {
  const applies = segments.length > 0 && segments.some(appliesStdin);
  if (!applies && !KUBE_TOOL.test(tool)) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (!MANIFEST_KEYS.test(key)) continue;
    // The text itself, or held one level down (`input: {value: "..."}`, `stdin: {text: "..."}`).
    const held = value && typeof value === "object" && !Array.isArray(value) ? Object.values(value) : [value];
    for (const text of held.slice(0, 8)) {
      if (typeof text === "string" && text.length <= MAX_MANIFEST_CHARS) found.push(text);
    }
  }
  if (applies) found.push(...codeTexts.slice(0, 8).filter((text) => text.length <= MAX_MANIFEST_CHARS));
  return [...new Set(found)].filter((text) => MANIFEST_TEXT.test(text)).slice(0, 8);
}

/** The items of a YAML flow list (`[sh, -c, 'while ...; do ...; done']`), quotes removed, commas inside quotes kept. */
function flowItems(list: string): string[] {
  const items: string[] = [];
  for (const match of list.matchAll(/\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^,]*))\s*(?:,|$)/g)) {
    const item = match[1] !== undefined
      ? match[1].replace(/\\(["\\])/g, "$1")
      : match[2] !== undefined
      ? match[2].replace(/''/g, "'")
      : match[3]?.trim();
    if (item) items.push(item);
    if (match[0] === "") break;
  }
  return items;
}

const SHELL = /(?:^|\/)(?:ba|z|da|a|)sh$/;
const INLINE_CODE = /(?:^|\/)(?:python[\d.]*|node|perl|ruby|php)$/;
const quoted = (text: string) => `'${text.replaceAll("'", `'"'"'`)}'`;

/** The command line a container's argv runs: a shell's `-c` script, an interpreter's inline code quoted for it. */
function commandOf(words: string[]): string | undefined {
  if (words.length === 0) return undefined;
  const dash = words.findIndex((word) => /^-[a-z]*[ce]$/.test(word));
  if (dash > 0 && SHELL.test(words[0]) && words[dash + 1] !== undefined) return words[dash + 1];
  if (dash > 0 && INLINE_CODE.test(words[0]) && words[dash + 1] !== undefined) {
    return `${words.slice(0, dash + 1).join(" ")} ${quoted(words[dash + 1])}`;
  }
  return words.map((word) => /^[\w@%+=:,./-]+$/.test(word) ? word : quoted(word)).join(" ");
}

/** The command lines a manifest's containers run: each `command:` list with the `args:` list after it. */
export function manifestCommands(text: string): string[] {
  const lines = text.split("\n", 4096);
  const commands: string[] = [];
  let pending: string[] | undefined;
  for (let index = 0; index < lines.length && commands.length < 16; index++) {
    const match = /^(\s*)(?:-\s+)?["']?(command|args)["']?\s*:\s*(.*)$/.exec(lines[index]);
    if (!match) continue;
    let words: string[] = [];
    const value = match[3].trim();
    if (value.startsWith("[")) words = flowItems(value.replace(/^\[|\]\s*,?$/g, ""));
    else if (value === "") {
      // Block list items (`- sh`, `- -c`, `- |` followed by a block), more indented than the key.
      const indent = match[1].length;
      while (
        index + 1 < lines.length && /^\s*-\s/.test(lines[index + 1]) &&
        /^\s*/.exec(lines[index + 1])![0].length >= indent
      ) {
        const item = lines[++index].replace(/^\s*-\s+/, "").trim();
        if (/^[|>][-+]?$/.test(item)) {
          const block: string[] = [];
          const itemIndent = /^\s*/.exec(lines[index])![0].length;
          while (
            index + 1 < lines.length &&
            (/^\s*/.exec(lines[index + 1])![0].length > itemIndent + 1 || lines[index + 1].trim() === "")
          ) {
            block.push(lines[++index].trim());
          }
          words.push(block.join("\n"));
        } else words.push(item.replace(/^(["'])([\s\S]*)\1$/, "$2"));
      }
    }
    if (match[2] === "command") {
      pending = words;
      const next = commandOf(words);
      if (next) commands.push(next);
    } else {
      const joined = commandOf([...(pending ?? []), ...words]);
      if (joined) commands.push(joined);
      pending = undefined;
    }
  }
  return commands;
}
