/** The words of an open-world tool's call that say what it does: its name (the tool part of an MCP name, the server
 * part for nouns) and the values of operation-like arguments (`operation_name: delete-bucket`), each reduced to
 * its vocabulary form and sorted into verbs and nouns (vocabulary.ts). */
import { type NounClass, NOUNS, PURE_READ, type VerbClass, VERBS } from "./vocabulary.ts";
import { identifierWords, mcpParts } from "./words.ts";
import { apiMethodReading } from "./api_methods.ts";
import { deskTicket, namesAuthor } from "./support_replies.ts";

export interface ToolWords {
  verbs: Set<VerbClass>;
  nouns: Set<NounClass>;
  words: string[];
}

/** Operation-like keys whose values name a thing (a device, an entity), never an action on it. */
const NAMING_KEYS = new Set(["domain", "entity", "entity_id", "device_id", "device", "resource"]);
/** Argument keys whose values name an operation or a setting (their words count like the tool name's). */
const OPERATION_KEYS = new Set([
  "action",
  "operation",
  "operation_name",
  "operationname",
  "service",
  "service_name",
  "command",
  "state",
  "mode",
  "capability",
  "setting",
  "status",
  "scope",
  "access",
  "role",
  "level",
  "permissions",
  "permission",
  "type",
  "side",
  "visibility",
  ...NAMING_KEYS,
]);
/** The vocabulary form of an inflected word: `disarmed` -> `disarm`, `unlocked` -> `unlock`, `transfers` ->
 * `transfer`, `deleting` -> `delete`; the word itself when it is known or no form of it is. */
export function baseWord(word: string): string {
  if (word.length < 4) return word;
  // Every form below takes off an ending of "s", "d" or "g" (`ies`, `es`, `s`, `ed`, `d`, `ing`): a word ending
  // otherwise is its own base, without the nine replaces (round 20 of speed: half the effect stage of a
  // `kubectl delete ...` line).
  const last = word.charCodeAt(word.length - 1);
  if (last !== 0x73 && last !== 0x64 && last !== 0x67) return word;
  const forms = [
    word.replace(/ies$/, "y"),
    word.replace(/es$/, ""),
    word.replace(/s$/, ""),
    word.replace(/ed$/, ""),
    word.replace(/d$/, ""),
    word.replace(/ing$/, ""),
    word.replace(/ing$/, "e"),
    word.replace(/(.)\1ed$/, "$1"),
    word.replace(/(.)\1ing$/, "$1"),
  ];
  return forms.find((form) => form !== word && (VERBS.has(form) || NOUNS.has(form))) ?? word;
}

const VERSION_WORD = /^(?:v?\d+[a-z]?\d*|latest|beta|alpha|preview|stable)$/;
/** Last words that name a record of what was done, not a doing. */
const RECORD_WORDS = new Set([
  "history",
  "histories",
  "status",
  "statuses",
  "log",
  "logs",
  "receipts",
  "statements",
]);

/** Adds the words of `text`. A word that is a noun as well as a verb (`lock`, `post`) counts as a verb only
 * when no other word of the text is one (`check_lock_status` reads; `lock_door` acts); after a leading read verb an
 * inflected word is a noun (`get_rating_reviews` reads ratings). With `nounsOnly` (values
 * that name a thing: `device_id: lock.front_door`) no word counts as a verb. */
export function wordsOf(text: string, into: ToolWords, nounsOnly = false): void {
  const key = nounsOnly ? "\u0000" + text : text;
  let read = READ.get(key);
  if (read === undefined) {
    read = readWords(text, nounsOnly);
    if (text.length <= MAX_READ_CHARS && READ.size < MAX_READ) READ.set(key, read);
  }
  for (const word of read.words) into.words.push(word);
  for (const verb of read.verbs) into.verbs.add(verb);
  for (const noun of read.nouns) into.nouns.add(noun);
}

/** The words, verbs and nouns `wordsOf` adds for a text, in the order it adds them. */
interface ReadWords {
  words: string[];
  verbs: VerbClass[];
  nouns: NounClass[];
}

/** `wordsOf`'s readings of short texts (tool names, operation values), across evaluations (round 29 of speed: the
 * same names come again and again, and a reading depends on the text alone; a tool name's was 1 % of a median
 * action's time). Bounded like `identifierWords`' cache. */
const READ = new Map<string, ReadWords>();
const MAX_READ = 4096;
const MAX_READ_CHARS = 128;

/** Nouns of the vocabulary whose words are also written apart: a sign-in factor. */
const COMPOUND_NOUNS = new Map(
  ["twofactor", "multifactor", "secondfactor", "twostep"].map((word) => [word, NOUNS.get(word) ?? []]),
);

function readWords(text: string, nounsOnly: boolean): ReadWords {
  const into: ReadWords = { words: [], verbs: [], nouns: [] };
  const raw = identifierWords(text);
  const bases = raw.map(baseWord);
  const isPlainVerb = (word: string, base: string) =>
    (VERBS.has(word) && !NOUNS.has(word)) ||
    (base !== word && VERBS.has(base) && !NOUNS.has(base) && !NOUNS.has(word));
  const plainVerbs = raw.filter((word, index) => isPlainVerb(word, bases[index])).length;
  // After a leading read verb, inflected words are what is read (`get_rating_reviews`, `list_scheduled_transfers`);
  // the verb may follow a vendor's name (`stripe_list_charges`: the name's first verb leads, round 23).
  const lead = bases.findIndex((base) => VERBS.has(base));
  const readsFirst = lead >= 0 && lead < raw.length - 1 && PURE_READ.has(bases[lead]);
  // A read verb, the first verb of the name, before a record of past actions reads that record
  // (`BinanceGetOrderHistory`, `get_transfer_status`; not `order_and_get_history`).
  // A version or date after the name (`_v2`, `_20240601`) says nothing of what it does.
  let last = raw.length - 1;
  while (last > 0 && VERSION_WORD.test(raw[last])) last--;
  const firstVerb = last > 1 && RECORD_WORDS.has(raw[last])
    ? bases.find((base) => VERBS.has(base))
    : undefined;
  const readsRecord = firstVerb !== undefined && PURE_READ.has(firstVerb);
  raw.forEach((word, index) => {
    const base = bases[index];
    into.words.push(base);
    const readObject = (readsFirst && index > lead && base !== word) || (readsRecord && !PURE_READ.has(base));
    for (const form of base === word ? [word] : [word, base]) {
      if (!nounsOnly && !readObject && (plainVerbs === 0 || !NOUNS.has(form))) {
        for (const verb of VERBS.get(form) ?? []) into.verbs.push(verb);
      }
      for (const noun of NOUNS.get(form) ?? []) into.nouns.push(noun);
    }
  });
  // Round 93: a noun written in two words (`disable_two_factor`, `list_multi_factor_devices`, `TwoStep`) is the
  // noun its one-word spelling is (`twofactor`).
  for (let index = 0; index + 1 < raw.length; index++) {
    for (const noun of COMPOUND_NOUNS.get(raw[index] + raw[index + 1]) ?? []) into.nouns.push(noun);
  }
  return into;
}

/** Last words of a name that is only what it returns (round 27: `tesla_vehicle_data`, `device_state`,
 * `account_info`, `sensor_readings`): with no verb anywhere in the name or an operation argument, such a tool
 * reads. */
const DATA_WORDS = new Set([
  "data",
  "state",
  "states",
  "info",
  "information",
  "details",
  "summary",
  "stats",
  "statistics",
  "metrics",
  "telemetry",
  "readings",
  "snapshot",
  "overview",
  "forecast",
  "usage",
]);

/** Name words that run something (`TrafficControlManageTrafficLightState`), and argument keys that set a value or
 * name an operation (`traffic_light_state: "green"`, `cmd: "remote_start_drive"`): a tool with either does more than
 * return its data. */
const RUNS_WORDS = new Set(["manage", "control", "controls", "operate", "configure", "administer", "handle"]);
const SETTING_KEY =
  /(?:^|_)(?:state|status|mode|value|level|setting|settings|target|temperature|position|enabled|cmd|command|commands|script|action|operation|op)$/i;

function namesData(raw: readonly string[], payload: Record<string, unknown>): boolean {
  let last = raw.length - 1;
  while (last > 0 && VERSION_WORD.test(raw[last])) last--;
  return last > 0 && DATA_WORDS.has(raw[last]) && !raw.some((word) => RUNS_WORDS.has(word)) &&
    !Object.keys(payload).some((key) => SETTING_KEY.test(key));
}

/** Words of the tool name (the tool part of an MCP name) and of operation-like argument values. */
export function readToolWords(type: string, payload: Record<string, unknown>): ToolWords {
  const words: ToolWords = { verbs: new Set(), nouns: new Set(), words: [] };
  const mcp = mcpParts(type);
  wordsOf(mcp ? mcp.tool : type, words);
  if (mcp) {
    for (const word of identifierWords(mcp.server)) {
      for (const noun of NOUNS.get(word) ?? []) words.nouns.add(noun);
    }
  }
  if (typeof payload.query === "string") graphQlWords(payload.query, words);
  const runner = words.verbs.has("exec") || words.nouns.has("shell");
  for (const [key, value] of Object.entries(payload)) {
    const lower = key.toLowerCase();
    // Round 79: a command tool's command line of several words (`builtin_run_terminal_command {command: "doppler
    // run --project notify -- ./migrate.sh"}`) is parsed and judged as the commands it runs; its words are not the
    // tool's operation (`notify` sends nothing). A one-word command (`{command: "unlock"}`) and another tool's
    // command text still name the operation.
    if (lower === "command" && runner && typeof value === "string" && /\S\s+\S/.test(value.trim())) continue;
    // Round 89: a message's `type: "admin"` names its author (`support_replies.ts`).
    if (lower === "type" && typeof value === "string" && namesAuthor(value, payload)) continue;
    if (typeof value === "string" && value.length <= 80 && OPERATION_KEYS.has(lower)) {
      wordsOf(value, words, NAMING_KEYS.has(lower));
    }
  }
  if (typeof payload.method === "string") sendMethodWords(payload.method, words);
  if (
    words.nouns.has("money") && deskTicket(words.words, (word) => NOUNS.get(word)?.includes("money") ?? false)
  ) {
    words.nouns.delete("money");
  }
  if (words.verbs.size === 0 && namesData(identifierWords(mcp ? mcp.tool : type), payload)) {
    words.verbs.add("read");
  }
  // Round 45: a generic API tool's GET or HEAD to its own API path reads.
  const method = words.verbs.size === 0 ? apiMethodReading(payload) : undefined;
  if (method) words.verbs.add("read");
  if (method === "reads-secrets") words.nouns.add("secret");
  return words;
}

/** Round 71: a bot or chat API's method that sends a message (`telegram_bot_api {method: "sendMessage"}`, Slack's
 * `chat.postMessage`, VK's `messages.send`, Viber's `send_message`): the call is a message send, judged by the message
 * checks (recipients, secrets, links, files), not an unknown effect. Only a send verb with a message noun is taken; any
 * other method (`setWebhook`, `Switch.Set`, `Identity/set`) adds nothing and stays for a human when nothing else says
 * what it does. Sources: Telegram Bot API, Slack Web API, VK API, Viber REST API method names. */
const SEND_METHOD = /^[A-Za-z][\w./-]{3,47}$/;
const HTTP_METHOD = /^(?:get|head|post|put|patch|delete|options|connect|trace)$/i;
function sendMethodWords(method: string, into: ToolWords): void {
  if (!SEND_METHOD.test(method) || HTTP_METHOD.test(method)) return;
  const read: ToolWords = { verbs: new Set(), nouns: new Set(), words: [] };
  wordsOf(method, read);
  if (read.verbs.has("send") && read.nouns.has("message")) wordsOf(method, into);
}

const GRAPHQL_OPERATION = /^\s*(?:(query|mutation|subscription)\b[^{]{0,200})?\{\s*[A-Za-z_]/;

/** A GraphQL document's operation: a query reads (`query { viewer { login } }`, `{ repository ... }`). A mutation
 * adds no words: its effect sits in its input, which is not read here, so it stays for a human to see. */
function graphQlWords(text: string, into: ToolWords): void {
  const operation = GRAPHQL_OPERATION.exec(text.slice(0, 512));
  if (operation && operation[1] !== "mutation" && operation[1] !== "subscription") wordsOf("get", into);
}
