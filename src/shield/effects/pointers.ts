/** Round 59: what a command's words point at beyond this machine's workspace (`unknown_programs.ts`): a network
 * address (an IP literal, `host:port`, a URL to a host that is not allowed, a UNC share `\\host\share`, a bare host
 * name given to a host option), a recipient (an e-mail address, a phone number), a device or peer id, or a place of
 * the user's or the system's (personal document folders, secret stores, persistence and start-up files, `/etc`,
 * `C:\Windows`, `C:\Users\Public`, `%APPDATA%`). Loopback, `0.0.0.0`, allowed hosts, the workspace and temporary
 * space point nowhere. */

import type { ShieldEnvironment } from "../environment.ts";
import { aliasedPath, normalizePath } from "../paths.ts";
import type { EffectKind } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { classifyPath } from "./path_classes.ts";

export interface Pointer {
  /** The word as given. */
  word: string;
  /** What it is, for the reason ("the address"). */
  what: string;
  effect: EffectKind;
}

/** Characters one of the shapes below needs: a word without any of them points nowhere. */
const SIGN = /[:@/\\.+~%-]/;
const IPV4 = /^(?:[\w.+-]+@)?(\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?(?:\/(\d{1,2}))?(?::[^\s]*)?$/;
/** A private network as a range (RFC 1918, RFC 6598: `192.168.1.0/24`): the machine's own network in a firewall or
 * route rule, not a destination. A single private address (a PLC at `192.168.1.10`) still points at it. */
function privateRange(octets: number[], prefix: number): boolean {
  const [a, b] = octets;
  return a === 10 && prefix >= 8 || a === 172 && b >= 16 && b <= 31 && prefix >= 12 ||
    a === 192 && b === 168 && prefix >= 16 || a === 100 && b >= 64 && b <= 127 && prefix >= 10;
}
const IPV6 = /^(?:[\w.+-]+@)?\[([0-9a-f:.]+)\](?::\d{1,5})?$/i;
/** `host.tld:port` (with a user): the last label letters only, and no file extension (`app.py:10` is a line). */
const HOST_PORT = /^(?:[\w.+-]+@)?((?:[a-z0-9-]+\.)+([a-z]{2,24})):(\d{2,5})$/i;
const FILE_EXTENSIONS =
  /^(?:py|js|ts|tsx|jsx|mjs|cjs|rb|go|rs|java|kt|c|h|cc|cpp|hpp|cs|php|swift|scala|md|txt|json|ya?ml|toml|html?|css|scss|vue|svelte|sh|sql|lock|log|xml|ini|cfg|conf|ex|exs|erl|hs|ml|lua|pl|pm|r|dart|zig|nim|proto|tf|ipynb|csv)$/i;
/** An scp-style remote: `user@files.example:in/` or `files.example:/in` (without a user, only a rooted or home path:
 * `app.main:app` is a Python module and its attribute). */
const REMOTE_PATH = /^(?:([\w.+-]+)@)?((?:[a-z0-9-]+\.)+([a-z]{2,24})):(?!\d+$)(.?)/i;
const UNC = /^(?:\\\\|\/\/)([\w-]+(?:\.[\w-]+)*)[\\/][^\\/]/;
const EMAIL = /^(?:mailto:)?[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}$/i;
const PHONE = /^(?:tel:|sms:)?\+\d[\d().-]{6,18}\d$/;
/** A Syncthing device id (eight groups of seven base32 letters). */
const DEVICE_ID = /^[A-Z2-7]{7}(?:-[A-Z2-7]{7}){7}$/;
/** Options naming a device or a peer (`--device-id`, `--peer`, `--node-id`). */
const DEVICE_OPTION = /^-{0,2}(?:[\w-]*[-_])?(?:device|peer|node)(?:[-_]?ids?)?$/i;
/** Options naming a host (`--server`, `--smtp-host`, `--broker`): a bare name given to one is a host. */
const HOST_OPTION =
  /^-{0,2}(?:[\w-]*[-_])?(?:server|host|hostname|remote|endpoint|broker|relay|smtp|proxy|upstream|target|dest|destination|connect|addr|address)$/i;
const DOMAIN = /^(?:[a-z0-9-]+\.)+([a-z]{2,24})$/i;
/** Folders of a home that hold the user's own documents. */
const PERSONAL_FOLDER =
  /^\/(?:documents|desktop|downloads|pictures|photos|movies|videos|music|dropbox|onedrive[^/]*|google drive|icloud drive|library\/mobile documents|library\/messages|library\/mail|library\/containers)(?:\/|$)/i;
/** Files of the kinds people keep as documents, scans, photos, recordings, archives, contacts and mail (a folder of
 * code under `~/Documents` holds none of them, or few). */
const DOCUMENT_FILE =
  /\.(?:pdf|docx?|xlsx?|pptx?|od[tsp]|rtf|pages|numbers|key|jpe?g|png|heic|gif|tiff?|mov|mp4|m4a|mp3|wav|zip|7z|rar|tgz|vcf|ics|eml|msg|pst|mbox)$/i;
const HOME_ROOT = /^(?:\/home\/[^/]+|\/root|\/Users\/[^/]+)(?=\/|$)/;
/** Windows places: the system's folders, the folder every user shares, a user's documents and roaming settings. */
const WINDOWS_PLACE =
  /^(?:[a-z]:[\\/](?:windows|programdata)(?:[\\/]|$)|%(?:systemroot|windir|programdata)%|\$env:(?:systemroot|windir|programdata)\b)/i;
const WINDOWS_PERSONAL =
  /^(?:[a-z]:[\\/]users[\\/](?:public|[^\\/]+[\\/](?:documents|desktop|downloads|pictures|appdata))(?:[\\/]|$)|%(?:appdata|localappdata|userprofile|public)%|\$env:(?:appdata|localappdata|userprofile|public)\b)/i;

function network(word: string, what: string): Pointer {
  return { word, what, effect: "network" };
}

/** A host that points outside: neither loopback (`0.0.0.0` included) nor allowed. */
function outsideHost(host: string, environment: ShieldEnvironment): boolean {
  const reading = readHost(`tcp://${host}`, environment);
  return reading !== undefined && !reading.loopback && !reading.allowed;
}

/** Options that name who receives or gets access (`--to`, `-RedirectTo`, `--cc`, `-ForwardingSmtpAddress`,
 * `--recipient`, `--share-with`): an e-mail address given to one is a recipient; to another (`--from`, `--email` of
 * a login, cosign's `--certificate-identity`) it names someone, it sends nothing. */
const RECIPIENT_OPTION =
  /(?:to|cc|recipients?|rcpt|forward\w*|deliver\w*|notify|address(?:es)?|attendees?|delegates?|members?|grantee|user|share\w*|invite\w*)$/i;

function addressOf(value: string, named: string, environment: ShieldEnvironment): Pointer | undefined {
  if (value.includes("://")) {
    if (/^file:/i.test(value)) return undefined;
    const reading = readHost(value, environment);
    return reading && !reading.loopback && !reading.allowed ? network(value, "the address") : undefined;
  }
  const unc = UNC.exec(value);
  if (unc) return outsideHost(unc[1], environment) ? network(value, "the share") : undefined;
  const ip = IPV4.exec(value);
  if (ip) {
    const octets = ip[1].split(".").map(Number);
    if (octets.some((octet) => octet > 255)) return undefined;
    if (ip[2] !== undefined && privateRange(octets, Number(ip[2]))) return undefined;
    return outsideHost(ip[1], environment) ? network(value, "the address") : undefined;
  }
  const ip6 = IPV6.exec(value);
  if (ip6) return outsideHost(`[${ip6[1]}]`, environment) ? network(value, "the address") : undefined;
  const hostPort = HOST_PORT.exec(value);
  if (hostPort && !FILE_EXTENSIONS.test(hostPort[2]) && outsideHost(hostPort[1], environment)) {
    return network(value, "the address");
  }
  const remote = REMOTE_PATH.exec(value);
  if (
    remote && (remote[1] !== undefined || remote[4] === "/" || remote[4] === "~") &&
    !FILE_EXTENSIONS.test(remote[3]) && outsideHost(remote[2], environment)
  ) {
    return network(value, "the remote");
  }
  if (EMAIL.test(value)) {
    return named === "" || RECIPIENT_OPTION.test(named)
      ? { word: value, what: "the recipient", effect: "message" }
      : undefined;
  }
  if (PHONE.test(value) && value.replace(/\D/g, "").length >= 8) {
    return { word: value, what: "the number", effect: "message" };
  }
  if (DEVICE_ID.test(value)) return network(value, "the device");
  return undefined;
}

/** The home-relative part of an absolute path under some home, if any. */
function inHome(absolute: string, environment: ShieldEnvironment): string | undefined {
  const home = environment.home;
  if (home !== "/" && (absolute === home || absolute.startsWith(home + "/"))) {
    return absolute.slice(home.length) || "/";
  }
  const match = HOME_ROOT.exec(absolute);
  return match ? absolute.slice(match[0].length) || "/" : undefined;
}

function placeOf(value: string, environment: ShieldEnvironment): Pointer | undefined {
  if (WINDOWS_PLACE.test(value)) return { word: value, what: "the system folder", effect: "read" };
  if (WINDOWS_PERSONAL.test(value)) return { word: value, what: "the personal folder", effect: "read" };
  const lead = value[0];
  if (lead !== "~" && lead !== "/" && lead !== "$") return undefined;
  if (value === "/" || value.startsWith("//")) return undefined;
  const { workspace, home } = environment;
  const aliases = environment.checkoutAliases;
  const path = normalizePath(
    aliases.length === 0 ? value : aliasedPath(value, aliases, workspace),
    workspace,
    home,
  );
  if (path.relative !== undefined) return undefined;
  const kind = classifyPath(path, environment);
  if (kind === "secret" || kind === "secret-container" || kind === "engine") {
    return { word: value, what: "the secret store", effect: "read" };
  }
  if (kind === "persistence" || kind === "startup-file" || kind === "trust") {
    return { word: value, what: "the start-up or trust file", effect: "persistence" };
  }
  const inside = inHome(path.absolute, environment);
  // The folder itself or one below it (`~/Documents`, `~/Documents/ids`), or a document file anywhere in it: a
  // project kept deeper (`~/Documents/Code/repo/src`) is the user's code, not their papers.
  if (
    inside !== undefined && PERSONAL_FOLDER.test(inside) &&
    (inside.split("/").length <= 3 || DOCUMENT_FILE.test(inside))
  ) {
    return { word: value, what: "the personal files", effect: "read" };
  }
  return undefined;
}

/** Options whose value names who signed or what is expected (an OIDC issuer, an identity, an audience, a pattern),
 * not a place the program reaches: `cosign verify --certificate-oidc-issuer https://token.actions...`. */
const IDENTITY_OPTION = /(?:issuer|identity|audience|subject|regexp?|pattern|homepage|schema)$/i;

/** `KEY=VALUE` given as a word (`host=203.0.113.7`, `--to=+447700900123`), or a Windows switch with its value
 * (`/uri:https://...`, `/out:C:\\Users\\Public\\x`). */
const ASSIGNED = /^-{0,2}[A-Za-z_][\w.-]*=|^\/[A-Za-z][\w-]*:(?!\/)/;

/** What the first of `words` that points outside or at a personal or system place points at, if any; pointers of the
 * kinds in `skipped` (a messenger's recipients and attachments, which `cli_senders.ts` judges) are passed over. */
export function pointerOf(
  words: readonly string[],
  environment: ShieldEnvironment,
  skipped: readonly EffectKind[] = [],
): Pointer | undefined {
  let option = "";
  for (const word of words) {
    let [named, value] = [option, word];
    option = "";
    if (word.length > 2048) continue;
    const assigned = ASSIGNED.exec(word);
    if (assigned) [named, value] = [word.slice(0, assigned[0].length - 1), word.slice(assigned[0].length)];
    else if (word.startsWith("-")) {
      option = word;
      continue;
    }
    if (value.length < 3 || IDENTITY_OPTION.test(named)) continue;
    for (const piece of value.includes(",") ? value.split(",", 8) : [value]) {
      const found = SIGN.test(piece)
        ? addressOf(piece, named, environment) ?? placeOf(piece, environment)
        : undefined;
      if (found && !skipped.includes(found.effect)) return found;
      if (named === "") continue;
      if (DEVICE_OPTION.test(named) && piece.length >= 6) return network(piece, "the device");
      if (HOST_OPTION.test(named) && DOMAIN.test(piece) && outsideHost(piece, environment)) {
        return network(piece, "the host");
      }
    }
  }
  return undefined;
}
