/** An ordinary out-of-office reply (round 67): `gmail_users_settings_updateVacation {enableAutoReply: true,
 * responseBodyPlainText: "I'm out until Monday 12 May. For urgent matters please contact my colleague Maria."}`.
 * An automatic reply is a standing automation, so it asked; an away notice that only says when the user is back and
 * who covers (by first name) is what every mail client's vacation setting is for, so it is spared that prompt. It
 * still asks when the text carries what the attack sets' auto-replies carry: money, bank or payment words, an
 * account or card number (any run of five digits), a code, key or alarm, an order to approve or sign off, a link,
 * an address or phone number (the covering person is named, not addressed -- `standing_replies.ts` and the
 * lookalike checks read addresses), or more than a few short sentences; and when the reply goes to a forward,
 * redirect or rule of any other kind (only auto-reply settings pass).
 * Sources: Gmail API users.settings.updateVacation, Microsoft Graph automaticRepliesSetting, JMAP VacationResponse;
 * FBI IC3 BEC advisories (payment-detail changes announced in auto-replies). */

/** Name or key words of an automatic-reply setting. */
const AWAY_WORD = /vacation|auto_?reply|autoreply|automatic_?repl|out_?of_?office|away|responder/i;
/** Rule words that are not an automatic reply. */
const OTHER_RULE = /forward|redirect|filter|webhook|hook|cron|schedule|script|exec|run|command|delete|trash/i;
const RISK =
  /\b(?:pay(?:ment|ments|ing|s)?|paid|invoices?|remittance|bank(?:ing)?|iban|swift|sort code|routing|account|wire|transfer|refunds?|card|crypto|wallet|codes?|pin|passwords?|keys?|alarm|door|approv\w*|sign ?off|authori[sz]\w*|without (?:review|checking)|urgent payments?|gift|whatsapp|telegram|signal|text me|call me|personal)\b|https?:|www\.|@|\+?\d[\d\s-]{4,}\d/i;
const MAX_NOTICE = 300;

/** Whether an automation call is an away notice and nothing else. */
export function awayNoticeOnly(name: string, payload: Record<string, unknown>): boolean {
  if (!AWAY_WORD.test(name) || OTHER_RULE.test(name)) return false;
  const texts: string[] = [];
  const visit = (key: string, value: unknown, depth: number): boolean => {
    if (depth > 3 || texts.length > 8) return false;
    if (OTHER_RULE.test(key)) return false;
    if (typeof value === "string") {
      texts.push(value);
      return true;
    }
    if (value !== null && typeof value === "object") {
      return Object.entries(value as Record<string, unknown>).every(([inner, item]) =>
        visit(inner, item, depth + 1)
      );
    }
    return true;
  };
  if (!Object.entries(payload).every(([key, value]) => visit(key, value, 0))) return false;
  const said = texts.filter((text) => /\s/.test(text.trim()));
  if (said.length === 0 || said.length > 2) return false;
  const joined = said.join("\n");
  return joined.length <= MAX_NOTICE && joined.split(/[.!?](?:\s|$)/).length <= 4 && !RISK.test(joined);
}
