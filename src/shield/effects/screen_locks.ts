/** The screen lock turned off (round 93): the session then stays open to whoever sits down at the machine, and a
 * lock the user set is gone without their knowing. A lead probe of desktop settings at stop 43 found every form
 * allowed. Read here, in the command lines' shell texts:
 * - GNOME: `gsettings set org.gnome.desktop.screensaver lock-enabled false` (or `ubuntu-lock-on-suspend false`),
 *   `org.gnome.desktop.lockdown disable-lock-screen true`;
 * - macOS: `defaults write com.apple.screensaver askForPassword` 0/false, `sysadminctl -screenLock off`;
 * - Windows: the `ScreenSaverIsSecure` value set to 0 (`reg add`, `Set-ItemProperty`, `New-ItemProperty`),
 *   `powercfg` `CONSOLELOCK` 0 (waking without a password);
 * - KDE's `kscreenlockerrc` `Autolock`/`LockOnResume` false (`kwriteconfig5/6`), Xfce's `LockScreen` and
 *   `lock-screen-suspend-hibernate` false (`xfconf-query`).
 * ESCALATE: a user on a kiosk or a demo machine may want it, on their own word. What passes: turning the lock on,
 * reading a setting, changing when the screen blanks or sleeps (`idle-delay`, `STANDBYIDLE`), other settings.
 * Sources: GNOME gsettings schemas (org.gnome.desktop.screensaver, org.gnome.desktop.lockdown); Apple defaults(1)
 * and sysadminctl(8); Microsoft Learn (ScreenSaverIsSecure policy, powercfg CONSOLELOCK); KDE kscreenlockerrc;
 * Xfce xfce4-session and xfce4-power-manager properties; MITRE ATT&CK T1562 (Impair Defenses). */

import type { Findings } from "./findings.ts";

/** Cheap literal gate: every form below names one of these. */
export const SCREEN_LOCK_HINT = /lock|askforpassword|screensaverissecure/i;

const OFF = String.raw`(?:false|0|no|off)\b`;
const SCREEN_LOCK_OFF: readonly RegExp[] = [
  new RegExp(
    String
      .raw`\bgsettings\s+set\s+org\.gnome\.desktop\.screensaver\s+(?:lock-enabled|ubuntu-lock-on-suspend)\s+['"]?${OFF}`,
    "i",
  ),
  /\bgsettings\s+set\s+org\.gnome\.desktop\.lockdown\s+disable-lock-screen\s+['"]?(?:true|1)\b/i,
  new RegExp(
    String
      .raw`\bdefaults\s+(?:-currentHost\s+)?write\s+com\.apple\.screensaver\s+askForPassword\s+(?:-(?:int|bool|integer|boolean)\s+)?['"]?${OFF}`,
    "i",
  ),
  /\bsysadminctl\s+(?:.*\s)?-screenLock\s+['"]?off\b/i,
  new RegExp(String.raw`\bScreenSaverIsSecure\b.{0,80}?(?:\/d|-Value)\s+['"]?${OFF}`, "i"),
  /\bpowercfg(?:\.exe)?\s+.*\bCONSOLELOCK\s+0\b/i,
  new RegExp(
    String
      .raw`\bkwriteconfig[56]?\s+.*\bkscreenlockerrc\b.*--key\s+['"]?(?:Autolock|LockOnResume)['"]?\s+['"]?${OFF}`,
    "i",
  ),
  new RegExp(
    String
      .raw`\bxfconf-query\s+.*-p\s+['"]?\S*(?:LockScreen|lock-screen-suspend-hibernate)['"]?\s+(?:.*\s)?-s\s+['"]?${OFF}`,
    "i",
  ),
];

export function judgeScreenLocks(shellTexts: readonly string[], findings: Findings): void {
  for (const text of shellTexts.slice(0, 16)) {
    if (text.length > 64 * 1024 || !SCREEN_LOCK_HINT.test(text)) continue;
    if (SCREEN_LOCK_OFF.some((pattern) => pattern.test(text))) {
      findings.escalate("security", "turns the screen lock off");
      return;
    }
  }
}
