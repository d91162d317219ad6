/** A hidden or encoded shell spawned through a program that runs the command line it is handed (round 61): `wmic
 * process call create "powershell -w hidden -enc ..."`, `Invoke-WmiMethod`/`Invoke-CimMethod Win32_Process Create`,
 * `forfiles /c`, `pcalua -a`, `conhost --headless`, `explorer.exe`, `rundll32 ...ShellExec_RunDLL`, `mshta`, WScript's
 * `.Run`, `Start-Process`, `cmd /c start /min`, an ssh `ProxyCommand`; and a scheduled task (`schtasks /tr`,
 * `New-ScheduledTaskAction`) handed an encoded one. The nested line is already judged as a command (shell_windows.ts);
 * what this adds is the pairing malware uses and ordinary work does not: a second process, detached from the one
 * the user sees, running PowerShell with its window hidden or its script base64-encoded (however short the encoded
 * text: `-enc SQBFAFgA...` is `IEX`). BLOCK. A launcher starting a program that is not a shell (`notepad.exe`), a
 * scheduled script run hidden from a file (`-WindowStyle Hidden -File C:\scripts\sync.ps1`) and PowerShell alone pass.
 * Sources: LOLBAS (Wmic, Forfiles, Pcalua, Conhost, Explorer, Rundll32, Mshta, Schtasks); MITRE ATT&CK T1047 (WMI),
 * T1202 (indirect command execution), T1564.003 (hidden window), T1027.010 (command obfuscation). */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

/** A cheap sign of a launcher (lower case). */
export const HINT = gated(
  /wmic|win32_process|forfiles|pcalua|conhost|explorer|rundll32|mshta|\.run\b|start-process|start \/|command|schtasks|scheduledtask/i,
);
const LAUNCHER =
  /\bwmic(?:\.exe)?\b[^\n]*\bprocess\b[^\n]*\bcall\s+create\b|\bwin32_process\b[^\n]*\bcreate\b|\bforfiles(?:\.exe)?\b[^\n]*[/-]c\b|\bpcalua(?:\.exe)?\b[^\n]*\s-a\b|\bconhost(?:\.exe)?\b|\bexplorer(?:\.exe)?\s|\brundll32(?:\.exe)?\b[^\n]*(?:shellexec_rundll|fileprotocolhandler|routethecall|openurl)|\bmshta(?:\.exe)?\b|\.run\s*[("']|\bstart-process\b|\bstart\s+(?:"[^"]*"\s+)?\/(?:min|b)\b|\b(?:proxy|local)command\b/;
const SCHEDULER = /\bschtasks(?:\.exe)?\b[^\n]*\/tr\b|\bnew-scheduledtaskaction\b|\bregister-scheduledtask\b/;
const SHELL = /\b(?:powershell|pwsh)(?:\.exe)?\b/;
/** `-w hidden` by any prefix of -WindowStyle, `-WindowStyle 1`; conhost's `--headless`. */
const HIDDEN =
  /\s[-/]w(?:i(?:n(?:d(?:o(?:w(?:s(?:t(?:y(?:le?)?)?)?)?)?)?)?)?)?\s+["']?(?:hidden|h|1)\b|--headless/;
/** `-e`, `-ec`, `-enc` ... `-EncodedCommand` followed by base64. */
const ENCODED =
  /\s[-/]e(?:c|n(?:c(?:o(?:d(?:e(?:d(?:c(?:o(?:m(?:m(?:a(?:nd?)?)?)?)?)?)?)?)?)?)?)?)?\s+["']?[a-z0-9+/=]{4,}/;

/** Shell command lines and scripts, each as written. */
export function judgeHiddenShells(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts) {
    if (text.length > 64 * 1024) continue;
    if (!HINT.test(text)) continue;
    const lower = text.toLowerCase();
    if (!SHELL.test(lower)) continue;
    const launcher = LAUNCHER.exec(lower);
    const after = launcher ? lower.slice(launcher.index) : "";
    if (launcher && SHELL.test(after) && (HIDDEN.test(after) || ENCODED.test(after))) {
      findings.block(
        "exec",
        `"${tool}" spawns a hidden or encoded PowerShell through "${launcher[0].split(/\s/)[0]}"`,
      );
      return;
    }
    const scheduler = SCHEDULER.exec(lower);
    if (scheduler && SHELL.test(lower.slice(scheduler.index)) && ENCODED.test(lower.slice(scheduler.index))) {
      findings.block("exec", `"${tool}" schedules an encoded PowerShell`);
      return;
    }
  }
}
