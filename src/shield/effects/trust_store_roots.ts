/** Round 83: a certificate made a trusted root of this machine, a user's browser or the JDK (MITRE ATT&CK T1553.004,
 * "Subvert Trust Controls: Install Root Certificate"): whoever holds that CA's key can then read and change every TLS
 * connection the machine makes. Caught (ESCALATE: a company's proxy CA is a real reason, the user says so):
 * `certutil -addstore Root|CA|AuthRoot|TrustedPublisher FILE` (Windows, any switch spelling and `-user`/`-enterprise`),
 * NSS's `certutil -A ... -t "C,,"` (a CA trust flag: Chrome and Firefox on Linux), macOS `security add-trusted-cert`,
 * p11-kit's `trust anchor FILE` (not `--remove`), `keytool -importcert`/`-import` into the JDK's `cacerts` (`-cacerts`
 * or a `-keystore` path ending in `cacerts`), PowerShell `Import-Certificate` into a `Cert:\LocalMachine\Root` (or `CurrentUser`, `AuthRoot`, `CA`) store, and
 * `mkcert -install` run with `CAROOT` pointed somewhere (it then trusts whatever `rootCA.pem` lies there).
 * Passes: `mkcert -install` itself (it trusts the CA it just made on this machine, whose key never leaves it: what the
 * tool is for), `update-ca-certificates`/`update-ca-trust` alone (they re-read what is already in place; a file copied
 * into the anchors folder is a system write, judged there), `keytool -importcert` into a project's own keystore or
 * truststore, listing and checking certificates (`certutil -hashfile`, `certutil -L`, `security find-certificate`,
 * `trust list`). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

/** Programs this check reads; the caller gates on them. */
export const TRUST_STORE_PROGRAMS = new Set([
  "certutil",
  "certutil.exe",
  "security",
  "trust",
  "keytool",
  "keytool.exe",
  "import-certificate",
  "mkcert",
]);

const ROOT_STORES = /^(?:root|ca|authroot|trustedpublisher|trust)$/i;
const ADDSTORE = /^[-/]addstore$/i;
/** An NSS trust string with a CA flag in any of its three parts (`C,,`, `CT,C,C`, `,C,`). */
const NSS_CA_TRUST = /^[a-zA-Z]*C[a-zA-Z]*,|^[a-zA-Z]*,[a-zA-Z]*C|^[a-zA-Z]*,[a-zA-Z]*,[a-zA-Z]*C/;
/** Backslashes may be gone (a shell parse drops them from unquoted words). */
const PS_ROOT_STORE = /cert:[\\/]*(?:localmachine|currentuser)[\\/]*(?:root|authroot|ca)\b/i;

function reason(what: string): string {
  return `makes a certificate a trusted root (${what}): whoever holds its key can read this machine's TLS traffic`;
}

function rootAdded(segment: Segment, shellText: string): string | undefined {
  const words = segment.argv.slice(1);
  const lower = words.map((word) => word.toLowerCase());
  switch (segment.program.toLowerCase().replace(/\.exe$/, "")) {
    case "certutil": {
      const at = words.findIndex((word) => ADDSTORE.test(word));
      if (at >= 0 && words.slice(at + 1).some((word) => ROOT_STORES.test(word))) return "certutil -addstore";
      // NSS's add (`-A`; `-a` is its ASCII switch) with a trust string.
      const trust = words.indexOf("-t");
      if (words.includes("-A") && trust >= 0 && NSS_CA_TRUST.test(words[trust + 1] ?? "")) {
        return "certutil -A with CA trust";
      }
      return undefined;
    }
    case "security":
      return lower[0] === "add-trusted-cert" ? "security add-trusted-cert" : undefined;
    case "trust":
      return lower[0] === "anchor" && !lower.includes("--remove") && !lower.includes("-r")
        ? "trust anchor"
        : undefined;
    case "keytool": {
      if (!lower.some((word) => word === "-importcert" || word === "-import")) return undefined;
      const store = lower.indexOf("-keystore");
      const cacerts = lower.includes("-cacerts") ||
        (store >= 0 && /(?:^|[\\/])cacerts$/.test(lower[store + 1] ?? ""));
      return cacerts ? "keytool -importcert into the JDK's cacerts" : undefined;
    }
    case "import-certificate":
      return PS_ROOT_STORE.test(segment.text) || PS_ROOT_STORE.test(shellText)
        ? "Import-Certificate into a root store"
        : undefined;
    case "mkcert":
      return lower.includes("-install") && /(?:^|[\s;&|(])(?:export\s+)?CAROOT=\S/.test(shellText)
        ? "mkcert -install with CAROOT set"
        : undefined;
  }
  return undefined;
}

export function judgeTrustStoreRoots(
  tool: string,
  segments: readonly Segment[],
  shellTexts: readonly string[],
  findings: Findings,
): void {
  const shellText = shellTexts.join("\n");
  for (const segment of segments.slice(0, 32)) {
    if (!TRUST_STORE_PROGRAMS.has(segment.program.toLowerCase())) continue;
    const what = rootAdded(segment, shellText);
    if (what !== undefined) {
      findings.escalate("security", `"${tool}" ${reason(what)}`);
      return;
    }
  }
}
