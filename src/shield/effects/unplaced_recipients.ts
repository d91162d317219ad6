/** Messages to recipients Shield cannot place (round 18): a direct message, text or chat sent to a bare name
 * (`recipient: "Dora"`, `user: "mike"`) or a bare run of phone digits (`5551234567`) that no contact names. Who
 * that is, the tool resolves; Shield cannot tell a colleague from a stranger. Plain words to them pass ("thanks!",
 * "the docs are at ..."); a link to a domain nobody vouches for (to a number; to a name when the text lures or the
 * link is a file), a shared-file link, or payment, identity, health or login data in the message asks (AgentDojo's slack injection task DMs www.true-informations.com to a name; SMS
 * lures are the FTC's smishing pattern). Channels (`#general`, channel ids) are judged as broadcasts elsewhere. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { unvouchedLinks } from "./outside_data.ts";
import type { ClassedRecipient } from "./recipient_classes.ts";
import { sensitiveFindings } from "./sensitive_data.ts";

/** Tools that reach one person: direct messages, texts, private chats. */
const DIRECT_TOOL =
  /(?:^|[_.\-\s]|[a-z](?=[A-Z]))(?:dm|dms|direct|sms|mms|texts?|whatsapp|signal|telegram|imessage|private|im|chat)(?:$|[_.\-\s]|(?=[A-Z]))/i;
const BARE_PHONE = /^\d{10,15}$/;
/** Words that push a reader to a link (a lure), rather than point a colleague at a page ("the docs are at ..."). */
const LURE =
  /\b(?:visit|click|tap|check (?:this|it) out|go to|head to|open (?:this|the link)|claim|verify|confirm|reset|download|install|update (?:your|now)|log ?in|sign ?in|portal|urgent|immediately|asap|reward|prize|gift|expires?|fill (?:in|out)|your (?:details|information|info|account)|raffle|lottery|giveaway|winner|survey|free)\b/i;
/** A link whose path ends in a file to fetch (an archive, a dump, a program). */
const FILE_PATH =
  /\bhttps?:\/\/\S+\.(?:zip|7z|rar|tar|gz|tgz|sql|dump|bak|db|sqlite|csv|xlsx?|pdf|exe|msi|dmg|apk|sh|ps1|js|jar)\b/i;
const CHANNEL = /^#|^[CGD][A-Z0-9]{7,}$/;
/** Links to shared files and file drops: what they point at is a file, whoever hosts it. */
const FILE_LINK =
  /\bhttps?:\/\/(?:[\w-]+\.)*(?:docs\.google\.com|drive\.google\.com|dropbox\.com|dl\.dropboxusercontent\.com|box\.com|onedrive\.live\.com|1drv\.ms|sharepoint\.com|wetransfer\.com|we\.tl|transfer\.sh|mega\.nz|file\.io|gofile\.io|sendspace\.com|mediafire\.com|pastebin\.com)\.?(?::\d{1,5})?\/\S+/i;

function unplaced(item: ClassedRecipient, directTool: boolean): boolean {
  if (item.standing !== "unknown" || item.kind !== "name" || CHANNEL.test(item.recipient)) return false;
  return directTool || BARE_PHONE.test(item.recipient.replace(/[\s-]/g, ""));
}

export function judgeUnplacedRecipients(
  tool: string,
  classed: readonly ClassedRecipient[],
  texts: readonly string[],
  environment: ShieldEnvironment,
  organisations: ReadonlySet<string>,
  findings: Findings,
): void {
  if (classed.length === 0 || classed.length > 8) return;
  const directTool = DIRECT_TOOL.test(tool);
  const target = classed.find((item) => unplaced(item, directTool));
  if (target === undefined) return;
  const joined = texts.join("\n").slice(0, 16 * 1024);
  if (joined.length < 8) return;
  const shown = target.recipient.slice(0, 60);
  const [host] = unvouchedLinks(joined, environment, organisations);
  // A stranger's number gets no unknown link; a colleague's name, one that lures or fetches a file.
  const phone = BARE_PHONE.test(target.recipient.replace(/[\s-]/g, ""));
  if (host !== undefined && (phone || LURE.test(joined) || FILE_PATH.test(joined))) {
    findings.escalate(
      "message",
      `"${tool}" sends a link to "${host}", a domain nobody vouches for, to "${shown}", whom Shield cannot place`,
    );
    return;
  }
  if (FILE_LINK.test(joined)) {
    findings.escalate(
      "message",
      `"${tool}" sends a shared-file link to "${shown}", whom Shield cannot place`,
    );
    return;
  }
  const [sensitive] = sensitiveFindings(joined);
  if (sensitive !== undefined) {
    findings.escalate(
      "message",
      `"${tool}" sends ${sensitive.kind} details to "${shown}", whom Shield cannot place`,
    );
  }
}
