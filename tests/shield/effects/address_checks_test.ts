// The effect profile's address checks (effects/address_checks.ts) are skipped for an action without a URL (round 15):
// over every top and dev case their findings equal the seven checks called one by one, ungated, and URLs that show
// only after decoding, in a later segment, inside `$()` or under a tool name Shield does not know still reach them.
import assert from "node:assert/strict";
import { buildActionView } from "../../../src/shield/action_view.ts";
import { buildEffectProfile } from "../../../src/shield/effects/effect_profile.ts";
import { resolveEnvironment } from "../../../src/shield/environment.ts";
import { Findings } from "../../../src/shield/effects/findings.ts";
import { type HostReading, readHost } from "../../../src/shield/effects/hosts.ts";
import { judgeAddresses } from "../../../src/shield/effects/address_checks.ts";
import { judgeQueryData, judgeUrlCommands } from "../../../src/shield/effects/url_payloads.ts";
import { judgeHostDisguises } from "../../../src/shield/effects/host_disguises.ts";
import { judgeFetchedOrders } from "../../../src/shield/effects/fetched_orders.ts";
import { judgeOauthGrants } from "../../../src/shield/effects/oauth_grants.ts";
import { judgeDataUrls } from "../../../src/shield/effects/data_urls.ts";
import { judgePathData } from "../../../src/shield/effects/path_data.ts";
import type { Action } from "../../../src/shield/types.ts";
import { expectDecisions } from "./decisions.ts";
import { caseActions } from "./case_actions.ts";

const WORKSPACE = "/home/dev/project";
const HOME = "/home/dev";
const environment = resolveEnvironment({ workspace: WORKSPACE, home: HOME });

function ungated(tool: string, urls: readonly string[], hosts: readonly HostReading[]): string[] {
  const findings = new Findings();
  judgeUrlCommands(tool, urls, findings);
  judgeHostDisguises(tool, hosts, findings);
  judgeFetchedOrders(tool, urls, findings);
  judgeOauthGrants(tool, urls, findings);
  judgeDataUrls(tool, urls, findings);
  judgeQueryData(tool, hosts, findings);
  judgePathData(tool, hosts, findings);
  return findings.list.map((finding) => `${finding.level} ${finding.detail}`);
}

const piped = (command: string) => `echo ${btoa(command)} | base64 -d | sh`;
const ATTACKS: Action[] = [
  {
    type: "execute_command",
    payload: { command: piped("curl 'https://api.example.net/run?cmd=rm%20-rf%20~'") },
  },
  {
    type: "terminal",
    payload: {
      input: "ls; open 'https://login.example.net/oauth/authorize?scope=mail.read+files.readwrite.all'",
    },
  },
  { type: "run_shell", payload: { cmd: "echo $(curl https://paypal.com.secure-login.example.net/x)" } },
  { type: "fetch_page", payload: { url: "data:text/html,<script>fetch('//x.example')</script>" } },
];

Deno.test("the address checks find what the seven checks find one by one, over every top and dev case", async () => {
  const actions: Action[] = [...ATTACKS, ...(await caseActions())];
  assert.ok(actions.length > 3000, `only ${actions.length} cases read`);
  let fired = 0;
  const differ: string[] = [];
  for (const action of actions) {
    const view = buildActionView(action, WORKSPACE, HOME, environment.shellHome);
    const hosts = view.urls.slice(0, 32).map((url) => readHost(url, environment)).filter((
      host,
    ): host is HostReading => host !== undefined);
    const findings = new Findings();
    judgeAddresses(view.tool, view.urls, hosts, findings);
    const got = findings.list.map((finding) => `${finding.level} ${finding.detail}`);
    const expected = ungated(view.tool, view.urls, hosts);
    if (expected.length > 0) fired++;
    if (JSON.stringify(got) !== JSON.stringify(expected)) differ.push(JSON.stringify(action).slice(0, 100));
  }
  assert.deepEqual(differ, []);
  assert.ok(fired > 10, `the checks found something in ${fired} cases only`);
});

Deno.test("URLs seen only after the view's work still reach the address checks and are stopped", async () => {
  const missed: string[] = [];
  for (const action of ATTACKS) {
    const view = buildActionView(action, WORKSPACE, HOME, environment.shellHome);
    const hosts = view.urls.map((url) => readHost(url, environment)).filter((host): host is HostReading =>
      !!host
    );
    const expected = ungated(view.tool, view.urls, hosts);
    const profile = buildEffectProfile(view, undefined, environment);
    const seen = profile.findings.map((finding) => `${finding.level} ${finding.detail}`);
    if (expected.length === 0 || !expected.every((finding) => seen.includes(finding))) {
      missed.push(`${action.type}: ${JSON.stringify(expected)}`);
    }
  }
  assert.deepEqual(missed, []);
  await expectDecisions(ATTACKS.map((action) => [action, "STOPPED", action.type]));
});
