/** DNS hijack by the zone's own control plane (round 57): an A/AAAA record of a login, SSO, mail or web name (or the
 * apex) set to a public address, or its CNAME/ALIAS/NS/MX set to a host of another domain that is no hosting
 * provider's -- by Route 53 change batches (API tools and `aws route53 change-resource-record-sets`), `gcloud dns
 * record-sets`, `az network dns record-set`, and the nested record sets of provider tools. Whoever controls the new
 * address receives the company's logins and mail. TXT/SPF/DMARC records, other names (a staging host), aliases to a
 * cloud load balancer or a hosting provider's published apex address, and private addresses pass. The flat record tools (`{type, name, content}`) were judged since
 * round 7. Sources: AWS Route 53 ChangeResourceRecordSets; Google Cloud DNS and Azure DNS CLI references; CISA
 * Emergency Directive 19-01 (DNS infrastructure tampering); MITRE ATT&CK T1584.002. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

/** Names whose owner receives sign-ins, mail or the public site. */
const SENSITIVE_LABEL =
  /^(?:@|www|login|logon|signin|auth|sso|id|idp|identity|account|accounts|adfs|sts|okta|mail|webmail|smtp|imap|pop|mx|owa|autodiscover|vpn|portal|secure|pay|payments|billing|api)$/i;
/** Hosting and mail providers whose hosts a record points at in ordinary work. */
const PROVIDER_HOST =
  /(?:^|\.)(?:amazonaws\.com|cloudfront\.net|awsdns-[\w-]+\.\w+|azurewebsites\.net|azurefd\.net|azureedge\.net|trafficmanager\.net|cloudapp\.azure\.com|azure-dns\.\w+|outlook\.com|office365\.com|googlehosted\.com|google\.com|googledomains\.com|vercel-dns\.com|vercel\.app|netlify\.app|netlify\.com|herokudns\.com|herokuapp\.com|fastly\.net|akamaiedge\.net|edgekey\.net|cloudflare\.com|cloudflare\.net|pages\.dev|github\.io|domaincontrol\.com|mailgun\.org|sendgrid\.net|zoho\.com|protonmail\.ch|fly\.dev|render\.com|okta\.com|auth0\.com)$/i;
/** The apex addresses hosting providers tell their customers to set (Vercel, Netlify, GitHub Pages, Render,
 * Firebase Hosting, Shopify, Squarespace, Wix): an apex pointed at one of them is a site moved to its host. */
const PROVIDER_ADDRESSES = new Set([
  "76.76.21.21",
  "75.2.60.5",
  "185.199.108.153",
  "185.199.109.153",
  "185.199.110.153",
  "185.199.111.153",
  "216.24.57.1",
  "199.36.158.100",
  "23.227.38.65",
  "198.185.159.144",
  "198.185.159.145",
  "198.49.23.144",
  "198.49.23.145",
  "185.230.63.107",
  "185.230.63.171",
  "185.230.63.186",
]);
const ROUTING = /^(?:a|aaaa|cname|alias|ns|mx)$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/;

const baseDomain = (host: string) => host.toLowerCase().replace(/\.$/, "").split(".").slice(-2).join(".");

function privateAddress(value: string): boolean {
  const v4 = IPV4.exec(value);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168) ||
      (a === 169 && b === 254) || (a === 100 && b >= 64 && b < 128);
  }
  return /^(?:::1|f[cd][0-9a-f]{2}:|fe80:)/i.test(value);
}

/** Whether the record's name is one whose owner receives logins, mail or the site (relative or absolute). */
function sensitiveName(name: string, zone?: string): boolean {
  const bare = name.trim().replace(/\.$/, "").toLowerCase();
  if (bare === "" || bare === "@" || (zone !== undefined && bare === zone.replace(/\.$/, "").toLowerCase())) {
    return true;
  }
  const labels = bare.split(".");
  // `acme.example` is an apex; `*.acme.example` and deeper names are judged by their first label.
  if (labels.length === 2 && zone === undefined && /^[a-z]{2,}$/.test(labels[1])) return true;
  return SENSITIVE_LABEL.test(labels[0]);
}

/** Where a routing record of this name sends its traffic, when that is outside: the address or host. */
export function repointed(type: string, name: string, value: string, zone?: string): string | undefined {
  if (!ROUTING.test(type) || !sensitiveName(name, zone)) return undefined;
  // The last word: an MX's priority comes first (`10 mx.host.`), and prose put before a value leaves it last.
  const target = (value.trim().split(/\s+/).pop() ?? "").replace(/^["']|["']$/g, "").replace(/\.$/, "");
  if (/^a(?:aaa)?$/i.test(type)) {
    const outside = (IPV4.test(target) || target.includes(":")) && !privateAddress(target);
    return outside && !PROVIDER_ADDRESSES.has(target) ? target : undefined;
  }
  if (!/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(target) || PROVIDER_HOST.test(target)) return undefined;
  const own = zone ?? (name.includes(".") ? name : undefined);
  return own !== undefined && baseDomain(own) === baseDomain(target) ? undefined : target;
}

const str = (value: unknown) => typeof value === "string" ? value : undefined;

/** Record keys as providers spell them; top-level argument names reach the checks in snake case. */
const TYPE_KEYS = ["Type", "type", "record_type", "recordType"];
const NAME_KEYS = ["Name", "name", "record_name", "recordName", "host", "hostname", "host_name", "subdomain"];
const VALUE_KEYS = [
  "content",
  "value",
  "Value",
  "data",
  "target",
  "points_to",
  "address",
  "Address",
  "ipv4_address",
  "text",
  "rdata",
  "answer",
  "destination",
];
const LIST_KEYS = ["ResourceRecords", "resource_records", "records", "rrdatas", "values"];
const ZONE_KEYS = ["domain", "zone", "zone_name", "hosted_zone_name"];

const first = (record: Record<string, unknown>, keys: readonly string[]) =>
  keys.map((key) => record[key]).find((value) => typeof value === "string") as string | undefined;

/** The values one record object holds: its own value and the items of its record list. */
function recordValues(record: Record<string, unknown>): string[] {
  const values: string[] = [];
  const own = first(record, VALUE_KEYS);
  if (own) values.push(own);
  for (const key of LIST_KEYS) {
    const list = record[key];
    if (!Array.isArray(list)) continue;
    for (const item of list.slice(0, 16)) {
      const text = item && typeof item === "object"
        ? first(item as Record<string, unknown>, VALUE_KEYS)
        : str(item);
      if (text) values.push(text);
    }
  }
  return values;
}

/** Namecheap's numbered host lists (`HostName1`, `RecordType1`, `Address1`). */
function numberedRecords(record: Record<string, unknown>): Array<[string, string, string]> {
  const found: Array<[string, string, string]> = [];
  for (let i = 1; i <= 16; i++) {
    // Argument names reach the checks as written or in snake case (`HostName1` or `host_name1`).
    const host = record[`HostName${i}`] ?? record[`host_name${i}`];
    if (typeof host !== "string") break;
    const type = record[`RecordType${i}`] ?? record[`record_type${i}`] ?? "";
    found.push([String(type), host, String(record[`Address${i}`] ?? record[`address${i}`] ?? "")]);
  }
  return found;
}

/** DNS records anywhere in a payload -- Route 53 change batches (`ResourceRecordSet`), a provider's record objects
 * (`{record: {type, name, content}}`), record lists -- that repoint a sensitive name; deletions are left alone. */
export function judgeRecordPayload(
  tool: string,
  value: unknown,
  findings: Findings,
  zone?: string,
  depth = 0,
): boolean {
  if (depth > 6 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    return value.slice(0, 32).some((item) => judgeRecordPayload(tool, item, findings, zone, depth + 1));
  }
  const record = value as Record<string, unknown>;
  if (/^delete$/i.test(str(record.Action ?? record.action) ?? "")) return false;
  const named = first(record, ZONE_KEYS);
  const within = named && named.includes(".") ? named : zone;
  const type = first(record, TYPE_KEYS);
  const name = first(record, NAME_KEYS);
  const records: Array<[string, string, string]> = type && name !== undefined
    ? recordValues(record).map((text) => [type, name, text])
    : numberedRecords(record);
  for (const [kind, host, text] of records) {
    const away = repointed(kind, host, text, within);
    if (away) {
      findings.escalate("network", `"${tool}" points "${host.slice(0, 80)}" (${kind}) at "${away}"`);
      return true;
    }
  }
  return Object.values(record).slice(0, 32).some((inner) =>
    inner !== null && typeof inner === "object" &&
    judgeRecordPayload(tool, inner, findings, within, depth + 1)
  );
}

/** The value of `--name=value` or `--name value` (or a short alias) among a command's words. */
function option(argv: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    for (const name of names) {
      if (argv[i] === name) return argv[i + 1];
      if (argv[i].startsWith(`${name}=`)) return argv[i].slice(name.length + 1);
    }
  }
  return undefined;
}

/** `cli53 rrcreate ZONE 'NAME TTL TYPE VALUE'`, `doctl compute domain records create|update DOMAIN --record-name ...`,
 * `flarectl dns create|update --zone Z --name N --type T --content V`: the name and where it now points. */
function otherCliRecord(segment: Segment): [string, string | undefined] {
  const argv = segment.argv;
  if (segment.program === "cli53" && /^(?:rrcreate|rrc)$/.test(argv[1] ?? "")) {
    const words = argv.slice(2).filter((word) => !word.startsWith("-"));
    const [zone, text] = [words[0], words[1] ?? ""];
    const [name, , type, ...value] = text.trim().split(/\s+/);
    return [name ?? "", name && type ? repointed(type, name, value.join(" "), zone) : undefined];
  }
  if (segment.program === "doctl" && argv[2] === "domain" && argv[3] === "records") {
    const name = option(argv, ["--record-name"]);
    const type = option(argv, ["--record-type"]);
    const value = option(argv, ["--record-data"]);
    return [name ?? "", name && type && value ? repointed(type, name, value, argv[5]) : undefined];
  }
  if (segment.program === "flarectl" && argv[1] === "dns") {
    const name = option(argv, ["--name"]);
    const type = option(argv, ["--type"]);
    const value = option(argv, ["--content"]);
    return [
      name ?? "",
      name && type && value ? repointed(type, name, value, option(argv, ["--zone"])) : undefined,
    ];
  }
  return ["", undefined];
}

const AZ_VALUES = [
  "--ipv4-address",
  "-a",
  "--ipv6-address",
  "--cname",
  "-c",
  "--nsdname",
  "-d",
  "--exchange",
  "-e",
];

/** DNS changes by the AWS, Google Cloud and Azure command lines. */
export function judgeDnsCommands(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 32)) {
    const argv = segment.argv;
    let away: string | undefined;
    let name = "";
    if (segment.program === "aws" && argv.includes("change-resource-record-sets")) {
      const batch = option(argv, ["--change-batch"]);
      if (batch?.trimStart().startsWith("{")) {
        try {
          if (judgeRecordPayload(segment.text.slice(0, 60), JSON.parse(batch), findings)) return;
        } catch {
          // Not JSON: a file the command reads, which Shield cannot see.
        }
      }
      continue;
    }
    if (segment.program === "gcloud" && argv[1] === "dns" && argv[2] === "record-sets") {
      if (!/^(?:create|update|transaction)$/.test(argv[3] ?? "")) continue;
      // `record-sets update NAME --rrdatas=...`; `record-sets transaction add VALUE... --name=NAME`.
      const positional = argv.slice(4).filter((word, i) =>
        !word.startsWith("-") && !argv[i + 3]?.startsWith("-")
      );
      const adding = argv[3] === "transaction";
      name = option(argv, ["--name"]) ?? (adding ? "" : positional[0] ?? "");
      const type = option(argv, ["--type"]) ?? "";
      const values = option(argv, ["--rrdatas"])?.split(",") ?? positional.filter((word) => word !== "add");
      for (const value of values) away ??= repointed(type, name, value);
    } else if (
      segment.program === "az" && argv[1] === "network" && argv[2] === "dns" && argv[3] === "record-set"
    ) {
      name = option(argv, ["--record-set-name", "-n", "--name"]) ?? "";
      const zone = option(argv, ["--zone-name", "-z"]);
      const value = option(argv, AZ_VALUES);
      if (value) away = repointed(argv[4] ?? "", name, value, zone);
    } else [name, away] = otherCliRecord(segment);
    if (away) {
      findings.escalate("network", `"${segment.program}" points "${name.slice(0, 80)}" at "${away}"`);
      return;
    }
  }
}
