/** A message tool called with a messaging CLI's argument list (round 38: `signal_cli_send {argv: ["signal-cli", "-a",
 * ACCOUNT, "send", "-m", TEXT, RECIPIENT]}`), read as the CLI reads it: the message options' values are what is said,
 * the positional numbers, addresses and handles after the subcommand (and recipient options' values) are who
 * receives it, attachment options are files sent, and the program, subcommand, flags and the sending account are
 * neither. So the account and recipient numbers are not read as contact details put in a message, and a list of
 * plain strings runs nothing hidden: no shell reads it. Anything else in the list is kept as text. */

const LIST_KEYS = ["argv", "args"] as const;
const MESSAGE_OPTION = /^(?:-m|--message|--msg|--text|--body|--content)$/;
const RECIPIENT_OPTION =
  /^(?:--to|--recipient|--number|--chat|--chat-id|--group|--group-id|-g|--username|--user)$/;
const ATTACHMENT_OPTION = /^(?:--attachment|--attach|--file|--document|--photo|--media)$/;
const ACCOUNT_OPTION = /^(?:-a|--account|-u|--config|-c|--from|--sender)$/;
const SUBCOMMAND = /^(?:send|message|msg|post|reply|dm|chat|sendmessage|send-message)$/i;
const ADDRESSEE = /^(?:\+?\d[\d\s().-]{6,}\d|[\w.+-]+@[\w-]+\.[\w.-]+|@[\w.-]{2,})$/;

export interface CliMessage {
  recipients: string[];
  texts: string[];
  attachments: number;
}

/** The message an argument list sends, or undefined when the payload holds no such list. */
export function cliMessage(payload: Record<string, unknown>): CliMessage | undefined {
  const key = LIST_KEYS.find((name) => Array.isArray(payload[name]));
  if (key === undefined) return undefined;
  const argv = payload[key] as unknown[];
  if (argv.length > 64 || !argv.every((item) => typeof item === "string")) return undefined;
  const items = argv as string[];
  const command = items.findIndex((item) => SUBCOMMAND.test(item));
  if (command < 0 || !items.some((item) => MESSAGE_OPTION.test(item))) return undefined;
  const found: CliMessage = { recipients: [], texts: [], attachments: 0 };
  for (let index = 1; index < items.length; index++) {
    const item = items[index];
    const value = items[index + 1];
    const option = item.startsWith("-");
    if (option && value !== undefined && MESSAGE_OPTION.test(item)) found.texts.push(value);
    else if (option && value !== undefined && RECIPIENT_OPTION.test(item)) found.recipients.push(value);
    // Before the subcommand `-a` names the account; after it, signal-cli's `-a` attaches a file.
    else if (
      option && value !== undefined && (ATTACHMENT_OPTION.test(item) || (item === "-a" && index > command))
    ) {
      found.attachments++;
    } else if (option && value !== undefined && ACCOUNT_OPTION.test(item) && index < command) {
      // The sending account: neither said nor a recipient.
    } else if (option || index === command) continue;
    else if (index > command && ADDRESSEE.test(item)) found.recipients.push(item);
    else if (index > command) found.texts.push(item);
    else continue;
    if (option) index++;
  }
  return found;
}

/** Whether the payload is such a list: the tool runs a named program on visible plain strings. */
export const listedMessage = (payload: Record<string, unknown>): boolean => cliMessage(payload) !== undefined;
