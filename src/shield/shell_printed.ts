/** What a pipeline prints before a shell runs it: `echo`/`printf` text, then the transforms between (`tr`, `rev`,
 * `base64 -d`, `xxd -r`, `openssl base64 -d`) applied as they would be, so `echo ... | rev | sh` is judged as what
 * runs. Bounded; never throws. */

import { basename, type Segment } from "./shell_parser.ts";
import { decodeAnsiEscapes } from "./shell_lexer.ts";

/** What `echo X | sh` / `printf X | sh` runs. */
export function printedText(segment: Segment): string | undefined {
  const command = basename(segment.argv[0] ?? "");
  if (command !== "echo" && command !== "printf") return undefined;
  const words = segment.argv.slice(1).filter((word) => !/^-[neE]+$/.test(word));
  return command === "printf" ? decodeAnsiEscapes(words.join(" ")) : words.join(" ");
}

const TRANSFORMS = /^(?:tr|rev|base64|xxd|basenc|openssl)$/;

export function isTransform(segment: Segment): boolean {
  return TRANSFORMS.test(basename(segment.argv[0] ?? ""));
}

/** Expands a `tr` set (`a-z`, `!-~`) into its characters. */
function trSet(set: string): string {
  let out = "";
  for (let i = 0; i < set.length && out.length < 512; i++) {
    if (set[i + 1] === "-" && i + 2 < set.length) {
      for (let code = set.charCodeAt(i); code <= set.charCodeAt(i + 2); code++) {
        out += String.fromCharCode(code);
      }
      i += 2;
    } else out += set[i];
  }
  return out;
}

export function applyTransform(segment: Segment, text: string): string | undefined {
  const [command, ...args] = [basename(segment.argv[0] ?? ""), ...segment.argv.slice(1)];
  if (command === "rev") return text.split("\n").map((line) => [...line].reverse().join("")).join("\n");
  if (command === "tr") {
    const sets = args.filter((arg) => !arg.startsWith("-"));
    if (args.some((arg) => arg.startsWith("-")) || sets.length !== 2) return undefined;
    const [from, to] = [trSet(sets[0]), trSet(sets[1])];
    return [...text].map((char) => {
      const index = from.indexOf(char);
      return index < 0 ? char : to[Math.min(index, to.length - 1)] ?? char;
    }).join("");
  }
  try {
    if (/^(?:base64|basenc|openssl)$/.test(command) && args.some((arg) => /^(?:-d|--decode|-D)$/.test(arg))) {
      // Checked first: atob throws on anything else, and a thrown error costs more than the whole judgement.
      const compact = text.replace(/\s+/g, "");
      return STANDARD_BASE64.test(compact) && compact.length % 4 !== 1 ? atob(compact) : undefined;
    }
    if (command === "xxd" && args.includes("-r")) {
      const hex = text.replace(/[^0-9a-f]/gi, "");
      return hex.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16)));
    }
  } catch {
    return undefined;
  }
  return undefined;
}

const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
