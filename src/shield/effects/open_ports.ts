/** Firewall rules opened to everyone in each vendor's shape (round 36): a rule object whose source is the whole
 * internet (`0.0.0.0/0`, `::/0`, `*`, Azure's `Internet` tag, nested as DigitalOcean `sources.addresses`, Linode
 * `addresses.ipv4`, AWS `IpRanges[].CidrIp`, GCP `sourceRanges`, Hetzner `source_ips`, Vultr `subnet`) and whose ports are all of
 * them (`0-65535`, `1-65535`, `*`, `all`, protocol `-1`/`all` with no port) or an administration or database
 * port (SSH, RDP, Postgres, MySQL, Redis, MongoDB, Elasticsearch, the Docker API ...). Web ports open to the world
 * and any port open to a private range pass; outbound and deny rules are not judged.
 * Sources: DigitalOcean, Hetzner Cloud, Linode, GCP and Azure firewall/NSG APIs; AWS
 * AuthorizeSecurityGroupIngress; CIS benchmarks (no unrestricted ingress to admin ports); CISA advisories on
 * exposed RDP and databases. */

import type { Findings } from "./findings.ts";
import { identifierWords } from "./words.ts";

const OPEN_SOURCE = /^(?:0\.0\.0\.0(?:\/0)?|::\/0|\*|any|internet|all)$/i;
const SOURCE_WORDS = new Set([
  "source",
  "sources",
  "src",
  "cidr",
  "cidrs",
  "cidrip",
  "ranges",
  "addresses",
  "address",
  "prefix",
  "prefixes",
  "ips",
  "remote",
  "ipv4",
  "ipv6",
  "subnet",
]);
const DESTINATION_WORDS = new Set([
  "destination",
  "destinations",
  "dest",
  "dst",
  "target",
  "egress",
  "outbound",
]);
const OUTWARD = /^(?:out|outbound|egress)$/i;
const PORT_WORDS = new Set(["port", "ports", "fromport", "toport", "range"]);
const PROTOCOL_WORDS = new Set(["protocol", "ipprotocol"]);
/** Key words that put a key on the client's side of the rule (`sourceRanges`, `sourcePortRange`, `src_ports`). */
const SOURCE_SIDE = new Set(["source", "sources", "src"]);
/** Protocols that carry ports, by name or IANA number. */
const PORTED_PROTOCOL = /^(?:tcp|udp|sctp|6|17|132)$/i;
const ALL_PORTS = /^(?:\*|all|any|-1|0-65535|1-65535|0:65535|1:65535)$/i;
/** Administration, remote-desktop and database ports. */
const ADMIN_PORTS = new Set([
  22,
  23,
  445,
  1433,
  2375,
  2376,
  2379,
  3306,
  3389,
  5432,
  5900,
  6379,
  9200,
  11211,
  27017,
]);
const MAX_VISITS = 128;

const wordsOf = (key: string) => identifierWords(key);

/** Whether a value under a source key (a string, a list, or an object of lists) is the whole internet. */
function openSource(value: unknown, depth = 0): boolean {
  if (depth > 3) return false;
  if (typeof value === "string") return OPEN_SOURCE.test(value.trim());
  if (Array.isArray(value)) return value.slice(0, 16).some((item) => openSource(item, depth + 1));
  if (value && typeof value === "object") {
    return Object.values(value).slice(0, 16).some((item) => openSource(item, depth + 1));
  }
  return false;
}

interface Ports {
  all: boolean;
  admin: boolean;
  named: boolean;
  anyProtocol: boolean;
  /** A port-carrying protocol named (`tcp`, `udp`, OCI's `6`): with no port given, GCP, Linode and OCI open all. */
  protocol: boolean;
  /** Range ends given apart (`FromPort`/`ToPort`, `port_range_min`/`max`, `{from, to}`). */
  low?: number;
  high?: number;
}

const LOW_WORDS = new Set(["from", "min", "start", "fromport"]);
const HIGH_WORDS = new Set(["to", "max", "end", "toport"]);

function readPorts(value: unknown, ports: Ports): void {
  for (const item of Array.isArray(value) ? value.slice(0, 16) : [value]) {
    if (typeof item !== "string" && typeof item !== "number") continue;
    // Linode and Azure list ports in one text (`"80,443"`, `"22, 8000-8100"`).
    for (const piece of String(item).split(",").slice(0, 16)) {
      const text = piece.trim();
      if (ALL_PORTS.test(text)) ports.all = ports.named = true;
      const range = /^(\d{1,5})(?:\s*[-:]\s*(\d{1,5}))?$/.exec(text);
      if (!range) continue;
      ports.named = true;
      const low = Number(range[1]);
      const high = Number(range[2] ?? range[1]);
      // Port 0 serves nothing: DigitalOcean's `ports: "0"` and Terraform's `from_port = 0, to_port = 0` (protocol
      // -1) mean every port.
      if ((low <= 1 && high >= 65535) || high === 0) ports.all = true;
      for (const port of ADMIN_PORTS) if (port >= low && port <= high) ports.admin = true;
    }
  }
}

/** The ports a rule object names, directly or one level down (GCP `allowed: [{IPProtocol, ports}]`). */
function rulePorts(rule: Record<string, unknown>, ports: Ports, depth = 0): void {
  for (const [key, value] of Object.entries(rule).slice(0, 24)) {
    const words = wordsOf(key);
    // Azure's `sourcePortRange: "*"` is any client port (ordinary); `destinationPortRange` is the port opened.
    const port = words.some((word) => PORT_WORDS.has(word));
    // A source key is skipped, but Azure's `destinationPortRanges` is a port key whose `ranges` is no source.
    const sourceSide = words.some((word) => SOURCE_SIDE.has(word));
    if (sourceSide || (!port && words.some((word) => SOURCE_WORDS.has(word))) || /^denied$/i.test(key)) {
      continue;
    }
    if (!port && words.some((word) => DESTINATION_WORDS.has(word))) continue;
    if (words.some((word) => PROTOCOL_WORDS.has(word))) {
      if (typeof value === "string" && /^(?:-1|all|\*|any)$/i.test(value.trim())) ports.anyProtocol = true;
      if (PORTED_PROTOCOL.test(String(value).trim())) ports.protocol = true;
    } else if (port && value && typeof value === "object" && !Array.isArray(value)) {
      rulePorts(value as Record<string, unknown>, ports, 1);
    } else if (port && typeof value === "number" && words.some((word) => LOW_WORDS.has(word))) {
      ports.low = value;
      ports.named = true;
    } else if (port && typeof value === "number" && words.some((word) => HIGH_WORDS.has(word))) {
      ports.high = value;
      ports.named = true;
    } else if (port) {
      readPorts(value, ports);
    } else if (depth === 1 && typeof value === "number" && LOW_WORDS.has(key.toLowerCase())) {
      ports.low = value;
      ports.named = true;
    } else if (depth === 1 && typeof value === "number" && HIGH_WORDS.has(key.toLowerCase())) {
      ports.high = value;
      ports.named = true;
    } else if (depth === 0 && Array.isArray(value)) {
      for (const item of value.slice(0, 8)) {
        if (item && typeof item === "object") rulePorts(item as Record<string, unknown>, ports, 1);
      }
    }
  }
}

/** The first inbound rule object open to the internet on all ports or an admin port: its port text. */
function openRule(payload: Record<string, unknown>): string | undefined {
  let visits = 0;
  let found: string | undefined;
  const visit = (value: unknown, outward: boolean, depth: number) => {
    if (found || depth > 6 || visits++ > MAX_VISITS || !value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 32)) visit(item, outward, depth + 1);
      return;
    }
    const rule = value as Record<string, unknown>;
    const entries = Object.entries(rule).slice(0, 32);
    const out = outward ||
      entries.some(([key, inner]) =>
        /^direction$/i.test(key) && typeof inner === "string" && OUTWARD.test(inner.trim())
      );
    const denies = entries.some(([key, inner]) =>
      /^(?:action|access|policy)$/i.test(key) && typeof inner === "string" &&
      /^(?:deny|drop|reject|block)$/i.test(inner.trim())
    );
    const open = !out && !denies && entries.some(([key, inner]) => {
      const words = wordsOf(key);
      return words.some((word) => SOURCE_WORDS.has(word)) &&
        !words.some((word) => DESTINATION_WORDS.has(word)) && openSource(inner);
    });
    if (open) {
      const ports: Ports = { all: false, admin: false, named: false, anyProtocol: false, protocol: false };
      rulePorts(rule, ports);
      if (ports.low !== undefined && ports.high !== undefined) readPorts(`${ports.low}-${ports.high}`, ports);
      if (ports.all || ports.admin || ((ports.anyProtocol || ports.protocol) && !ports.named)) {
        found = ports.all || !ports.named ? "every port" : "an administration or database port";
        return;
      }
    }
    for (const [key, inner] of entries) {
      visit(inner, out || wordsOf(key).some((word) => OUTWARD.test(word)), depth + 1);
    }
  };
  visit(payload, false, 0);
  return found;
}

export function judgeOpenPorts(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  const what = openRule(payload);
  if (what) findings.escalate("access", `"${tool}" opens ${what} to the whole internet`);
}
