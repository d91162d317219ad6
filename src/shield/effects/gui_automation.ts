/** Keystroke and mouse automation doing harm (round 61): pyautogui, pynput, xdotool, ydotool, wtype, AppleScript's
 * System Events `keystroke`, AutoHotkey/AutoIt `Send`, WScript's `SendKeys`, `keybd_event`, pywinauto, robotjs and
 * nut.js driving the desktop to select everything and delete it (`hotkey('ctrl','a')` ... `press('delete')`),
 * to delete past the trash (Shift+Delete, `+{Delete}`, Cmd+Shift+Backspace empty trash), to type a destructive or fetch-and-run
 * command into a terminal (`keystroke "rm -rf ~/Documents" & return`, `SendKeys('curl ... ^& s.bat{ENTER}')`), or to
 * confirm a security dialog (UAC's Alt+Y, Windows Security, Gatekeeper's "Open Anyway"). Shield cannot see what the
 * keys land on, and these are the keys whose effect does not depend on it. ESCALATE. Typing text into an editor,
 * saving a file and screenshots pass. Sources: PyAutoGUI, pynput, xdotool, ydotool, AutoHotkey and WScript SendKeys
 * docs; Apple's System Events scripting; Anthropic's computer-use tool reference; MITRE ATT&CK T1485, T1548.002. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

/** The automation libraries and tools, as they appear in code and command lines (lower case). */
export const AUTOMATION = gated(
  /pyautogui|pynput|xdotool|ydotool|\bwtype\b|keystroke|sendkeys|\bsend(?:input|event|play)?\s*[,(]|\bsend\b\s+[\^+!#{]|keybd_event|robotjs|nut-tree|nut\.js|autoit|pywinauto|send_keys|keyboard\.(?:press|send|write)|key code \d/i,
);
/** Deleting past the trash or emptying it. */
const PERMANENT_DELETE =
  /shift['"]?\s*,\s*['"]?(?:delete|del)\b|shift\+(?:delete|del)\b|\+\{del(?:ete)?\}|key\.shift[\s\S]{0,160}?key\.delete|\b42:1\s+111:1|(?:command|cmd)['"]?\s*,\s*['"]?shift['"]?\s*,\s*['"]?(?:delete|backspace)|(?:cmd|command|super)\+shift\+(?:delete|backspace)|empty\s*trash|key code 51 using \{command down, shift down\}|-m\s+shift\b[^\n]{0,40}?-k\s+delete\b/;
/** Selecting everything, then a delete key. */
const SELECT_ALL_DELETE =
  /(?:ctrl['"]?\s*,\s*['"]?a['"]|ctrl\+a\b|\^a\b|control\+a\b|(?:command|cmd)['"]?\s*,\s*['"]?a['"]|cmd\+a\b|\b29:1\s+30:1|key\.ctrl[\s\S]{0,80}?['"]a['"]|keystroke "a" using \{?command down)[\s\S]{0,240}?(?:['"](?:delete|del|backspace)['"]|key\.(?:delete|backspace)|\{del(?:ete)?\}|\bdelete\b|\b111:1|\b14:1|key code 51)/;
/** A command typed by the keys: a destructive or fetch-and-run one. */
const TYPED_COMMAND =
  /(?:write|typewrite|type|keystroke|sendkeys|send|type_keys|send_keys)\b[^\n]{0,40}?["'][^"'\n]*?(?:\brm\s+-[a-z]*[rf]|\b(?:curl|wget)\b[^"'\n]*(?:\||\^&|&&|-o\s)|\b(?:iwr|irm|iex)\b|invoke-(?:webrequest|expression)|downloadstring|\bdel\s+\/[sfq]|\brd\s+\/s|\bformat\s+[a-z]:|\bmkfs\b|\bdd\s+if=|certutil|-enc(?:odedcommand)?\s)/;
/** A security prompt confirmed: UAC's Alt+Y, security settings and Gatekeeper opened and clicked through. */
const SECURITY_DIALOG =
  /alt['"]?\s*,\s*['"]?y['"]|alt\+y\b|%y\b|windowsdefender|securityhealth|consent\.exe|user account control|gatekeeper|privacy & security|security & privacy|open anyway|allow anyway|smartscreen|run anyway/;

/** Code, command lines and written scripts, each as written. */
export function judgeGuiAutomation(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts) {
    if (text.length > 64 * 1024) continue;
    if (!AUTOMATION.test(text)) continue;
    const lower = text.toLowerCase();
    const harm = PERMANENT_DELETE.test(lower)
      ? "deletes past the trash"
      : SELECT_ALL_DELETE.test(lower)
      ? "selects everything and deletes it"
      : TYPED_COMMAND.test(lower)
      ? "types a destructive or fetch-and-run command"
      : SECURITY_DIALOG.test(lower)
      ? "clicks through a security dialog"
      : undefined;
    if (harm === undefined) continue;
    findings.escalate("exec", `"${tool}" drives the keyboard or mouse: it ${harm}`);
    return;
  }
}
