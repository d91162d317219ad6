/** The effect profile's checks of the addresses an action goes to (split from effect_profile.ts): commands, orders
 * and grants in its URLs, data URLs running script, and hosts disguised or carrying data in their query or path.
 * Each reads the URLs or the hosts read from them alone, so an action without a URL calls none of them. */

import type { Findings } from "./findings.ts";
import type { HostReading } from "./hosts.ts";
import { judgeQueryData, judgeUrlCommands } from "./url_payloads.ts";
import { judgeHostDisguises } from "./host_disguises.ts";
import { judgeFetchedOrders } from "./fetched_orders.ts";
import { judgeOauthGrants } from "./oauth_grants.ts";
import { judgeDataUrls } from "./data_urls.ts";
import { judgePathData } from "./path_data.ts";

/** The address checks, in the profile's order; `hosts` are those read from `urls`. */
export function judgeAddresses(
  tool: string,
  urls: readonly string[],
  hosts: readonly HostReading[],
  findings: Findings,
): void {
  if (urls.length === 0 && hosts.length === 0) return;
  judgeUrlCommands(tool, urls, findings);
  judgeHostDisguises(tool, hosts, findings);
  judgeFetchedOrders(tool, urls, findings);
  judgeOauthGrants(tool, urls, findings);
  judgeDataUrls(tool, urls, findings);
  judgeQueryData(tool, hosts, findings);
  judgePathData(tool, hosts, findings);
}
