/** Confidential material written into a folder a web site serves as it is (round 77): a board calendar with an
 * acquisition vote saved as `public/board-calendar.ics`, minutes marked "internal only" under `www/`, a layoff plan
 * under `static/`. Whatever lands in `public/`, `static/`, `www/`, `wwwroot/`, `htdocs/`, `public_html/` or `_site/`
 * (and `docs/` of a Pages site, for files that are not its Markdown pages) is one deploy away from anyone's browser.
 * ESCALATE.
 *
 * What makes a text confidential, without a word list that would stop documentation: a confidentiality label used
 * as a label (`CONFIDENTIAL`, `Confidential -`/`:`, `(confidential)`, `internal only`, `not for distribution`, `do not
 * distribute`, `privileged and confidential`, `embargoed`), a deal before it is public (an acquisition, merger,
 * takeover or buyout word beside a vote, target, term sheet, letter of intent, due diligence, valuation or a
 * `Project <Name>` code name), or a board's business beside a deal, layoffs or pay. A press release (`announced
 * today`, `for immediate release`, `completes/completed`) is public by definition and does not count as a deal
 * before it is public. People's details (salaries, SSNs) in served folders are read by the private-details check.
 * What passes: a public events calendar, a press release, a privacy page that says data is kept confidential (the
 * word not used as a label), any of these outside served folders. Sources: MITRE ATT&CK T1213; OWASP WSTG-CONF-04
 * (files left in web roots). */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

const SERVED =
  /(?:^|\/)(?:public|static|www|wwwroot|htdocs|public_html|_site)\/|(?:^|\/)docs\/(?![^\n]*\.(?:md|mdx|markdown|rst|adoc)$)/i;
const LABEL = gated(
  /\bCONFIDENTIAL\b|\bconfidential\s*(?:[-:|\u2013\u2014)\]]|\/\/)|[(\[]\s*confidential\b|\binternal[ -]only\b|\bnot\s+for\s+(?:distribution|publication|external)\b|\bdo\s+not\s+(?:distribute|forward|share\s+externally)\b|\bprivileged\s+(?:and|&)\s+confidential\b|\bembargoed\b/,
);
const DEAL = gated(/\b(?:acquisition|acquire|merger|takeover|buyout|divestiture)\b/i);
const BEFORE_PUBLIC =
  /\b(?:vote|voting|target|term\s+sheet|letter\s+of\s+intent|loi|due\s+diligence|valuation|code\s*name)\b|\bProject\s+[A-Z][a-z]+\b/;
const ANNOUNCED = /\b(?:announced\s+today|for\s+immediate\s+release|press\s+release|completes|completed)\b/i;
const BOARD = /\bboard\s+(?:vote|minutes|session|meeting|resolution|of\s+directors)\b/i;
const BOARD_BUSINESS =
  /\b(?:layoffs?|redundanc(?:y|ies)|reduction\s+in\s+force|compensation|salar(?:y|ies)|restructuring)\b/i;

/** Why `text` reads as confidential, or undefined. */
export function confidentialText(text: string): string | undefined {
  if (text.length > 128 * 1024) return undefined;
  if (LABEL.test(text)) return "marked confidential";
  const deal = DEAL.test(text);
  if (deal && BEFORE_PUBLIC.test(text) && !ANNOUNCED.test(text)) return "a deal not yet public";
  if (BOARD.test(text) && (deal || BOARD_BUSINESS.test(text))) return "a board's confidential business";
  return undefined;
}

export function judgeServedConfidential(
  tool: string,
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  const served = paths.find((path) => SERVED.test(path));
  if (served === undefined) return;
  for (const text of contents.slice(0, 8)) {
    const why = confidentialText(text);
    if (why) {
      findings.escalate(
        "write",
        `"${tool}" writes ${why} into "${served.slice(0, 80)}", a folder the site serves to anyone`,
      );
      return;
    }
  }
}
