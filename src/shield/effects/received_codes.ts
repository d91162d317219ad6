/** A message that asks its reader to pass on a code someone sent them (round 45): the account-takeover message
 * ("Lost my phone, can you send the code Facebook just texted you?", "I sent my WhatsApp code to your number by
 * mistake, can you forward it?", "Te acaba de llegar un código por SMS, ¿me lo reenvías?"). The service texted the
 * code to the reader because the sender is signing into the reader's account (WhatsApp, Instagram and Google Voice
 * takeovers; FTC and Action Fraud warnings). Two parts make it: a code the reader got, gets or will get (`texted
 * you`, `to your number`, `te llegó`, `tu vas recevoir`, `du hast ... bekommen`, `vai chegar no seu celular`), and a
 * request to hand it over (`forward it`, `tell me what it says`, `reply with it`, `me lo reenvías`, `schick ihn mir`)
 * not under a negation ("never share the code they text you, even with me"). Round 25's ASKS_FOR_RECEIVED_CODE
 * needed "send me the code ... got"; these wordings name no "me" before the code, or put the request after it. */

import { gated } from "./gate.ts";
import { fillers, SEND_VERB, TELL_VERB } from "./concepts.ts";
import { matchesOf } from "../match_all.ts";

/** A word for the code, in the main languages. */
const CODE = String
  .raw`(?:(?:verification|security|confirmation|login|sign-?in|access|one-time|6-digit|six-digit|\d-digit|sms|text|whatsapp|facebook|instagram|google|telegram|signal|apple|microsoft|tiktok|snapchat|discord|paypal|bank)\s+)?(?:codes?|pin|otp|c[oó]digos?|codice|codici|bestätigungscode|verifizierungscode|sicherheitscode)`;
/** The reader got, gets or will get it. */
const RECEIVED = String
  .raw`(?:\b(?:sent|texted|text|sends|texts|emailed|send|will (?:text|send|email)|is (?:sending|texting)|just (?:sent|texted))\s+(?:it\s+)?(?:to\s+)?(?:you|u|ya)\b|\b(?:to|on|at) your (?:\w+\s+)?(?:number|phone|mobile|cell|whatsapp|email|inbox)\b|\b(?:you|u)(?:'ll|\s+(?:just|will|should(?:'ve| have)?|have|might|may))?\s+(?:\w+\s+)?(?:got|get|received|receive|been sent|gonna get)\b|\b(?:a tu (?:n[uú]mero|celular|m[oó]vil)|(?:sur|à) ton (?:num[ée]ro|portable|t[ée]l[ée]phone)|an deine (?:nummer|handynummer)|auf dein (?:handy|telefon)|al tuo (?:numero|cellulare)|(?:pro|para o) seu (?:n[uú]mero|celular))\b|\bte\s+(?:acaba de llegar|llegó|llego|va a llegar|llegará|enviaron|mandaron|envió|mandó|han enviado)\b|\b(?:recibiste|vas a recibir|has recibido)\b|\b(?:tu vas recevoir|tu as reçu|tu viens de recevoir|t'a été envoyé|t'ont envoyé|t'a envoyé)\b|\b(?:du hast|du bekommst|du kriegst|hast du)\b[^.?!\n]{0,60}?\b(?:bekommen|erhalten|gekriegt|gleich)\b|\b(?:ti è arrivato|ti arriverà|ti hanno mandato|hai ricevuto|riceverai)\b|\b(?:vai chegar|chegou|você recebeu|vc recebeu|você vai receber|te mandaram|te enviaram)\b)`;
/** A request to hand the code over: the lexicon's send and tell verbs (round 25) with a word or two between. */
const PASS_ON = String
  .raw`(?:(?:${SEND_VERB}|${TELL_VERB}|\b(?:text|read|give|pass|dm|whatsapp|screenshot)\b)\s+${
  fillers(2)
}(?:it|that|this|them|the code|the (?:\w+\s+){0,2}code|me)\b|\breply (?:with|back with) (?:it|the code|that)\b|\bwhat (?:does|did|do) (?:it|the (?:text|sms|message|code)) say\b|\bme (?:lo|la) (?:puedes |podrías |podes )?(?:reenviar|mandar|pasar|enviar|dar|decir)\b|\b(?:reenv[ií]a|m[aá]nda|p[aá]sa|env[ií]a|d[ií])me(?:lo|la)?\b|\bpuedes (?:reenviarmelo|reenviármelo|mandármelo|pasármelo)\b|\b(?:tu peux|peux-tu|pourrais-tu|tu pourrais) (?:me le |me la |me l')?(?:renvoyer|envoyer|transférer|donner|dire)\b|\bme le (?:renvoyer|envoyer|transférer|donner)\b|\b(?:schick|schicke|sende|gib|sag|leite)\b[^.?!\n]{0,20}?\b(?:mir|weiter)\b|\b(?:schicken|senden|weiterleiten|sagen|geben)\b[^.?!\n]{0,6}[?]|\b(?:mandarmelo|inviarmelo|girarmelo|dirmelo|me lo (?:mandi|invii|giri|dici))\b|\bme (?:passa|manda|envia|encaminha|fala)\b|\b(?:passa|manda|envia)-?me\b)`;

const RECEIVED_CODE = new RegExp(
  String.raw`\b${CODE}\b[^.?!\n]{0,80}?${RECEIVED}|${RECEIVED}[^.?!\n]{0,80}?\b${CODE}\b`,
  "i",
);
const CODE_GATE = gated(new RegExp(String.raw`\b${CODE}\b`, "i"));
const PASS_ON_ALL = new RegExp(PASS_ON, "gi");
const NEGATION =
  /\b(?:never|not|don'?t|do not|no one|nobody|won'?t|will never|avoid|refuse|nunca|jamais|niemals|nie|mai)\b[^.?!\n]{0,30}$/i;

/** Whether the text asks its reader to hand over a code that was sent to them. */
export function asksForReceivedCode(text: string): boolean {
  if (text.length < 20 || text.length > 4096 || !CODE_GATE.test(text) || !RECEIVED_CODE.test(text)) {
    return false;
  }
  for (const match of matchesOf(PASS_ON_ALL, text)) {
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (!NEGATION.test(before)) return true;
  }
  return false;
}
