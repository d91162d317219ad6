/** What a pipeline prints before a shell runs it: `echo`/`printf` text, then the transforms between (`tr`, `rev`,
 * `base64 -d`, `xxd -r`, `openssl base64 -d`) applied as they would be, so `echo ... | rev | sh` is judged as what
 * runs. Bounded; never throws. */

import { basename, type Segment } from "./shell_parser.ts";
import { decodeAnsiEscapes } from "./shell_quoting.ts";

/** What `echo X | sh` / `printf X | sh` runs. */
export function printedText(segment: Segment): string | undefined {
  const command = basename(segment.argv[0] ?? "");
  if (command !== "echo" && command !== "printf") return undefined;
  const flags = segment.argv.slice(1).filter((word) => /^-[neE]+$/.test(word));
  const words = segment.argv.slice(1).filter((word) => !/^-[neE]+$/.test(word));
  if (command === "printf") return formatted(words);
  // Round 84: `echo -e` decodes its escapes as printf does.
  return flags.some((flag) => flag.includes("e")) ? decodeAnsiEscapes(words.join(" ")) : words.join(" ");
}

/** What `printf FORMAT ARGS...` prints (round 84): the format's escapes decoded, `%s` (and any other directive) an
 * argument as written, `%b` an argument with its escapes decoded; the format is reused while arguments are left, as
 * printf does. `printf '%s' '\163\150'` prints the backslashes; a later `xargs printf` decodes them. Bounded. */
function formatted(words: string[]): string {
  const [format = "", ...args] = words;
  if (!format.includes("%")) return decodeAnsiEscapes(words.join(" "));
  // The format split at its directives: text (escapes decoded) at even places, a directive's letter at odd ones.
  const pieces = format.split(/%[-+ #0-9.]*([a-zA-Z%])/);
  let out = "";
  let next = 0;
  for (let round = 0; round < 64; round++) {
    const first = next;
    pieces.forEach((piece, index) => {
      if (index % 2 === 0) out += decodeAnsiEscapes(piece);
      else if (piece === "%") out += "%";
      else out += piece === "b" ? decodeAnsiEscapes(args[next++] ?? "") : args[next++] ?? "";
    });
    if (next >= args.length || next === first) break;
  }
  return out;
}

const TRANSFORMS = /^(?:tr|rev|base64|xxd|basenc|openssl)$/;
/** `xargs [-0] [-r] [-n N] printf|echo`: what it is fed printed again (round 84: printf decodes its escapes). */
const XARGS_OPTION = /^-(?:[0rtx]+|[nLsP]\d*|-null|-no-run-if-empty|-verbose)$/;

/** The printer an `xargs` runs on its input, if that is all it does. */
function xargsPrinter(segment: Segment): { command: string; decode: boolean } | undefined {
  if (basename(segment.argv[0] ?? "") !== "xargs") return undefined;
  let index = 1;
  while (index < segment.argv.length && XARGS_OPTION.test(segment.argv[index])) {
    if (/^-[nLsP]$/.test(segment.argv[index])) index++;
    index++;
  }
  const command = basename(segment.argv[index] ?? "");
  if (command !== "printf" && command !== "echo") return undefined;
  const flags = segment.argv.slice(index + 1);
  if (!flags.every((flag) => /^-[neE]+$/.test(flag))) return undefined;
  return { command, decode: command === "printf" || flags.some((flag) => flag.includes("e")) };
}

export function isTransform(segment: Segment): boolean {
  return TRANSFORMS.test(basename(segment.argv[0] ?? "")) || xargsPrinter(segment) !== undefined;
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
  if (command === "xargs") {
    const printer = xargsPrinter(segment);
    const words = text.replace(/\n+$/, "");
    return printer === undefined ? undefined : printer.decode ? decodeAnsiEscapes(words) : words;
  }
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
