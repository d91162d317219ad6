/** Windows binaries that download, copy or run code for an attacker ("living off the land"), after the LOLBAS
 * project's table (https://lolbas-project.github.io, its Download, Copy, Execute and AWL-bypass functions and the
 * command lines it lists for each binary; checked November 2026) and MITRE ATT&CK T1218 (System Binary Proxy
 * Execution), T1105 (Ingress Tool Transfer). One row a binary: its name without `.exe`, the functions it serves
 * (`download`, `copy`, `execute`) and the arguments that call that function, as a pattern over its argument words
 * joined by spaces, lower-cased, with slashes for backslashes (the shell parse reads Windows paths with slashes).
 * `handled` rows are judged by the checks named in the comment: this table only lists them, so the programs that run
 * what a URL or share gives them are one list (fetched_code.ts reads it). */

export type LolbasFunction = "download" | "copy" | "execute";

export interface LolbasRow {
  name: string;
  functions: readonly LolbasFunction[];
  /** The arguments that call the function (LOLBAS's listed command lines). */
  trigger: RegExp;
  /** A package installer whose ordinary use is to run what it is given (`msiexec /i x.msi`): only its listed
   * arguments count. */
  installs?: boolean;
  /** Judged elsewhere (windows_launchers.ts, fetched_code.ts, shell_windows.ts): listed, not judged again. */
  handled?: boolean;
}

const ANY = /./;

export const LOLBAS_ROWS: readonly LolbasRow[] = [
  // Copy and download.
  { name: "esentutl", functions: ["copy", "download"], trigger: /(?:^| )[/-]y\b/ },
  { name: "expand", functions: ["copy", "download"], trigger: ANY },
  { name: "extrac32", functions: ["copy", "download"], trigger: ANY },
  { name: "replace", functions: ["copy", "download"], trigger: /(?:^| )\/a\b/ },
  { name: "desktopimgdownldr", functions: ["download"], trigger: /\/lockscreenurl:/ },
  { name: "mpcmdrun", functions: ["download"], trigger: /-downloadfile\b/ },
  { name: "cmdl32", functions: ["download"], trigger: /\/vpn\b.*\/lan\b/ },
  { name: "certreq", functions: ["download"], trigger: /-post\b.*-config\s+https?:/ },
  { name: "certoc", functions: ["download", "execute"], trigger: /-getcacaps\b|-loaddll\b/ },
  { name: "printbrm", functions: ["copy", "download"], trigger: /(?:^| )-b\b.*(?:^| )-d\s/ },
  { name: "certutil", functions: ["download"], trigger: /-urlcache\b|-verifyctl\b/, handled: true },
  { name: "bitsadmin", functions: ["download"], trigger: /\/(?:transfer|addfile)\b/, handled: true },
  // Execute: DLLs, INF files, scriptlets and programs run through a signed binary.
  {
    name: "odbcconf",
    functions: ["execute"],
    trigger: /\{\s*(?:regsvr|installdriver|installtranslator)\b|(?:^| )[/-]f\s/,
  },
  { name: "cmstp", functions: ["execute"], trigger: /\.inf\b/ },
  { name: "pcalua", functions: ["execute"], trigger: /(?:^| )-a\s/ },
  { name: "mavinject", functions: ["execute"], trigger: /\/injectrunning\b/ },
  { name: "syncappvpublishingserver", functions: ["execute"], trigger: ANY },
  { name: "ieexec", functions: ["execute", "download"], trigger: /https?:/ },
  { name: "infdefaultinstall", functions: ["execute"], trigger: /\.inf\b/ },
  { name: "msiexec", functions: ["execute"], trigger: /(?:^| )[/-][yz]\s/, installs: true },
  { name: "register-cimprovider", functions: ["execute"], trigger: /-path\b/ },
  { name: "scriptrunner", functions: ["execute"], trigger: /-appvscript\b/ },
  { name: "presentationhost", functions: ["execute"], trigger: /\.xbap\b/ },
  { name: "msdt", functions: ["execute"], trigger: /(?:^| )[/-]af\s|ms-msdt:/ },
  { name: "verclsid", functions: ["execute"], trigger: /\/c\s*\{/ },
  { name: "xwizard", functions: ["execute"], trigger: /\brunwizard\b/ },
  { name: "dnscmd", functions: ["execute"], trigger: /\/serverlevelplugindll\b/ },
  { name: "diskshadow", functions: ["execute"], trigger: /(?:^| )[/-]s\s/ },
  { name: "atbroker", functions: ["execute"], trigger: /\/start\s/ },
  { name: "runscripthelper", functions: ["execute"], trigger: /\bsurfacecheck\b/ },
  { name: "wuauclt", functions: ["execute"], trigger: /\/updatedeploymentprovider\b/ },
  { name: "rasautou", functions: ["execute"], trigger: /-d\s.*\.dll\b/ },
  { name: "pcwrun", functions: ["execute"], trigger: ANY },
  { name: "msxsl", functions: ["execute"], trigger: ANY },
  { name: "hh", functions: ["execute", "download"], trigger: /https?:|\.chm\b/ },
  { name: "control", functions: ["execute"], trigger: /\.cpl\b/ },
  { name: "regsvr32", functions: ["execute"], trigger: /(?:^| )[/-]i:|\bscrobj\b/ },
  // Judged elsewhere: windows_launchers.ts (inline script, inline build tasks, install hooks, forced script
  // engines), shell_windows.ts (the command `forfiles /c` and `wmic process call create` are handed).
  { name: "mshta", functions: ["execute", "download"], trigger: ANY, handled: true },
  { name: "rundll32", functions: ["execute"], trigger: ANY, handled: true },
  { name: "msbuild", functions: ["execute"], trigger: ANY, handled: true },
  { name: "installutil", functions: ["execute"], trigger: ANY, handled: true },
  { name: "regasm", functions: ["execute"], trigger: ANY, handled: true },
  { name: "regsvcs", functions: ["execute"], trigger: ANY, handled: true },
  { name: "cscript", functions: ["execute"], trigger: ANY, handled: true },
  { name: "wscript", functions: ["execute"], trigger: ANY, handled: true },
  { name: "forfiles", functions: ["execute"], trigger: ANY, handled: true },
  { name: "wmic", functions: ["execute"], trigger: ANY, handled: true },
];
