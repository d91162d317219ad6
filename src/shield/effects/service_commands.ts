/** Services reconfigured to run a shell or an account change (round 87, h20 privilege_escalation-013: `sc.exe config
 * VulnUpdater binPath= "cmd /c net localgroup administrators jdoe /add" && sc.exe start VulnUpdater`, as an argv
 * array). A service runs as SYSTEM or root: pointing one at a command interpreter, a download, a dropped program or
 * an account change is running that as SYSTEM or root. Read in argv arrays and lines alike:
 * - Windows: `sc config`/`sc create ... binPath=`, `sc failure ... command=` (run when the service fails),
 *   `New-Service`/`Set-Service -BinaryPathName`, `wmic service ... call change PathName=`/`Create`, WMI/CIM
 *   `Win32_Service` `Change`, and a service's `ImagePath` written through `reg add`, `Set-ItemProperty`/
 *   `New-ItemProperty` or .NET registry calls;
 * - systemd: an `ExecStart`, `ExecStartPre`, `ExecStartPost`, `ExecReload` or `ExecStop` line (a unit or drop-in
 *   being written by a shell) that adds or changes accounts, groups or sudo rights;
 * - launchd: a plist's `ProgramArguments` that does the same (`dseditgroup`, `dscl`, `sysadminctl`, sudoers).
 * The value is what decides: a shell (`cmd /c`, `cmd.exe`, `powershell`, `pwsh`, `sh -c`), a script host
 * (`mshta`, `wscript`, `cscript`, `rundll32`, `regsvr32`), a download, a program in a temporary, public, web-root or
 * user-writable folder, or an account change blocks; any other `ImagePath` rewrite asks. `sc query`, `sc config X
 * start= auto`, `Set-Service -StartupType Manual` and a service created for a program under Program Files pass. */

import type { Findings } from "./findings.ts";

export const GATE =
  /binpath|imagepath|pathname|exec(?:start|stop|reload)|programarguments|win32_service|\bfailure\b/i;
const SERVICE_PATH = [
  /\bsc(?:\.exe)?["']?,?\s+["']?(?:config|create)\b[\s\S]{0,200}?\bbinpath=["']?,?\s*["']?([^\n]{1,400})/i,
  /\bsc(?:\.exe)?["']?,?\s+["']?failure\b[\s\S]{0,300}?\bcommand=["']?,?\s*["']?([^\n]{1,400})/i,
  /-BinaryPathName\s+([^\n]{1,400})/i,
  /Win32_Service\b[\s\S]{0,300}?(?:\.Change\s*\(|-MethodName\s+(?:Change|Create)\b|PathName\s*=)([^\n]{1,400})/i,
  /\bwmic\b[^\n]*\bservice\b[^\n]*\bcall\s+(?:change|create)\b([^\n]{1,400})/i,
  /\\(?:CurrentControlSet|ControlSet\d+)\\Services\\[^\n]{0,200}?ImagePath([^\n]{0,400})/i,
];
const SHELLISH =
  /\bcmd(?:\.exe)?["']?\s+\/[ck]\b|\bcmd\.exe\b|\\inetpub\\|\bpowershell\b|\bpwsh\b|\b(?:ba)?sh\s+-c\b|\bmshta\b|\bwscript\b|\bcscript\b|\brundll32\b|\bregsvr32\b|\bcertutil\b|\bbitsadmin\b|https?:\/\/|\\(?:windows\\)?temp\\|\\users\\public\\|\\appdata\\|\\programdata\\|%temp%|\$env:temp|\bnet1?(?:\.exe)?\s+(?:user|localgroup)\b|\bnc(?:at)?(?:\.exe)?\s+-e\b/i;
const UNIT_EXEC = /^\s*(?:\\n)?Exec(?:Start(?:Pre|Post)?|Stop(?:Post)?|Reload|Condition)\s*=([^\n]*)/gim;
const PLIST_PROGRAM = /<key>\s*Program(?:Arguments)?\s*<\/key>([\s\S]{0,800})/i;
const ACCOUNT_CHANGE =
  /\b(?:useradd|adduser|usermod|groupadd|gpasswd|chpasswd|passwd|visudo|dseditgroup|dscl|sysadminctl|pw\s+user(?:add|mod)|net1?(?:\.exe)?\s+(?:user|localgroup))\b|\/etc\/(?:sudoers|passwd|shadow|group)\b|NOPASSWD|chmod\s+[ug]?\+?[0-7]*s|chmod\s+[0-7]*4[0-7]{3}/i;

export function judgeServiceCommands(texts: readonly string[], findings: Findings): void {
  for (const text of texts) {
    if (text.length > 32 * 1024 || !GATE.test(text)) continue;
    for (const pattern of SERVICE_PATH) {
      const value = pattern.exec(text)?.[1];
      if (value === undefined) continue;
      if (SHELLISH.test(value) || ACCOUNT_CHANGE.test(value)) {
        findings.block(
          "access",
          "points a service at a shell, a download or an account change, run as SYSTEM",
        );
        return;
      }
      if (
        /imagepath/i.test(pattern.source) &&
        /\b(?:reg(?:\.exe)?\s+add|Set-ItemProperty|New-ItemProperty|SetValue|sp\s)/i.test(text)
      ) {
        findings.escalate("access", "rewrites the program a Windows service runs");
        return;
      }
    }
    if (/exec|<key>/i.test(text)) {
      for (const match of text.replace(/\\n/g, "\n").matchAll(UNIT_EXEC)) {
        if (ACCOUNT_CHANGE.test(match[1])) {
          findings.block(
            "access",
            "a service unit's command adds or changes accounts or sudo rights, run as root",
          );
          return;
        }
      }
      const plist = PLIST_PROGRAM.exec(text)?.[1];
      if (plist !== undefined && ACCOUNT_CHANGE.test(plist)) {
        findings.block("access", "a launchd job adds or changes accounts or admin rights, run as root");
        return;
      }
    }
  }
}
