/** A firewall or security-group rule opened to the private network only (round 46): `aws ec2
 * authorize-security-group-ingress ... --cidr 10.0.0.0/16`, `aws_ec2_authorize_security_group_ingress {CidrIp:
 * "10.0.0.0/16"}`, `gcloud compute firewall-rules create ... --source-ranges=10.128.0.0/9` lets the VPC's own hosts
 * reach a port (AWS "Security group rules for different use cases", Google Cloud "VPC firewall rules"); the verb
 * ("authorize") read as an access grant asked a human for it. A rule counts as private when every address it names
 * lies inside an RFC 1918, RFC 6598 or IPv6 unique-local block with a prefix at least as long as the block's, at
 * least one is named, and no other kind of source is (another account's security group, a prefix list, tags, a
 * service account). `0.0.0.0/0`, `::/0`, a public address, `10.0.0.0/1` (wider than 10/8) or no source at all
 * (gcloud's default is everyone), a `*` or `Internet` source, or a rule naming destinations keep the question. */

/** Words that make a call a network rule. */
const NETWORK_RULE = /ingress|egress|firewall|security[-_ ]?group|\bnsg\b|inbound/i;
/** Sources that are not addresses (another account's group, tags, "*", "Internet"), and destinations (a rule
 * naming only where traffic goes leaves its source to the default, everyone). */
const OTHER_SOURCE =
  /source[-_ ]?(?:group|tag|service[-_ ]?account|security[-_ ]?group)|usergroupid|useridgrouppairs|groupowner|prefixlist|sourcesecuritygroup|\btags\b|service_accounts?|\bany\b|internet|"\*"|[=:]\s*\*|destination/i;
const ADDRESS =
  /(?<![\w.:])(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7})(?:\/\d{1,3})?(?![\w.:])/gi;

/** Private IPv4 blocks: first octets and the block's prefix length. */
function privateV4(octets: number[], prefix: number): boolean {
  const [a, b] = octets;
  if (octets.some((octet) => octet > 255)) return false;
  if (a === 10) return prefix >= 8;
  if (a === 172 && b >= 16 && b <= 31) return prefix >= 12;
  if (a === 192 && b === 168) return prefix >= 16;
  if (a === 100 && b >= 64 && b <= 127) return prefix >= 10;
  return false;
}

function privateAddress(address: string): boolean {
  const [host, length] = address.split("/");
  if (host.includes(".")) {
    const prefix = length === undefined ? 32 : Number(length);
    return prefix <= 32 && privateV4(host.split(".").map(Number), prefix);
  }
  const prefix = length === undefined ? 128 : Number(length);
  return prefix >= 7 && prefix <= 128 && /^f[cd][0-9a-f]{0,2}:/i.test(host);
}

/** People and roles: a grant to someone is not a network rule, whatever addresses it names. */
const PRINCIPAL = /user|member|principal|role|email|@|account[-_]?id|grantee/i;

/** Whether a call named `name` (a tool's name, a CLI's program and subcommand) is a network rule and its text (the
 * arguments) names private sources only. */
export function opensPrivateRangesOnly(name: string, text: string): boolean {
  if (!NETWORK_RULE.test(name) || text.length > 4096 || OTHER_SOURCE.test(text) || PRINCIPAL.test(text)) {
    return false;
  }
  const addresses = text.match(ADDRESS) ?? [];
  return addresses.length > 0 && addresses.every(privateAddress);
}
