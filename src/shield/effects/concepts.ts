/** The concept lexicon the text checks are written in: each concept (an order verb, a secret, earlier instructions,
 * the user, concealment, …) is the general vocabulary for it — English synonyms as a thesaurus lists them
 * (WordNet synsets and Roget's groups for the head word) and the ordinary dictionary words for it in Spanish,
 * French, German, Portuguese and Chinese — never words taken from attack cases. Each concept is regex source text;
 * checks put concepts together with `near` (co-occurrence within a short window of one sentence), so the checks
 * stay gated patterns whose literals the shared automaton registers. */

/** A word boundary is only meaningful next to an ASCII word character (accented and CJK letters are not `\w`). */
function bounded(member: string): string {
  const escaped = member.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
  const start = /^[A-Za-z0-9_]/.test(member) ? "\\b" : "";
  const end = /[A-Za-z0-9_]$/.test(member) ? "\\b" : "";
  return start + escaped + end;
}

/** A concept as source text: any of its members (longest first, so phrases win over their first word). */
export function concept(...members: string[]): string {
  const sorted = [...new Set(members)].sort((a, b) => b.length - a.length);
  return `(?:${sorted.map(bounded).join("|")})`;
}

/** Up to `words` filler words ("all", "now", "of the relevant", "à") between two parts of one sentence; in
 * Chinese, written without spaces, up to twice as many characters ("之前的所有指令"). */
export const fillers = (words: number) =>
  `(?:(?:[^\\s.?!,;:]+\\s+){0,${words}}?|[\\u3400-\\u9fff]{0,${2 * words}}?)`;

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
  "忽略",
  "忽视",
  "无视",
  "忘记",
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
  "之前",
  "先前",
  "以上",
  "上述",
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
  "指令",
  "指示",
  "规则",
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
  "dm",
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
  "发送",
  "发给",
  "转发",
  "上传",
  "分享",
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
  "密码",
  "密钥",
  "凭据",
  "凭证",
  "私钥",
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
  "用户",
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
  "告诉",
  "提及",
  "透露",
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
  "不要",
  "别",
  "切勿",
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
  "秘密地",
  "悄悄",
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
  "总是",
  "始终",
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
  "删除",
  "清除",
);

/** Running something. */
export const RUN_VERB = concept(
  "run",
  "execute",
  "carry out",
  "perform",
  "ejecuta",
  "exécute",
  "führe",
  "execute",
  "执行",
  "运行",
);

/** Sent, in the passive ("should be sent to", "are to be forwarded to"). */
export const SENT = concept(
  "sent",
  "forwarded",
  "emailed",
  "e-mailed",
  "mailed",
  "uploaded",
  "posted",
  "transmitted",
  "shared",
  "relayed",
  "delivered",
  "copied",
);
/** "be sent to", "are forwarded to", "should get uploaded to". */
export const SENT_TO = `\\b(?:be|are|is|get|gets|been)\\s+${fillers(1)}${SENT}\\s+to\\b`;
