/** A file decoded (or fetched) into a program and run in the same call (round 84): LOLBAS certutil `-decode`,
 * `-decodehex` and `-urlcache -f`, `base64 -d BLOB > x`, `openssl base64 -d -in ... -out ...`, `openssl enc -d`, `xxd -r`,
 * followed by the decoded file run as a program (`./x`, `x.exe`, `start`, `call`, `rundll32 x.dll,Entry`,
 * `regsvr32`, `mshta`, `wscript`, `sh x`, `Start-Process`), and PowerShell's
 * `[IO.File]::WriteAllBytes(P, [Convert]::FromBase64String(...))` followed by `Start-Process P` or `& P`. What runs is
 * whatever the blob held, unseen: h19 encoding_obfuscation-013 `certutil -decode note.txt run.exe & run.exe` passed
 * because neither half is harmful alone. BLOCK. Passes: a decode whose output is only kept or read (`base64 -d
 * fixtures/img.b64 > tests/img.png`, `certutil -decode ca.b64 ca.cer`), `certutil -hashfile`. Sources: LOLBAS
 * certutil; MITRE ATT&CK T1140 Deobfuscate/Decode Files, T1105 Ingress Tool Transfer; GTFOBins base64, xxd. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

/** Programs that decode a file, and PowerShell's writers (the gate). */
export const DECODERS =
  /^(?:certutil(?:\.exe)?|base64|basenc|base32|openssl|xxd|powershell(?:\.exe)?|pwsh)$|writeallbytes$/i;

/** Programs that run the file named as their first argument (`rundll32 x.dll,Entry`). */
const RUNNERS =
  /^(?:start|call|rundll32(?:\.exe)?|regsvr32(?:\.exe)?|mshta(?:\.exe)?|wscript(?:\.exe)?|cscript(?:\.exe)?|msiexec(?:\.exe)?|(?:ba|z|da|k|a|)sh|source|\.|start-process|saps|invoke-item|ii|cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh|python[\d.]*|perl|node|wine|mono)$/i;

/** A file's name as it is compared: no quotes, no `./`, no folder, lower case. */
function fileKey(word: string): string {
  const plain = word.replace(/^["']|["']$/g, "").replace(/,.*$/, "");
  return (plain.split(/[\\/]/).pop() ?? plain).toLowerCase();
}

/** The file a decoding segment writes, if it is one. */
function decodedOutput(segment: Segment): string | undefined {
  const argv = segment.argv;
  const program = (segment.program ?? "").toLowerCase();
  const written = segment.redirects.find((redirect) => redirect.op === ">" || redirect.op === ">>")?.target;
  const flag = (pattern: RegExp) => argv.some((word) => pattern.test(word));
  const valueOf = (pattern: RegExp) => {
    const index = argv.findIndex((word) => pattern.test(word));
    return index > 0 ? argv[index + 1] : undefined;
  };
  if (program === "certutil" || program === "certutil.exe") {
    if (!flag(/^[-/](?:decode|decodehex|urlcache)$/i)) return undefined;
    const positional = argv.slice(1).filter((word) => !/^[-/]/.test(word));
    return positional.length >= 2 ? positional[positional.length - 1] : undefined;
  }
  if (program === "base64" || program === "basenc" || program === "base32") {
    if (!flag(/^(?:-d|--decode|-D|-[a-z]*d[a-z]*)$/)) return undefined;
    return valueOf(/^(?:-o|--output)$/) ?? written;
  }
  if (program === "openssl") {
    if (!/^(?:base64|enc)$/.test(argv[1] ?? "") || !flag(/^-d$/)) return undefined;
    return valueOf(/^-out$/) ?? written;
  }
  if (program === "xxd") {
    if (!flag(/^-r/)) return undefined;
    const positional = argv.slice(1).filter((word) => !word.startsWith("-"));
    return positional.length >= 2 ? positional[1] : written;
  }
  return undefined;
}

/** Whether a segment runs the file `key` names. */
function runs(segment: Segment, key: string): boolean {
  const argv = segment.argv;
  if (fileKey(argv[0] ?? "") === key) return true;
  if (!RUNNERS.test(segment.program)) return false;
  const target = argv.slice(1).find((word) => !/^[-/][a-z]/i.test(word) && !/^["']?$/.test(word));
  return target !== undefined && fileKey(target) === key;
}

const FROM_BASE64_WRITE =
  /WriteAllBytes\s*\(\s*["']?([^"',()]{1,200}?)["']?\s*,\s*(?:\(\s*)?\[(?:System\.)?Convert\]::FromBase64String/gi;
const STARTS =
  /(?:Start-Process|saps|Invoke-Item|\bii|\bstart|&)\s+(?:-FilePath\s+)?["']?([^\s"';|]{1,200})/gi;

export function judgeDecodedFilesRun(
  segments: readonly Segment[],
  shell: readonly string[],
  findings: Findings,
): void {
  const decoded: string[] = [];
  for (const segment of segments) {
    for (const key of decoded) {
      if (runs(segment, key)) {
        findings.block("exec", `a file decoded into "${key.slice(0, 60)}" is run in the same command`);
        return;
      }
    }
    const output = decodedOutput(segment);
    if (output !== undefined && decoded.length < 8) decoded.push(fileKey(output));
  }
  for (const text of shell.slice(0, 2)) {
    if (text.length > 64 * 1024 || !/FromBase64String/i.test(text)) continue;
    for (const write of text.matchAll(FROM_BASE64_WRITE)) {
      const key = fileKey(write[1]);
      const rest = text.slice((write.index ?? 0) + write[0].length);
      for (const start of rest.matchAll(STARTS)) {
        if (fileKey(start[1]) === key) {
          findings.block("exec", `a file decoded into "${key.slice(0, 60)}" is run in the same command`);
          return;
        }
      }
    }
  }
}
