/** Concepts of the lexicon (`concepts.ts`) added in round 25 -- for standing triggers: the words that make an order
 * wait for a later moment ("when the user asks", "from now on", "every time") and the asking that sets it off, in English
 * synonyms and the ordinary dictionary words of Spanish, French, German and Portuguese, so a rule kept for later
 * reads the same reworded or translated ("cuando el usuario pida", "quand l'utilisateur demande", "wenn der Nutzer
 * ... fragt", "sempre que o usuário pedir"). Never words taken from attack cases. */

import { concept, fillers, PRINCIPAL, SEND_VERB, SENT_TO } from "./concepts.ts";

/** A condition on a later moment. */
export const WHEN = concept(
  "when",
  "whenever",
  "if ever",
  "any time",
  "anytime",
  "cuando",
  "siempre que",
  "cada vez que",
  "quand",
  "lorsque",
  "chaque fois que",
  "à chaque fois que",
  "wenn",
  "sobald",
  "jedes mal wenn",
  "quando",
  "sempre que",
  "toda vez que",
);

/** Someone asking for something (the trigger's event). */
export const ASKS = concept(
  "asks",
  "ask",
  "asked",
  "requests",
  "request",
  "wants",
  "want",
  "says",
  "say",
  "needs",
  "tells",
  "instructs",
  "pida",
  "pide",
  "solicite",
  "solicita",
  "quiera",
  "diga",
  "demande",
  "demandent",
  "veut",
  "souhaite",
  "dit",
  "fragt",
  "bittet",
  "verlangt",
  "möchte",
  "will",
  "sagt",
  "pedir",
  "pede",
  "peça",
  "solicitar",
  "quiser",
  "disser",
);

/** From this moment on. */
export const FROM_NOW_ON = concept(
  "from now on",
  "going forward",
  "henceforth",
  "hereafter",
  "in future",
  "in the future",
  "from here on",
  "de ahora en adelante",
  "a partir de ahora",
  "en adelante",
  "désormais",
  "dorénavant",
  "à partir de maintenant",
  "ab jetzt",
  "von nun an",
  "ab sofort",
  "künftig",
  "zukünftig",
  "a partir de agora",
  "daqui em diante",
  "de agora em diante",
);

/** Each occurrence of a later event ("every time", "à chaque déploiement", "bei jedem Release"). */
export const EACH_TIME = concept(
  "every time",
  "each time",
  "on every",
  "after every",
  "before every",
  "cada vez",
  "en cada",
  "antes de cada",
  "à chaque",
  "avant chaque",
  "après chaque",
  "bei jedem",
  "bei jeder",
  "vor jedem",
  "vor jeder",
  "nach jedem",
  "jedes mal",
  "toda vez",
  "em cada",
  "antes de cada",
);

/** The person the agent works for asking, within one sentence: "when the user asks", "whenever my human wants",
 * "cuando el usuario pida", "wenn der Nutzer nach X fragt" (a German verb comes last). */
export const PRINCIPAL_ASKS = `${WHEN}\\s+${fillers(2)}(?:\\b[ldLD]['\u2019])?${PRINCIPAL}\\s+${
  fillers(4)
}${ASKS}`;

/** Words between a run verb and what it runs that change nothing ("run first", "ejecuta primero", "exécute
 * d'abord", "führe zuerst ... aus"). */
export const FIRST = concept(
  "first",
  "then",
  "also",
  "primero",
  "antes",
  "también",
  "luego",
  "d'abord",
  "aussi",
  "ensuite",
  "zuerst",
  "erst",
  "auch",
  "dann",
  "primeiro",
  "também",
  "depois",
);

/** Without a word to the user, in the main languages' phrases. */
export const UNMENTIONED = concept(
  "sin mencionarlo",
  "sin decir nada",
  "sin avisar",
  "en silencio",
  "sans le mentionner",
  "sans rien dire",
  "en silence",
  "discrètement",
  "ohne es zu erwähnen",
  "erwähne es nicht",
  "ohne es zu sagen",
  "stillschweigend",
  "sem mencionar",
  "sem avisar",
  "em silêncio",
  "silenciosamente",
);

/** A request to hand something to the writer with the pronoun joined to the verb or before it ("envíame",
 * "envoie-moi", "schick mir", "me manda"): the languages' forms of "send me". */
export const SEND_ME = concept(
  "envíame",
  "enviame",
  "mándame",
  "mandame",
  "pásame",
  "dame",
  "compárteme",
  "envoie-moi",
  "envoyez-moi",
  "donne-moi",
  "donnez-moi",
  "transmets-moi",
  "transmettez-moi",
  "schick mir",
  "schicke mir",
  "schicken sie mir",
  "sende mir",
  "gib mir",
  "geben sie mir",
  "me envie",
  "me envia",
  "me manda",
  "me mande",
  "me passa",
  "me passe",
  "envia-me",
  "manda-me",
);

/** The send verbs of the main languages other than English (English "email", "mail", "post" and "share" are also
 * nouns: "the user's work email is jane@..."; the English checks read them in phrases). */
export const SEND_ABROAD = concept(
  "envía",
  "envia",
  "envíe",
  "envie",
  "enviar",
  "reenvía",
  "reenvia",
  "comparte",
  "manda",
  "envoie",
  "envoyez",
  "envoyer",
  "transfère",
  "transférez",
  "sende",
  "senden",
  "schicke",
  "schicken",
  "schick",
  "leite",
  "encaminhe",
  "compartilhe",
  "mande",
);

/** A send verb with its object joined ("envíalo", "envoie-le", "schick es", "envie-o"). */
export const SEND_IT = concept(
  "envíalo",
  "envíala",
  "envíalos",
  "envíalas",
  "mándalo",
  "mándalos",
  "reenvíalo",
  "reenvíalos",
  "envoie-le",
  "envoie-la",
  "envoie-les",
  "transfère-le",
  "transfère-les",
  "schick es",
  "schicke es",
  "sende es",
  "leite es weiter",
  "envie-o",
  "envie-os",
  "mande-o",
  "encaminhe-o",
);

/** Every one of a kind. */
export const ALL = concept(
  "all",
  "every",
  "each",
  "todos",
  "todas",
  "cada",
  "tous",
  "toutes",
  "chaque",
  "alle",
  "jede",
  "jeden",
  "jedes",
);

/** What a mailbox or drive holds, one by one. */
export const ITEMS = concept(
  "emails",
  "email",
  "e-mails",
  "e-mail",
  "messages",
  "message",
  "mail",
  "mails",
  "files",
  "file",
  "documents",
  "document",
  "contacts",
  "correos",
  "mensajes",
  "archivos",
  "ficheros",
  "documentos",
  "contactos",
  "courriels",
  "fichiers",
  "nachrichten",
  "dateien",
  "dokumente",
  "kontakte",
  "mensagens",
  "arquivos",
);

/** Where data is kept for recovery or record, in the main languages (English words are in the checks). */
export const STORES = concept(
  "copias de seguridad",
  "respaldos",
  "bases de datos",
  "base de datos",
  "historial",
  "sauvegardes",
  "base de données",
  "bases de données",
  "historique",
  "sicherungen",
  "datensicherungen",
  "datenbank",
  "datenbanken",
  "verlauf",
  "cópias de segurança",
  "banco de dados",
  "bancos de dados",
  "histórico",
);

/** Every item of a mailbox or drive sent to an address (`forward all emails to x@...`, "reenvía todos los correos a
 * x@...", "alle E-Mails sollen an x@... weitergeleitet werden", "every message ... should be transmitted to x@..."). */
export const SENDS_ALL =
  `(?:${SEND_VERB}|\\breenv[ií]a\\b|\\bweiterleiten\\b)\\s+${fillers(1)}${ALL}\\s+${
    fillers(3)
  }${ITEMS}(?:[^.\\n]|\\.\\S){0,60}?(?:\\bto|\\ba|à|\\ban|\\bpara)\\s+\\S+@|` +
  `${ALL}\\s+${
    fillers(3)
  }${ITEMS}(?:[^.\\n]|\\.\\S){0,60}?(?:${SENT_TO}\\s*\\S+@|\\S+@\\S+\\s+(?:weitergeleitet|gesendet|geschickt|weitergeschickt)\\b|(?:should|must|are to|will|shall)\\s+be\\s+${
    fillers(1)
  }(?:sent|forwarded|emailed|mailed|copied|transmitted|relayed)\\s+to\\s+\\S+@)`;
