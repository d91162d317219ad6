/** Code that comes from hosts known to serve malware or that imitate a library's CDN: pages loading scripts from
 * the domains the Funnull group turned malicious in 2024 (polyfill.io, bootcss, bootcdn, staticfile -- Sansec and
 * Cloudflare reports) BLOCK; libraries downloaded into the project (`curl -o vendor/x.js URL`) from a host that is
 * neither allowed nor a well-known CDN ESCALATE. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { splitOption } from "../command_writes.ts";
import { matchesOf } from "../match_all.ts";

/** The file a download names, separate or glued (`-o FILE`, `--output FILE`, `--output=FILE`). */
function outputFile(argv: readonly string[]): string | undefined {
  for (let index = 1; index < argv.length; index++) {
    const [name, glued] = splitOption(argv[index]);
    if (/^(?:-o|-O|--output|--output-document)$/.test(name)) return glued ?? argv[index + 1];
  }
  return undefined;
}

const COMPROMISED_HOSTS =
  /(?:^|\.)(?:polyfill\.io|polyfill\.com|polyfillcache\.com|polyfill-js\.cn|bootcss\.com|bootcdn\.net|bootcdn\.cn|staticfile\.org|staticfile\.net|unionadjs\.com|xhsbpza\.com|union\.macoms\.la|newcrbpc\.com)$/i;
export const SCRIPT_SOURCE =
  /<script\b[^>]{0,200}\bsrc\s*=\s*["']?((?:https?:)?\/\/[^"'\s>]+)|\bimport\s+[^;\n]{0,80}from\s+["'](https?:\/\/[^"']+)["']/gi;
export const WELL_KNOWN_CDNS =
  /(?:^|\.)(?:cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|code\.jquery\.com|ajax\.googleapis\.com|esm\.sh|cdn\.skypack\.dev|ga\.jspm\.io|stackpath\.bootstrapcdn\.com|cdn\.tailwindcss\.com|fonts\.googleapis\.com|fonts\.gstatic\.com|cdn\.plot\.ly|d3js\.org)$/i;
const CODE_FILE = /\.(?:m?js|cjs|ts|wasm|py|sh|rb|php|jar|so|dll|dylib)$/i;

/** The script URLs each text loads (`SCRIPT_SOURCE`'s, `//host` read as `https://host`), in order, read once per
 * text for the checks that share one (`judgeScriptHosts` and `judgeLookalikeScripts` both read a written file's
 * contents for them: one pass of the regex over a long document instead of two). */
export class ScriptSources {
  private readonly texts: string[] = [];
  private readonly urls: string[][] = [];

  of(text: string): readonly string[] {
    const known = this.texts.indexOf(text);
    if (known >= 0) return this.urls[known];
    const urls = [...matchesOf(SCRIPT_SOURCE, text)].map((match) =>
      (match[1] ?? match[2]).replace(/^\/\//, "https://")
    );
    this.texts.push(text);
    this.urls.push(urls);
    return urls;
  }
}

export function judgeScriptHosts(
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
  sources = new ScriptSources(),
): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 256 * 1024 || !(text.includes("<script") || text.includes("import"))) continue;
    for (const url of sources.of(text)) {
      const host = readHost(url, environment);
      if (host && COMPROMISED_HOSTS.test(host.host)) {
        findings.block(
          "install",
          `the page loads scripts from "${host.host}", a host known to serve malware`,
        );
        return;
      }
    }
  }
}

/** `curl -o FILE URL`, `wget -O FILE URL`: a code file of the project fetched from an unknown host. */
/** Whether judgeVendoredDownloads looks at a segment of this program. */
export const vendorsWith = (program: string): boolean => program === "curl" || program === "wget";

export function judgeVendoredDownloads(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 32)) {
    if (!vendorsWith(segment.program)) continue;
    const argv = segment.argv;
    const output = outputFile(argv);
    if (!output || !CODE_FILE.test(output) || output.startsWith("/tmp/")) continue;
    const url = argv.find((arg) => /^https?:\/\//i.test(arg));
    const host = url ? readHost(url, environment) : undefined;
    if (!host || host.loopback || host.allowed) continue;
    if (COMPROMISED_HOSTS.test(host.host)) {
      findings.block("install", `downloads code from "${host.host}", a host known to serve malware`);
    } else if (!WELL_KNOWN_CDNS.test(host.host)) {
      findings.escalate(
        "install",
        `puts code from "${host.host}" into the project ("${output.slice(0, 60)}")`,
      );
    }
  }
}
