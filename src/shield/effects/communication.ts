/** Round 12's judgement of a message by its recipients' classes: secrets with key-like values leave to no one,
 * outside recipients get no user data, broadcasts get no links to unvouched domains, and recipients at domains
 * imitating the user's organisation or a contact's are escalated whatever the message says. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeLabelledSecrets } from "./labelled_secrets.ts";
import { imitatesDomain } from "./lookalike_recipients.ts";
import { carriesData, judgeBroadcastLinks, judgeOutsideData, judgeSignInLures } from "./outside_data.ts";
import { classRecipient, configuredDomains, ownDomains } from "./recipient_classes.ts";
import { judgeUnplacedRecipients } from "./unplaced_recipients.ts";

/** Domains the user knows: the organisation's and those of contacts spelled as whole addresses. */
function knownDomains(environment: ShieldEnvironment, organisations: ReadonlySet<string>): string[] {
  const domains = new Set(organisations);
  for (const contact of environment.contacts) {
    const domain = /@([a-z0-9.-]+\.[a-z]{2,})$/i.exec(contact.trim())?.[1];
    if (domain) domains.add(domain.toLowerCase());
  }
  return [...domains];
}

/** Texts with HTML comments taken out: `docs-share<!-- -->.evil.co` is the host a reader's client shows. */
function withoutComments(texts: readonly string[]): readonly string[] {
  if (!texts.some((text) => text.includes("<!--"))) return texts;
  return texts.map((text) => text.replace(/<!--[\s\S]{0,200}?-->/g, ""));
}

export function judgeCommunication(
  tool: string,
  recipients: readonly string[],
  senders: readonly string[],
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  texts = withoutComments(texts);
  judgeLabelledSecrets(tool, texts, findings);
  const organisations = ownDomains(environment, senders);
  const classed = recipients.slice(0, 64).map((recipient) =>
    classRecipient(recipient, environment, organisations)
  );
  judgeOutsideData(tool, classed, texts, environment, organisations, findings);
  judgeUnplacedRecipients(tool, classed, texts, environment, configuredDomains(environment), findings);
  // Links are vouched for by config alone: a sender's domain is the agent's word.
  const configured = configuredDomains(environment);
  judgeSignInLures(tool, texts, environment, configured, findings);
  if (classed.every((item) => item.standing === "unknown")) {
    judgeBroadcastLinks(tool, texts, environment, configured, findings);
  }
  if (classed.length === 0 && PUBLIC_TOOL.test(tool) && carriesData(texts.join("\n"))) {
    findings.escalate("message", `"${tool}" publishes the user's data where anyone reads it`);
  }
  const known = knownDomains(environment, organisations);
  for (const item of classed) {
    if (item.kind !== "address" || item.standing !== "outside") continue;
    const domain = item.recipient.slice(item.recipient.lastIndexOf("@") + 1).replace(/>\s*$/, "")
      .toLowerCase();
    const original = known.find((genuine) => imitatesDomain(domain, genuine));
    if (original !== undefined) {
      findings.escalate("message", `"${tool}" writes to "${domain}", which imitates the known "${original}"`);
      return;
    }
  }
}

/** Tools whose words say the text goes to whoever looks: posts, pages, statuses, automatic replies. */
const PUBLIC_TOOL = /tweet|publish|public|web_?page|blog|status|auto_?repl|vacation|out_?of_?office/i;

/** Text an open-world tool writes that is not a message to named recipients (an auto-reply, a post, a note): no
 * secret with a key-like value, no sign-in lure, and no user data where the public reads it. */
export function judgeUnaddressedText(
  tool: string,
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  texts = withoutComments(texts);
  judgeLabelledSecrets(tool, texts, findings);
  judgeSignInLures(tool, texts, environment, configuredDomains(environment), findings);
  if (PUBLIC_TOOL.test(tool) && carriesData(texts.join("\n"))) {
    findings.escalate("message", `"${tool}" publishes the user's data where anyone reads it`);
  }
}
