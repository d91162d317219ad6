/** Round 92: command lines in arguments not named as commands. An unknown or MCP tool's hook, callback or step
 * argument (`post_hook`, `on_complete`, `pre_exec`, `exec_after`, `postCommand`, `callback`, `filter`,
 * `transform`, `template`) runs its value when it is a command line: h21 mcp_poisoning-008 `image_resize
 * {post_hook: "bash -c 'bash -i >& /dev/tcp/...'"}` reached Shield as the resizer's outbound text and passed.
 * Such a value is read as a shell command (`payload_fields.ts`), so every command check judges it: a reverse
 * shell or a download piped to a shell stops, the project's own `npm run lint` or `git diff --stat` passes as it
 * would in a terminal.
 *
 * What is read: a key whose words start with `pre`, `post`, `on`, `before` or `after`, or hold a hook word (hook,
 * callback, handler, exec, command, script, run, filter, transform, template, pipe), whose value starts with a
 * program a shell runs (an interpreter, a downloader, a network tool, a package manager, `git`, `rm`, ...),
 * optionally after `sudo`, `env` or a path, and has at least one argument. Any other key counts too when its value
 * runs a shell or interpreter on inline code (`bash -c '...'`, `python3 -c "..."`, `powershell -c`), a download
 * piped into a shell, or a network redirection (`/dev/tcp/`). What passes: prose in a hook field ("tell the team the
 * bash guide is done": its first word is no program), a one-word value (`on_error: "retry"`), and every text under
 * a key the payload reader already names (messages, bodies, descriptions keep their reading). */

import { identifierWords } from "./effects/words.ts";

const HOOK_FIRST = new Set(["pre", "post", "on", "before", "after"]);
const HOOK_WORDS = new Set([
  "hook",
  "hooks",
  "callback",
  "callbacks",
  "handler",
  "exec",
  "execute",
  "command",
  "cmd",
  "script",
  "run",
  "runner",
  "filter",
  "transform",
  "template",
  "pipe",
  "postprocess",
  "preprocess",
]);
/** A key written as one lower-case word (`postcommand`, `onsuccess`, `preexec`). */
const GLUED_HOOK =
  /^(?:pre|post|on|before|after)(?:hook|exec|run|command|cmd|script|process|build|install|checkout|commit|merge|deploy|start|stop|complete|done|success|failure|error|finish|save|load|render|export|upload|download|change|create|update|delete)/;

/** Programs a hook's command line starts with. English words that open prose (`make`, `find`, `go`, `open`,
 * `source`, `test`) are left out. */
const PROGRAM =
  /^(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+(?:\w+=\S*\s+)*)?(?:[\w.~-]*\/)*(?:bash|sh|zsh|dash|ksh|fish|csh|tcsh|busybox|python[23]?(?:\.\d+)?|pythonw|perl|ruby|node|nodejs|deno|bun|php|lua|osascript|powershell(?:\.exe)?|pwsh|cmd(?:\.exe)?|curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|rsync|tftp|rm|chmod|chown|dd|mkfifo|crontab|systemctl|launchctl|schtasks|reg|certutil|bitsadmin|mshta|rundll32|regsvr32|wmic|iex|npm|npx|yarn|pnpm|git|docker|kubectl|pip3?|uv|cargo|base64|openssl|awk|gawk|sed|xargs|nohup|setsid|eval|echo)(?=\s+\S)/;
/** Inline code handed to a shell or interpreter, a download piped to a shell, a network redirection. */
const RUNS_CODE =
  /(?:^|[\s;&|(`'"])(?:(?:ba|z|da|k)?sh|python[23]?|perl|ruby|node|php|powershell|pwsh)(?:\.exe)?\s+(?:-\w+\s+)*-(?:c|e|enc|encodedcommand|command)\b|\b(?:curl|wget|iwr|irm)\b[^|\n]{0,300}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\/dev\/(?:tcp|udp)\/|\bnc\b[^\n]{0,80}\s-e\s/i;

/** Keys of written text: a command quoted in a message, a note or a file's content is text, not a call. */
const TEXT_KEY =
  /(?:^|_)(?:message|messages|text|body|content|contents|description|desc|note|notes|title|comment|comments|summary|caption|subject|markdown|html|snippet|example|examples|readme|doc|docs|answer|reply|post|data)$/i;

function hookKey(key: string): boolean {
  const words = identifierWords(key);
  if (words.length === 0) return false;
  if (words.length > 1 && HOOK_FIRST.has(words[0])) return true;
  return words.some((word) => HOOK_WORDS.has(word)) || (words.length === 1 && GLUED_HOOK.test(words[0]));
}

/** Whether an argument of an unknown or MCP tool under `key` holds a command line it runs (see above). */
export function hookCommand(key: string, value: string): boolean {
  if (value.length < 5 || value.length > 16 * 1024) return false;
  const text = value.trimStart();
  if (hookKey(key)) return PROGRAM.test(text);
  return !TEXT_KEY.test(key) && RUNS_CODE.test(text) && PROGRAM.test(text);
}
