/** Two Windows techniques that have no ordinary use (round 55), read on whole command lines behind a literal test:
 * a WMI permanent event subscription created (MITRE ATT&CK T1546.003: an `__EventFilter`, a
 * `CommandLineEventConsumer` or `ActiveScriptEventConsumer` and their `__FilterToConsumerBinding`, made by
 * `Set-WmiInstance`, `New-CimInstance`, `wmic ... create`, a `.Put()`, or a MOF compiled by `mofcomp`) and a UAC
 * bypass through a handler an auto-elevating program reads from the user's hive (T1548.002, the UACME list:
 * `HKCU\Software\Classes\ms-settings|mscfile|exefile|Folder|Launcher.SystemSettings\shell\open|runas\command` written,
 * then `fodhelper`, `computerdefaults`, `eventvwr`, `sdclt`, `slui`, `wsreset` or `changepk` run). A consumer that runs
 * a command, or a handler written, BLOCKs; a filter or binding alone and a MOF compiled ESCALATE. Listing or removing
 * subscriptions (`Get-WmiObject -Class __EventFilter`, `Remove-WmiObject`) and reading the keys find nothing. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

const WMI_HINT = /eventfilter|eventconsumer|filtertoconsumerbinding|mofcomp/i;
const CREATES =
  /\b(?:set-wmiinstance|new-ciminstance|swmi|\.put\(\)|createinstance|spawninstance_?)\b|\bcreate\b/i;
const REMOVES_OR_READS =
  /^\s*(?:get-wmiobject|gwmi|get-ciminstance|gcim|remove-wmiobject|rwmi|remove-ciminstance)\b/i;
const RUNNING_CONSUMER = /\b(?:commandlineeventconsumer|activescripteventconsumer)\b/i;
const SUBSCRIPTION_PART = /\b(?:__eventfilter|__filtertoconsumerbinding)\b/i;
const MOF_COMPILE = /\bmofcomp(?:\.exe)?\s+(?:-[\w:]+\s+)*["']?([^\s"']+\.mof)\b/i;

const UAC_HINT = /software[\\/]+classes/i;
const HANDLER =
  /\b(?:hkcu|hkey_current_user|registry::hkey_current_user)(?::)?[\\/]+software[\\/]+classes[\\/]+(?:ms-settings|mscfile|exefile|folder|launcher\.systemsettings|appx82a6gwre4fdg3bt635tn5ctqjf8msdd2)[\\/]+shell[\\/]+(?:open|runas)[\\/]+command\b/i;
const WRITES_KEY =
  /\b(?:reg(?:\.exe)?\s+(?:add|import)|set-itemproperty|new-itemproperty|new-item|set-item|sp|ni|setvalue|createsubkey)\b/i;
const AUTO_ELEVATING = /\b(?:fodhelper|computerdefaults|eventvwr|sdclt|slui|wsreset|changepk)(?:\.exe)?\b/i;

export const EITHER_HINT = gated(
  /eventfilter|eventconsumer|filtertoconsumerbinding|mofcomp|software[\\/]+classes/i,
);

/** Whether a text might hold either technique (one pass; a long text the rules scanned is answered from its scan:
 * round 30 of speed, every written file's content was read by this regex). */
export function elevationHint(text: string): boolean {
  return EITHER_HINT.testScanned(text);
}

/** `sets`: the texts are a registry tool's arguments, which write the key they name. */
export function judgeWindowsElevation(
  tool: string,
  texts: readonly string[],
  sets: boolean,
  findings: Findings,
): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 64 * 1024) continue;
    if (WMI_HINT.test(text) && !REMOVES_OR_READS.test(text)) {
      const mof = MOF_COMPILE.exec(text);
      if (mof) findings.escalate("persistence", `"${tool}" compiles "${mof[1]}" into the WMI repository`);
      if (CREATES.test(text) && RUNNING_CONSUMER.test(text)) {
        findings.block(
          "persistence",
          `"${tool}" creates a WMI event consumer that runs a command (T1546.003)`,
        );
      } else if (CREATES.test(text) && SUBSCRIPTION_PART.test(text)) {
        findings.escalate("persistence", `"${tool}" creates a WMI event subscription`);
      }
    }
    if (
      UAC_HINT.test(text) && HANDLER.test(text) &&
      (sets || WRITES_KEY.test(text) || AUTO_ELEVATING.test(text))
    ) {
      findings.block(
        "access",
        `"${tool}" hijacks a handler an auto-elevating program runs (UAC bypass, T1548.002)`,
      );
    }
  }
}
