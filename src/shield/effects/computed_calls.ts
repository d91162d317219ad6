/** Interpreter code that builds the name of a command-running function from encoded pieces and calls it (round 48):
 * Ruby `eval ["7379"].pack('H*') + 'stem("nc ... -e /bin/sh")'`, PHP `$f=str_rot13('flfgrz'); $f(...)`, `chr(115).chr(121)...`
 * called as a variable function, Perl `&$c(...)` of a `map{chr}` list, Node `child_process['cexe'.split('').reverse()
 * .join('')](...)`, Ruby `Kernel.send("c3lzdGVt".unpack1("m"), ...)`, Python `getattr(os, codecs.decode('flfgrz',
 * 'rot13'))`. The pieces are decoded (hex packs, rot13, reversal, character codes, base64, literal concatenation) with
 * the literal glued to them by `+`, `.` or a join; a decoded `system`, `exec`, `passthru`, `popen`, `spawn` ... in code
 * that calls a computed name (a variable function, `send`, `call_user_func`, `getattr`, `eval`, a bracketed call)
 * asks. Harmless names built the same way (`'str' . 'toupper'`, a packed greeting) pass. Sources: RedCode-Exec
 * (Guo et al., NeurIPS 2024); MITRE ATT&CK T1027; PHP manual, variable functions; Sucuri on obfuscated PHP malware. */

import type { Findings } from "./findings.ts";

const MAX_CHARS = 20_000;
/** Cheap sign that some piece is encoded or glued. */
const SIGN =
  /pack|rot_?13|strrev|reverse|\[::-1\]|chr|fromCharCode|fromhex|hex2bin|decode64|base64|atob|unpack|join|['"]\s*[.+]\s*['"]/i;
/** Names of functions that run a command or code, as the decoded text starts. */
const RUNNER =
  /^(?:system|exec|execsync|execfilesync|spawn|spawnsync|passthru|shell_exec|popen|proc_open|pcntl_exec|eval|assert|child_process|subprocess|check_output|os\.system|os\.popen|kernel|syscall|exec[lv]p?e?)(?![a-z_])/i;
/** A call of a computed name: variable functions, reflection, eval, a bracketed member call. */
const DYNAMIC_CALL =
  /\$\w+\s*\(|&\$\w+\s*\(|&\{\s*\$\w+|\bcall_user_func(?:_array)?\s*\(|\.(?:send|__send__|public_send|method)\s*\(|\bsend\s*\(|\bgetattr\s*\(|\beval\b|\binstance_eval\b|\]\s*\(|["']\s*\)\s*\(|\bFunction\s*\(|\bglobals\(\)\s*\[/;

const QUOTED = String.raw`(?:'([^'\n]{0,400})'|"([^"\n]{0,400})")`;
const Q = (groups: RegExpExecArray, at: number) => groups[at] ?? groups[at + 1] ?? "";

const rot13 = (text: string) =>
  text.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode((c.charCodeAt(0) - base + 13) % 26 + base);
  });
const fromHex = (hex: string) =>
  hex.length % 2 === 0 && /^[0-9a-f]+$/i.test(hex)
    ? hex.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16)))
    : "";
const fromBase64 = (text: string) => {
  try {
    return /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? atob(text) : "";
  } catch {
    return "";
  }
};
const fromCodes = (list: string) =>
  (list.match(/\d{1,3}/g) ?? []).map((code) => Number(code)).filter((code) => code < 128)
    .map((code) => String.fromCharCode(code)).join("");
const reversed = (text: string) => [...text].reverse().join("");

/** Encoded pieces: each pattern's first two groups are a quoted text (or one group holds a list of codes). */
const DECODERS: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]> = [
  [new RegExp(String.raw`\[\s*${QUOTED}\s*\]\s*\.pack\(\s*["']H\*`, "g"), (m) => fromHex(Q(m, 1))],
  [
    new RegExp(String.raw`\b(?:hex2bin|bytes\.fromhex|unhexlify)\(\s*b?${QUOTED}`, "g"),
    (m) => fromHex(Q(m, 1)),
  ],
  [new RegExp(String.raw`\bpack\(\s*["']H\*["']\s*,\s*${QUOTED}`, "g"), (m) => fromHex(Q(m, 1))],
  [new RegExp(String.raw`Buffer\.from\(\s*${QUOTED}\s*,\s*["']hex`, "g"), (m) => fromHex(Q(m, 1))],
  [new RegExp(String.raw`\bstr_rot13\(\s*${QUOTED}`, "g"), (m) => rot13(Q(m, 1))],
  [new RegExp(String.raw`\bcodecs\.(?:de|en)code\(\s*${QUOTED}\s*,\s*["']rot`, "g"), (m) => rot13(Q(m, 1))],
  [new RegExp(String.raw`${QUOTED}\.tr\(\s*["'](?:A-Za-z|a-zA-Z|a-z)`, "g"), (m) => rot13(Q(m, 1))],
  [new RegExp(String.raw`\bstrrev\(\s*${QUOTED}`, "g"), (m) => reversed(Q(m, 1))],
  [
    new RegExp(String.raw`${QUOTED}\s*(?:\[::-1\]|\.reverse\b|\.split\(\s*["']["']\s*\)\.reverse\(\))`, "g"),
    (m) => reversed(Q(m, 1)),
  ],
  [new RegExp(String.raw`\b(?:scalar\s+)?reverse\s*\(?\s*${QUOTED}`, "g"), (m) => reversed(Q(m, 1))],
  [/(?:\bchr\(\s*\d{1,3}\s*\)\s*[.+]?\s*){2,}/g, (m) => fromCodes(m[0])],
  [/\bmap\s*\{\s*chr\s*\}?\s*\(?\s*\[?([\d,\s]{3,400})/g, (m) => fromCodes(m[1])],
  [/\bmap\(\s*chr\s*,\s*[\[(]([\d,\s]{3,400})/g, (m) => fromCodes(m[1])],
  [/\bfromCharCode\(([\d,\s]{3,400})\)/g, (m) => fromCodes(m[1])],
  [/\[([\d,\s]{3,400})\]\s*\.pack\(\s*["'][cCU]\*/g, (m) => fromCodes(m[1])],
  [
    new RegExp(String.raw`\b(?:base64_decode|Base64\.decode64|atob|b64decode)\(\s*b?${QUOTED}`, "g"),
    (m) => fromBase64(Q(m, 1)),
  ],
  [new RegExp(String.raw`${QUOTED}\.unpack1?\(\s*["']m0?["']`, "g"), (m) => fromBase64(Q(m, 1))],
  [new RegExp(String.raw`Buffer\.from\(\s*${QUOTED}\s*,\s*["']base64`, "g"), (m) => fromBase64(Q(m, 1))],
  // Literals glued together: `'sys' . 'tem'`, `"ex" + "ec"`, `['ex','ec'].join('')`.
  [
    /(?:(?:'[^'\n]{1,12}'|"[^"\n]{1,12}")\s*[.+]\s*){1,8}(?:'[^'\n]{1,12}'|"[^"\n]{1,12}")/g,
    (m) => m[0].replace(/['"]\s*[.+]\s*['"]/g, "").slice(1, -1),
  ],
  [
    /\[\s*((?:(?:'[^'\n]{1,12}'|"[^"\n]{1,12}")\s*,\s*){1,8}(?:'[^'\n]{1,12}'|"[^"\n]{1,12}"))\s*\]\s*\.join/g,
    (m) => m[1].replace(/['"]\s*,\s*['"]/g, "").slice(1, -1),
  ],
];

/** What each decoder needs in the text before its pattern is tried (one literal test instead of a scan). */
const GLUE = /['"]\s*[.+]\s*['"]/;
const DECODER_GATES: ReadonlyArray<readonly string[] | RegExp> = [
  ["pack"],
  ["hex2bin", "fromhex", "unhexlify"],
  ["pack"],
  ["Buffer.from"],
  ["str_rot13"],
  ["codecs."],
  [".tr("],
  ["strrev"],
  ["[::-1]", ".reverse"],
  ["reverse"],
  ["chr("],
  ["chr"],
  ["chr"],
  ["fromCharCode"],
  ["pack"],
  ["base64_decode", "decode64", "atob", "b64decode"],
  ["unpack"],
  ["Buffer.from"],
  GLUE,
  [".join"],
];

if (DECODER_GATES.length !== DECODERS.length) throw new Error("computed_calls: one gate per decoder");

/** A quoted literal glued after a piece (`... + ['stem(...)'].join`, `... . "tem"`). */
const GLUED_AFTER = /^["']?[)\]\s]{0,3}\s*[.+]\s*[(\[]?\s*(?:'([^'\n]{0,200})'|"([^"\n]{0,200})")/;
/** A quoted literal glued before a piece (`"sy" . strrev(...)`). */
const GLUED_BEFORE = /(?:'([^'\n]{0,40})'|"([^"\n]{0,40})")\s*[.+]\s*$/;

/** The runner names the code decodes from its pieces (with the literals glued to them). */
export function computedRunnerNames(code: string): string[] {
  const text = code.length > MAX_CHARS ? code.slice(0, MAX_CHARS) : code;
  if (!SIGN.test(text)) return [];
  const names: string[] = [];
  for (const [index, [pattern, decode]] of DECODERS.entries()) {
    const gate = DECODER_GATES[index];
    if (gate instanceof RegExp ? !gate.test(text) : !gate.some((literal) => text.includes(literal))) continue;
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      let decoded = decode(match as RegExpExecArray);
      if (!decoded) continue;
      const end = (match.index ?? 0) + match[0].length;
      const after = GLUED_AFTER.exec(text.slice(end, end + 220));
      const before = GLUED_BEFORE.exec(text.slice(Math.max(0, (match.index ?? 0) - 60), match.index));
      decoded = (before ? before[1] ?? before[2] : "") + decoded + (after ? after[1] ?? after[2] : "");
      const name = RUNNER.exec(decoded.trim());
      if (name && !text.includes(name[0])) names.push(name[0]);
    }
  }
  return names;
}

/** Code that calls a name it computed from encoded pieces, where the name is a command runner. */
export function judgeComputedCalls(tool: string, codes: readonly string[], findings: Findings): void {
  for (const code of codes) {
    if (!DYNAMIC_CALL.test(code.slice(0, MAX_CHARS))) continue;
    const [name] = computedRunnerNames(code);
    if (name === undefined) continue;
    findings.escalate("exec", `"${tool}" runs code that spells "${name}" from encoded pieces and calls it`);
    return;
  }
}
