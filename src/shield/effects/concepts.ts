/** The concept lexicon the text checks are written in: each concept (an order verb, a secret, earlier instructions,
 * the user, concealment, ...) is the general vocabulary for it -- English synonyms as a thesaurus lists them
 * (WordNet synsets and Roget's groups for the head word) and the ordinary dictionary words for it in Spanish,
 * French, German and Portuguese -- never words taken from attack cases. Chinese, written without spaces and in
 * two-character words too short to anchor a search, is glossed into these English words first
 * (`prose_text.ts`). Each concept is regex source text;
 * checks put concepts together with `near` (co-occurrence within a short window of one sentence), so the checks
 * stay gated patterns whose literals the shared automaton registers. */

import { gated } from "./gate.ts";

/** Concept forms are read in texts up to this long: orders are short, and the long documents of ordinary work
 * (design notes, READMEs) are full of the lexicon's common words; longer texts keep the phrase checks. */
export const CONCEPT_MAX_CHARS = 8 * 1024;

/** A concept form as a gated pattern (its literals on the shared automaton) read in texts up to the bound. */
export function conceptCheck(pattern: RegExp): { pattern: RegExp; test(text: string): boolean } {
  const check = gated(pattern);
  return { pattern, test: (text) => text.length <= CONCEPT_MAX_CHARS && check.test(text) };
}

/** The first word of every concept member, of three letters or more (for `prose_text.ts`: markup or a line break
 * next to one may split an order). */
export const CONCEPT_WORDS = new Set<string>();

/** Members are literal text, a phrase's words one space apart (so the shared literal scan can place the whole
 * phrase; `prose_text.ts` reads runs of spaces as one). */
const escape = (member: string) => member.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const ASCII_WORD = /^[A-Za-z0-9_](?:.*[A-Za-z0-9_])?$/;

/** A concept as source text: any of its members, longest first (phrases win over their first word). Members
 * spelled in ASCII word characters share one pair of word boundaries (`\b(?:send|forward)\b`, which the regex engine
 * tries only at word starts); a boundary is meaningless beside accented or CJK letters, so those members stand
 * alone, bounded only on an ASCII side. */
export function concept(...members: string[]): string {
  const sorted = [...new Set(members)].sort((a, b) => b.length - a.length);
  for (const member of sorted) {
    const first = member.split(" ")[0].toLowerCase();
    if (first.length > 2) CONCEPT_WORDS.add(first);
  }
  const words = sorted.filter((member) => ASCII_WORD.test(member)).map(escape);
  const others = sorted.filter((member) => !ASCII_WORD.test(member)).map((member) =>
    (/^[A-Za-z0-9_]/.test(member) ? "\\b" : "") + escape(member) +
    (/[A-Za-z0-9_]$/.test(member) ? "\\b" : "")
  );
  return `(?:${[...(words.length > 0 ? [`\\b(?:${words.join("|")})\\b`] : []), ...others].join("|")})`;
}

/** Up to `words` filler words ("all", "now", "of the relevant", "à") between two parts of one sentence. */
export const fillers = (words: number) => `(?:[^\\s.?!,;:]+\\s+){0,${words}}?`;

/** `first` and then `second` within `chars` characters of the same sentence. */
export const near = (first: string, second: string, chars = 60) =>
  `${first}(?:[^.?!\\n]|\\.(?!\\s)){0,${chars}}?${second}`;

/** Orders to drop what came before. */
export const IGNORE_VERB = concept(
  "ignore",
  "disregard",
  "forget",
  "set aside",
  "pay no attention to",
  "overlook",
  "dismiss",
  "discard",
  "ignora",
  "ignore",
  "ignorez",
  "ignoriere",
  "ignorieren",
  "olvida",
  "olvide",
  "omite",
  "oublie",
  "oubliez",
  "vergiss",
  "vergessen sie",
  "missachte",
  "esqueça",
  "esqueca",
  "desconsidere",
);

/** What came before (the instructions being dropped). */
export const PRIOR = concept(
  "previous",
  "prior",
  "earlier",
  "above",
  "preceding",
  "foregoing",
  "original",
  "initial",
  "anteriores",
  "anterior",
  "previas",
  "précédentes",
  "precedentes",
  "antérieures",
  "vorherigen",
  "vorherige",
  "bisherigen",
  "obigen",
  "prévias",
);

/** Instructions as a thing one follows. */
export const INSTRUCTION_NOUN = concept(
  "instructions",
  "instruction",
  "directions",
  "guidance",
  "rules",
  "orders",
  "directives",
  "guidelines",
  "prompts",
  "prompt",
  "instrucciones",
  "reglas",
  "órdenes",
  "règles",
  "consignes",
  "anweisungen",
  "regeln",
  "vorgaben",
  "instruções",
  "instrucoes",
  "regras",
  "ordens",
);

/** Sending something somewhere. */
export const SEND_VERB = concept(
  "send",
  "forward",
  "transmit",
  "email",
  "e-mail",
  "mail",
  "share",
  "upload",
  "post",
  "relay",
  "deliver",
  "envía",
  "envia",
  "envíe",
  "envie",
  "enviar",
  "reenvía",
  "comparte",
  "sube",
  "envoie",
  "envoyez",
  "envoyer",
  "transfère",
  "transférez",
  "partage",
  "téléverse",
  "sende",
  "senden",
  "schicke",
  "schicken",
  "lade hoch",
  "encaminhe",
  "compartilhe",
  "carregue",
);

/** Secrets that open accounts. */
export const SECRET_NOUN = concept(
  "password",
  "passwords",
  "passphrase",
  "passphrases",
  "passcode",
  "passcodes",
  "credentials",
  "login details",
  "log-in details",
  "sign-in details",
  "access details",
  "api key",
  "api keys",
  "access token",
  "access tokens",
  "api token",
  "api tokens",
  "auth token",
  "private key",
  "private keys",
  "secret key",
  "secret keys",
  "signing key",
  "ssh key",
  "ssh keys",
  "contraseña",
  "contraseñas",
  "credenciales",
  "clave api",
  "clave privada",
  "mot de passe",
  "mots de passe",
  "identifiants",
  "clé api",
  "clé privée",
  "passwort",
  "passwörter",
  "kennwort",
  "zugangsdaten",
  "api-schlüssel",
  "privater schlüssel",
  "senha",
  "senhas",
  "credenciais",
  "chave de api",
  "chave privada",
);

/** The person the agent works for. */
export const PRINCIPAL = concept(
  "user",
  "human",
  "operator",
  "owner",
  "principal",
  "person you work for",
  "usuario",
  "utilisateur",
  "benutzer",
  "nutzer",
  "usuário",
  "utilizador",
);

/** Telling someone (what concealment forbids). */
export const TELL_VERB = concept(
  "tell",
  "mention",
  "inform",
  "notify",
  "alert",
  "reveal",
  "disclose",
  "show",
  "bring up",
  "refer to",
  "let know",
  "digas",
  "menciones",
  "informes",
  "dis",
  "dites",
  "mentionne",
  "sag",
  "sage",
  "erwähne",
  "conte",
  "diga",
  "mencione",
);

/** Forbidding words, as an order begins. */
export const FORBID = concept(
  "do not",
  "don't",
  "dont",
  "never",
  "must not",
  "should not",
  "at no point",
  "under no circumstances",
  "in no case",
  "no se lo",
  "no le",
  "ne le",
  "ne lui",
  "nicht",
  "não",
);

/** Without a word to someone. */
export const QUIETLY = concept(
  "quietly",
  "silently",
  "secretly",
  "covertly",
  "discreetly",
  "en secreto",
  "secrètement",
  "heimlich",
  "secretamente",
);

/** Every time, from now on. */
export const ALWAYS = concept(
  "always",
  "in every case",
  "without exception",
  "every time",
  "each time",
  "invariably",
  "siempre",
  "toujours",
  "immer",
  "sempre",
);

/** Destroying data. */
export const DELETE_VERB = concept(
  "delete",
  "remove",
  "erase",
  "wipe",
  "purge",
  "elimina",
  "borra",
  "supprime",
  "efface",
  "lösche",
  "entferne",
  "exclua",
  "apague",
  "remova",
);

/** Running something. */
export const RUN_VERB = concept(
  "run",
  "execute",
  "carry out",
  "perform",
  "ejecuta",
  "ejecute",
  "exécute",
  "exécutez",
  "führe",
  "execute",
  "executa",
);

/** "sent to", "should be forwarded to", "are uploaded to". */
export const SENT_TO = concept(
  "sent to",
  "forwarded to",
  "emailed to",
  "e-mailed to",
  "mailed to",
  "uploaded to",
  "posted to",
  "transmitted to",
  "shared with",
  "relayed to",
  "delivered to",
  "copied to",
);
