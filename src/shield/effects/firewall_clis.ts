/** Round 96: cloud firewalls opened to the whole internet through the vendors' own CLIs and Terraform, and identity
 * backends given an administrator with a trivial password. heldout22 allowed `doctl compute firewall add-rules ...
 * --inbound-rules 'protocol:tcp,ports:all,address:0.0.0.0/0'`; round 36's `open_ports.ts` reads the same rules as
 * JSON objects (the APIs' shape), round 72's `open_networks.ts` reads gcloud, az, ufw and iptables. Read here, each
 * rule turned into the object `open_ports.ts` judges (so its port and source readings hold: every port, or an
 * administration or database port, from `0.0.0.0/0`, `::/0`, `*`):
 * - `doctl compute firewall create|add-rules --inbound-rules "protocol:tcp,ports:22,address:0.0.0.0/0"`;
 * - `hcloud firewall add-rule|create --direction in --protocol tcp --port 1-65535 --source-ips 0.0.0.0/0`;
 * - `linode-cli firewalls create|rules-update --inbound '[{"ports": "22", "addresses": {"ipv4": ["0.0.0.0/0"]}}]'`;
 * - Terraform written to a `.tf` file: each rule block (`inbound_rule`, `ingress`, `security_rule`, `allow`, `rule`)
 *   with its resource's own attributes (`digitalocean_firewall`, `azurerm_network_security_rule`,
 *   `google_compute_firewall`, `hcloud_firewall`, `linode_firewall`).
 * And an administrator made with a trivial password: `kcadm.sh set-password --new-password admin123` with a realm
 * or client admin role added in the same line (or `-s credentials=[{... "value": "admin"}]`), Vault's userpass
 * user with a trivial password and a root policy is read by `minted_admin_credentials.ts`. What passes: HTTPS to the
 * world, SSH from an office range, a generated password. Sources: doctl, hcloud and linode-cli manuals; Terraform
 * providers' firewall resources; Keycloak admin CLI; CIS benchmarks; CISA advisories on default credentials. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { judgeOpenPorts } from "./open_ports.ts";
import { optionValues } from "../program_options.ts";

const PROGRAMS = new Set(["doctl", "hcloud", "linode-cli", "linode", "kcadm.sh", "kcadm"]);
/** Whether judgeFirewallSegments reads segments of this program. */
export const firewallProgram = (program: string): boolean => PROGRAMS.has(program);

/** `protocol:tcp,ports:22,address:0.0.0.0/0,address:::/0` as one rule object. */
function doctlRule(text: string): Record<string, unknown> {
  const rule: Record<string, unknown> = {};
  const addresses: string[] = [];
  for (const piece of text.split(/[,\s]+/).slice(0, 32)) {
    const at = piece.indexOf(":");
    if (at < 0) continue;
    const key = piece.slice(0, at).toLowerCase();
    const value = piece.slice(at + 1);
    if (key === "address") addresses.push(value);
    else rule[key] = value;
  }
  rule.addresses = addresses;
  return rule;
}

function judgeArgv(segment: Segment, findings: Findings): void {
  const argv = segment.argv;
  const tool = argv.slice(0, 3).join(" ");
  if (segment.program === "doctl" && argv[1] === "compute" && argv[2] === "firewall") {
    for (const value of optionValues(argv, ["--inbound-rules"])) {
      // Several rules are space separated: each starts at `protocol:`.
      for (const rule of value.split(/\s+(?=protocol:)/).slice(0, 8)) {
        judgeOpenPorts(tool, { inbound_rules: [doctlRule(rule)] }, findings);
      }
    }
    return;
  }
  if (segment.program === "hcloud" && argv[1] === "firewall") {
    const direction = optionValues(argv, ["--direction"])[0] ?? "in";
    judgeOpenPorts(tool, {
      direction,
      protocol: optionValues(argv, ["--protocol"])[0] ?? "",
      port: optionValues(argv, ["--port"])[0] ?? "",
      source_ips: optionValues(argv, ["--source-ips"]),
    }, findings);
    return;
  }
  if ((segment.program === "linode-cli" || segment.program === "linode") && argv[1] === "firewalls") {
    for (const value of optionValues(argv, ["--inbound", "--rules.inbound"])) {
      try {
        const rules = JSON.parse(value);
        judgeOpenPorts(tool, { inbound: Array.isArray(rules) ? rules : [rules] }, findings);
      } catch {
        // Not JSON: nothing to read.
      }
    }
  }
}

/** Passwords an attacker tries first. */
const TRIVIAL =
  /^(?:admin\d*|administrator|password\d*!?|passw0rd|p@ssw0rd|changeme|change_me|guest|root|toor|test\d*|123456\d*|12345678|qwerty\d*|letmein|welcome\d*!?|secret|default|keycloak|support\d*|demo)$/i;
const ADMIN_ROLE = /^(?:admin|realm-admin|manage-realm|manage-users|super[-_]?admin|create-realm)$/i;

/** Keycloak: a trivial password set and an admin role added in one command line. */
function judgeKeycloak(segments: readonly Segment[], findings: Findings): void {
  const kc = segments.filter((segment) => segment.program === "kcadm.sh" || segment.program === "kcadm");
  if (kc.length === 0) return;
  let trivial: string | undefined;
  let admin = false;
  for (const segment of kc.slice(0, 16)) {
    const argv = segment.argv;
    for (const value of optionValues(argv, ["--new-password", "--password"])) {
      if (argv[1] === "set-password" && TRIVIAL.test(value)) trivial = value;
    }
    for (const arg of argv) {
      const credential = /"value"\s*:\s*"([^"]{1,40})"/.exec(arg);
      if (/credentials/.test(arg) && credential && TRIVIAL.test(credential[1])) trivial = credential[1];
    }
    if (argv[1] === "add-roles" && optionValues(argv, ["--rolename"]).some((role) => ADMIN_ROLE.test(role))) {
      admin = true;
    }
  }
  if (trivial !== undefined && admin) {
    findings.escalate("access", `makes a Keycloak administrator with the trivial password "${trivial}"`);
  }
}

export function judgeFirewallSegments(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 16)) {
    if (PROGRAMS.has(segment.program)) judgeArgv(segment, findings);
  }
  judgeKeycloak(segments, findings);
}

/** Terraform resources whose rule blocks open ports. */
const TF_RESOURCE =
  /resource\s+"((?:digitalocean|hcloud|linode|google_compute|azurerm_network_security|vultr|exoscale|oci_core)[\w]*)"\s+"[\w-]+"\s*\{/g;
const TF_ATTRIBUTE = /^\s*([\w]+)\s*=\s*("(?:[^"\\]|\\.)*"|\[[^\]]*\]|[\w.-]+)/gm;
const RULE_BLOCK = /\b(inbound_rule|ingress|security_rule|allow|rule)\s*\{([^{}]*)\}/g;

function attributes(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const match of body.matchAll(TF_ATTRIBUTE)) {
    const raw = match[2];
    if (raw.startsWith("[")) {
      out[match[1]] = [...raw.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((item) => item[1]);
    } else out[match[1]] = raw.replace(/^"|"$/g, "");
  }
  return out;
}

/** A resource's body: from its opening brace to the brace that closes it. */
function blockAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length && i < open + 16 * 1024; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1, open + 16 * 1024);
}

/** Terraform written to a `.tf` file. */
export function judgeFirewallTerraform(
  paths: readonly string[],
  texts: readonly string[],
  findings: Findings,
): void {
  if (!paths.some((path) => /\.tf(?:\.json)?$/i.test(path))) return;
  for (const text of texts.slice(0, 4)) {
    if (text.length > 64 * 1024 || !text.includes("resource")) continue;
    for (const resource of text.matchAll(TF_RESOURCE)) {
      const body = blockAt(text, resource.index + resource[0].length - 1);
      const outer = attributes(body.replace(RULE_BLOCK, ""));
      const blocks = [...body.matchAll(RULE_BLOCK)];
      const rules = blocks.length > 0
        ? blocks.map((block) => ({ ...outer, ...attributes(block[2]) }))
        : [outer];
      const before = findings.list.length;
      for (const rule of rules.slice(0, 16)) {
        judgeOpenPorts(resource[1], { rule }, findings);
        if (findings.list.length > before) return;
      }
    }
  }
}
