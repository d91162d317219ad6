/** Networks opened to the whole internet in front of a database, a cluster's control plane or an administration
 * port (round 72), in the vocabularies round 46's security-group reading did not see: `gcloud sql instances patch
 * --authorized-networks=0.0.0.0/0`, `gcloud container clusters update --master-authorized-networks=0.0.0.0/0`,
 * `az aks update --api-server-authorized-ip-ranges 0.0.0.0/0`, `az sql|postgres|mysql ... firewall-rule create
 * --start-ip-address 0.0.0.0 --end-ip-address 255.255.255.255` (or `--public-access All`), host firewalls
 * (`ufw allow 6379`, `ufw allow from any to any port 5432`, `iptables -I INPUT -p tcp --dport 27017 -j ACCEPT`
 * with no source, `firewall-cmd --add-port=3306/tcp`), and open-world tools whose arguments carry the same
 * (`authorizedNetworks: [{value: "0.0.0.0/0"}]`, `startIpAddress: "0.0.0.0", endIpAddress: "255.255.255.255"`).
 *
 * What separates: a database instance, a cluster's API server or a database firewall is a management or data plane
 * by definition, so the whole internet in front of it asks. A host firewall rule asks when its port is a database,
 * cache, queue, search, container-API, remote-desktop or cluster port (ssh's 22 stays ordinary on a host firewall:
 * `ufw allow OpenSSH` is how every server is set up). Web ports (80 and 443) opened to everyone are what a public
 * site needs: `opensWebPortsOnly` spares a firewall or security-group rule naming only those ports the "grants or
 * changes access" question (round 72's twin). Azure's `0.0.0.0`-`0.0.0.0` rule means "Azure services", not the
 * internet, and a named office address (`203.0.113.10/32`) is a narrow opening: both pass. Sources: CIS Google
 * Cloud 6.5 and GKE 5.6.3, CIS Azure 4.1.2, CIS AWS 5.2-5.3; Redis and MongoDB security guides; ufw(8),
 * iptables(8), firewall-cmd(1). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

/** Ports of databases, caches, queues, search engines, container and cluster APIs and remote desktops. */
const PLANE_PORTS = new Set([
  23,
  135,
  139,
  445,
  1433,
  1521,
  2181,
  2375,
  2376,
  2379,
  3306,
  3389,
  5432,
  5672,
  5900,
  5901,
  5984,
  5985,
  5986,
  6379,
  6443,
  7474,
  8086,
  8200,
  8500,
  9042,
  9092,
  9200,
  9300,
  10250,
  11211,
  15672,
  27017,
  27018,
  28017,
]);
/** Service names host firewalls take for those ports. */
const PLANE_SERVICES =
  /^(?:mysql|postgres(?:ql)?|mssql|ms-sql-s|oracle|redis|mongodb|memcache[d]?|elasticsearch|rabbitmq|amqp|kafka|zookeeper|docker|etcd|kube-apiserver|kubelet|rdp|ms-wbt-server|vnc(?:-server)?|telnet|samba|microsoft-ds|winrm|couchdb|cassandra|influxdb|vault|consul)$/i;
const ANYWHERE = /(?:^|[\s=,"'[:])(?:0\.0\.0\.0\/0|::\/0)(?=$|[\s,"'\]])/;
const FULL_RANGE = /\b0\.0\.0\.0\b[\s\S]{0,200}\b255\.255\.255\.255\b/;
/** Words of a database, a cluster's control plane or a database firewall (the plane is in the name). */
const PLANE_WORDS =
  /\b(?:sql|postgres(?:ql)?|mysql|mariadb|cosmosdb|redis|mongo(?:db)?|database|db|alloydb|spanner|synapse|aks|gke|container\s+clusters|master-authorized-networks|api-server-authorized-ip-ranges|authorized-?networks|authorizednetworks|masterauthorizednetworks|apiserverauthorizediprange)/i;

function planePort(text: string): boolean {
  const port = Number(text);
  return Number.isInteger(port) && PLANE_PORTS.has(port);
}

/** A `ufw allow` rule open to any source on a plane port: `ufw allow 6379/tcp`, `ufw allow from any to any port
 * 5432`, `ufw allow proto tcp to any port 3306`, `ufw allow redis`. */
function ufwOpens(argv: readonly string[]): boolean {
  const at = argv.indexOf("allow");
  if (at < 0) return false;
  const rest = argv.slice(at + 1, at + 16);
  const from = rest.indexOf("from");
  if (from >= 0 && !/^(?:any|0\.0\.0\.0\/0|::\/0)$/i.test(rest[from + 1] ?? "")) return false;
  const port = rest.indexOf("port");
  if (port >= 0) return (rest[port + 1] ?? "").split(/[,:]/).some(planePort);
  const first = rest.find((word) => !/^(?:in|on|proto|tcp|udp)$/i.test(word));
  if (first === undefined) return false;
  const [service] = first.split("/");
  return planePort(service) || PLANE_SERVICES.test(service);
}

/** An iptables or ip6tables INPUT rule accepting a plane port from any source. */
function iptablesOpens(argv: readonly string[]): boolean {
  if (!argv.some((arg) => arg === "-A" || arg === "-I" || arg === "--append" || arg === "--insert")) {
    return false;
  }
  if (!argv.includes("INPUT") || !argv.includes("ACCEPT")) return false;
  const source = argv.findIndex((arg) => arg === "-s" || arg === "--source" || arg === "--src-range");
  if (source >= 0 && !/^(?:0\.0\.0\.0\/0|::\/0)$/.test(argv[source + 1] ?? "")) return false;
  const port = argv.findIndex((arg) =>
    arg === "--dport" || arg === "--dports" || arg === "--destination-port"
  );
  return port >= 0 && (argv[port + 1] ?? "").split(/[,:]/).some(planePort);
}

/** firewall-cmd opening a plane port or service in a zone with no source named. */
function firewalldOpens(argv: readonly string[]): boolean {
  if (argv.some((arg) => /^--(?:add-source|zone=(?:trusted|internal|home|work))/.test(arg))) return false;
  return argv.some((arg) => {
    const port = /^--add-port=(\d+)/.exec(arg);
    if (port) return planePort(port[1]);
    const service = /^--add-service=(.+)$/.exec(arg);
    return service !== null && PLANE_SERVICES.test(service[1]);
  });
}

/** A cloud CLI opening a database, a cluster's API or a database firewall to every address. */
function cloudOpens(program: string, all: string): boolean {
  if (program !== "gcloud" && program !== "az") return false;
  if (!PLANE_WORDS.test(all)) return false;
  if (ANYWHERE.test(all)) return true;
  if (program === "az") {
    if (/--public-access[= ](?:all\b|0\.0\.0\.0-255\.255\.255\.255)/i.test(all)) return true;
    return /firewall-rules?\s/.test(all) && FULL_RANGE.test(all);
  }
  return false;
}

export function judgeOpenNetworkSegments(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    const program = segment.program;
    const argv = segment.argv;
    let opens = false;
    if (program === "ufw") opens = ufwOpens(argv);
    else if (program === "iptables" || program === "ip6tables") opens = iptablesOpens(argv);
    else if (program === "firewall-cmd") opens = firewalldOpens(argv);
    else if (program === "gcloud" || program === "az") {
      const all = argv.join(" ");
      opens = all.length < 4096 && cloudOpens(program, all);
    }
    if (opens) {
      findings.escalate(
        "access",
        `"${
          argv.slice(0, 4).join(" ").slice(0, 80)
        }" opens a database, cluster or administration port to the whole internet`,
      );
      return;
    }
  }
}

/** Open-world calls (an SDK or MCP tool) with the same arguments: a database, cluster or firewall tool whose
 * arguments name every address. */
export function judgeOpenNetworkCall(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  if (!/sql|database|\bdb|_db|db_|firewall|cluster|network|ingress|redis|postgres|mysql|mongo/i.test(tool)) {
    return;
  }
  let text: string;
  try {
    text = JSON.stringify(payload);
  } catch {
    return;
  }
  if (text.length > 8192) return;
  const plane = PLANE_WORDS.test(tool) || PLANE_WORDS.test(text) ||
    [...text.matchAll(/port[^"]{0,12}"\s*:\s*"?(\d{1,5})/gi)].some((match) => planePort(match[1]));
  if (!plane) return;
  if (ANYWHERE.test(text) || FULL_RANGE.test(text)) {
    findings.escalate(
      "access",
      `"${tool}" opens a database, cluster or administration port to the whole internet`,
    );
  }
}

/** Web ports: a rule naming only these, opened to everyone, is what a public site needs. */
const WEB_PORTS = new Set([80, 443]);
const NETWORK_RULE = /ingress|firewall|security[-_ ]?group|\bnsg\b|inbound/i;
const PORT_VALUE =
  /(?:\bport(?:s|-range|-ranges|range)?|\bdport|fromport|toport|destination[-_]?port[-_]?ranges?|\btcp|\budp)["'\s]*[:=\s]\s*["']?(\d{1,5})(?:\s*-\s*(\d{1,5}))?|\b(?:tcp|udp):(\d{1,5})(?:-(\d{1,5}))?/gi;

/** Whether a firewall or security-group rule (`name` is the tool or CLI and subcommand, `text` its arguments) opens
 * only web ports: at least one port named, every one 80 or 443, no range, no "all protocols". */
export function opensWebPortsOnly(name: string, text: string): boolean {
  if (!NETWORK_RULE.test(name) || text.length > 4096) return false;
  if (
    /protocol["'\s]*[:=\s]\s*["']?(?:all|-1)\b|ipprotocol["'\s]*[:=]\s*["']?-1|\ball\b\s*$|--allow[= ]all\b/i
      .test(text)
  ) {
    return false;
  }
  const ports: number[] = [];
  for (const match of matchesOf(PORT_VALUE, text)) {
    const low = Number(match[1] ?? match[3]);
    const high = Number(match[2] ?? match[4] ?? low);
    if (low !== high) return false;
    ports.push(low);
    if (ports.length > 16) return false;
  }
  return ports.length > 0 && ports.every((port) => WEB_PORTS.has(port));
}
