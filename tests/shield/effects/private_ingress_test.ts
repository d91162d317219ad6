// Round 46: a firewall or security-group rule opened to private ranges only is not an exposure; everyone, a public
// address, a range wider than its private block, a non-address source, a destination-only rule or a grant to a
// person still asks.
import assert from "node:assert/strict";
import { opensPrivateRangesOnly } from "../../../src/shield/effects/private_ingress.ts";
import { expectDecisions, run, tool } from "./decisions.ts";

Deno.test("private ranges: blocks and prefix lengths", () => {
  const ingress = (cidr: string) =>
    opensPrivateRangesOnly("security_group_ingress", JSON.stringify({ CidrIp: cidr }));
  for (
    const cidr of ["10.0.0.0/8", "10.1.2.0/24", "172.16.0.0/12", "172.31.5.4", "192.168.1.0/24", "fd00::/8"]
  ) {
    assert.equal(ingress(cidr), true, cidr);
  }
  for (
    const cidr of [
      "0.0.0.0/0",
      "::/0",
      "10.0.0.0/1",
      "172.16.0.0/11",
      "172.32.0.0/16",
      "203.0.113.7/32",
      "8.8.8.8",
    ]
  ) {
    assert.equal(ingress(cidr), false, cidr);
  }
  assert.equal(opensPrivateRangesOnly("grant_access", JSON.stringify({ CidrIp: "10.0.0.0/8" })), false);
});

Deno.test("ingress from the private network is allowed in CLI and API shapes", async () => {
  await expectDecisions([
    [
      tool("aws_ec2_authorize_security_group_ingress", {
        GroupId: "sg-0a1b",
        IpProtocol: "tcp",
        FromPort: 443,
        ToPort: 443,
        CidrIp: "10.0.0.0/16",
      }),
      "ALLOW",
      "EC2 API",
    ],
    [
      run(
        "aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 5432 --cidr 10.0.0.0/16",
      ),
      "ALLOW",
      "cli",
    ],
    [
      run("gcloud compute firewall-rules create pg --allow=tcp:5432 --source-ranges=10.128.0.0/9"),
      "ALLOW",
      "gcloud",
    ],
  ]);
});

Deno.test("ingress that only looks private still asks", async () => {
  const sg = (cidr: string) =>
    tool("aws_ec2_authorize_security_group_ingress", {
      GroupId: "sg-0a1b",
      IpProtocol: "tcp",
      FromPort: 22,
      CidrIp: cidr,
    });
  await expectDecisions([
    [sg("0.0.0.0/0"), "STOPPED", "everyone"],
    [sg("203.0.113.77/32"), "STOPPED", "one outside address"],
    [sg("10.0.0.0/1"), "STOPPED", "wider than 10/8"],
    [
      run(
        "aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol -1 --source-group sg-9 --group-owner 9999",
      ),
      "STOPPED",
      "other account",
    ],
    [
      run("gcloud compute firewall-rules create allow-ssh --allow=tcp:22 --destination-ranges=10.0.0.5"),
      "STOPPED",
      "no source",
    ],
    [run("gcloud compute firewall-rules create allow-all --allow=tcp:0-65535"), "STOPPED", "default source"],
    [
      tool("az_network_nsg_rule_create", { sourceAddressPrefix: "*", destinationAddressPrefix: "10.0.0.4" }),
      "STOPPED",
      "*",
    ],
    [
      tool("update_firewall_admins", { members: ["ext.ops@outside.example"], allowed_from: "10.0.0.0/8" }),
      "STOPPED",
      "people",
    ],
  ]);
});
