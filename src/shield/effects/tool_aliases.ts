/** Other agents' tool vocabularies mapped to ours, so `bash`, `Read`, `str_replace_editor` or
 * `mcp__desktop__run_command` are judged exactly like `execute_command`, `read_file` and `write_file`.
 * An exact table for the common vocabularies, then inference from the name's words. */

import { gitSettingLine } from "./git_setting_tools.ts";
import { compactName, identifierWords, mcpParts } from "./words.ts";
import { iacProgramTool } from "./iac_tools.ts";
import { programToolOf, wordsOnly } from "./program_named_tools.ts";

/** Our tool names, plus `run_code` (interpreter code) and `edit_file` (a partial write). */
export type CanonicalTool =
  | "execute_command"
  | "run_code"
  | "read_file"
  | "write_file"
  | "edit_file"
  | "delete_file"
  | "move_file"
  | "copy_file"
  | "list_directory"
  | "search_files"
  | "http_request"
  | "web_search"
  | "send_email"
  | "create_agent"
  | "memory_write"
  | "create_schedule"
  | "agent_todo"
  | "computer";

// No prototype: a tool named `constructor` or `toString` must not read a built-in function as its alias.
const EXACT = Object.create(null) as Record<string, CanonicalTool>;
const alias = (tool: CanonicalTool, names: string) => {
  for (const name of names.split(/\s+/).filter(Boolean)) EXACT[compactName(name)] = tool;
};
alias(
  "execute_command",
  `bash shell sh zsh terminal run_command run_shell_command run_terminal_cmd run_terminal_command execute_bash
  exec_command shell_command execute_shell run_shell cmd command exec run_in_terminal terminal_run powershell
  local_shell bash_tool execute run shell_exec container_exec launch_process run_bash execute_shell_command
  start_process`,
);
alias(
  "run_code",
  `python run_python execute_python code_interpreter run_code execute_code ipython jupyter run_js javascript
  node eval python_repl execute_js run_javascript repl evaluate node_eval node_exec run_node execute_node nodejs
  node_repl js_eval eval_js deno_eval run_deno bun_eval run_ruby ruby_eval run_perl perl_eval run_php php_eval`,
);
alias(
  "read_file",
  `read read_file file_read view_file open_file cat get_file_contents readfile fs_read read_text_file
  notebook_read read_multiple_files view read_many_files`,
);
alias(
  "write_file",
  `write write_file file_write create_file save_file writefile fs_write write_to_file new_file put_file
  append_to_file append_file`,
);
alias(
  "edit_file",
  `edit multiedit multi_edit edit_file str_replace_editor str_replace_based_edit_tool apply_patch
  replace_in_file apply_diff search_replace notebook_edit patch_file edit_notebook insert_code replace str_replace
  modify_file update_file text_editor insert_edit_into_file replace_string_in_file`,
);
alias("delete_file", "delete_file remove_file rm unlink delete_directory remove_directory rmdir");
alias("move_file", "move_file rename_file mv move rename");
alias("copy_file", "copy_file cp copy");
alias("list_directory", "ls list_dir list_files list_directory directory_tree tree list_allowed_directories");
alias(
  "search_files",
  "grep glob search_files grep_search file_search codebase_search find_files find ripgrep",
);
alias(
  "http_request",
  `fetch web_fetch webfetch http http_get curl request get_webpage browse open_url read_url url_fetch
  fetch_url http_request get_url download_url fetch_webpage make_request api_request curl_request api_call
  http_call send_request`,
);
alias("web_search", "web_search websearch search_web google_search bing_search internet_search");
alias(
  "send_email",
  `send_email gmail_send_email email_send send_mail outlook_send_mail smtp_send compose_email gmail_send compose_mail
  outlook_send_message outlook_send_email mail_send send_gmail`,
);
alias(
  "create_agent",
  `task agent dispatch_agent spawn_agent run_subagent new_task subagent launch_agent call_agent delegate_task`,
);
alias(
  "memory_write",
  "memory save_memory remember add_memory update_memory memory_write create_memory store_memory write_memory",
);
alias("create_schedule", "schedule cron create_cron add_schedule schedule_task create_schedule");
alias("agent_todo", "todowrite todo_write update_todos todoread todo_read update_plan think");
alias("computer", "computer computer_use");

const SHELL_WORDS = new Set([
  "bash",
  "shell",
  "sh",
  "zsh",
  "terminal",
  "command",
  "cmd",
  "console",
  "powershell",
]);
const CODE_WORDS = new Set([
  "python",
  "node",
  "nodejs",
  "ruby",
  "perl",
  "php",
  "code",
  "js",
  "javascript",
  "interpreter",
  "repl",
  "jupyter",
  "ipython",
  "notebook",
]);
const FILE_WORDS = new Set(["file", "files", "fs", "filesystem"]);
/** Words an agent's own shell or code tool may carry besides the shell or code word itself. */
const GENERIC_WORDS = new Set([
  ...SHELL_WORDS,
  ...CODE_WORDS,
  ..."run runner execute executor exec eval tool local shell sandbox safe new start in a the cmd line process script interactive background async sync v2 2 3 exec_command command cell kernel action"
    .split(" "),
]);

function hasAny(words: string[], set: Set<string>): boolean {
  return words.some((word) => set.has(word));
}

/** Our tool for another vocabulary's name, or undefined when the name is not one we can map. */
/** MCP servers that act on this machine's files; another server's file tools act on its own service's files
 * (`mcp__github__create_or_update_file` writes a repository, not the workspace). */
const LOCAL_SERVERS =
  /^(?:filesystem|fs|files?|desktop|local|shell|terminal|computer|code|coder|editor|ide|workspace|project|os|system|commander|desktop-commander|serena|text-editor|editor-tools|dev|devtools)$/i;
const LOCAL_FILE_TOOLS = new Set<CanonicalTool>([
  "write_file",
  "edit_file",
  "delete_file",
  "move_file",
  "copy_file",
]);

/** Arguments that name a place on another service (a repository, bucket, drive, site): a file tool given one writes
 * there, not here. */
const REMOTE_PLACE_KEYS =
  /^(?:owner|repo|repository|repo_name|repo_url|project|project_id|bucket|bucket_name|container|drive|drive_id|site|site_id|share|space|space_id|remote|account|account_id)$/i;

/** Our tool for a name. A file tool of an MCP server not known to act on this machine is read as ours only when its
 * arguments name no place on another service (`mcp__srv__write_file {path, content}` writes like `write_file`;
 * `mcp__github__create_or_update_file {owner, repo, path}` writes a repository). */
export function canonicalTool(type: string, payload?: Record<string, unknown>): CanonicalTool | undefined {
  const mcp = mcpParts(type);
  const name = mcp ? mcp.tool : type;
  // Round 98: git's settings through a structured tool run `git config KEY VALUE` (`git_setting_tools.ts`).
  if (gitSettingLine(name, payload) !== undefined) return "execute_command";
  // Round 49: a toolchain's tool given its argument list (`deno {args: [...]}`) runs that command line; round 61: a
  // standard utility's or checkout tool's too (`pytest {args: [...]}`), also where its name reads as a file tool's
  // (`find {arguments: [DIR, "-delete"]}` is no search).
  const mapped = mappedTool(name);
  const tool = mapped === undefined || (mapped !== "execute_command" && wordsOnly(payload))
    ? (programToolOf(name, payload) ? "execute_command" : mapped)
    : mapped;
  if (tool && mcp && mcp.server !== "" && LOCAL_FILE_TOOLS.has(tool) && !LOCAL_SERVERS.test(mcp.server)) {
    const remote = !payload || Object.keys(payload).some((key) => REMOTE_PLACE_KEYS.test(key));
    return remote ? undefined : tool;
  }
  return tool;
}

/** A version or date suffix on a tool's name (`fetch_v2`, Anthropic's `bash_20250124`). */
export const VERSION_SUFFIX = /(?:[_-]v\d{1,2}|(?<=[a-z])V\d{1,2}|[_-]\d{8})$/;

/** Tools named for a command-line program (`kubectl {args: [...]}`, `terraform {command: "plan"}`): the program's
 * command line, judged as one. */
export const PROGRAM_TOOLS = new Set(
  "kubectl oc helm terraform tofu gcloud gsutil az docker podman git gh npm pnpm yarn pip pip3 cargo make go ssh scp sftp rsync"
    .split(" "),
);

/** The program a tool named after it runs (`kubectl`, `scp_v2`, `rsync_20250124`), if any. */
export function programOfTool(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (PROGRAM_TOOLS.has(lower)) return lower;
  const bare = name.replace(VERSION_SUFFIX, "").toLowerCase();
  return bare !== lower && PROGRAM_TOOLS.has(bare) ? bare : undefined;
}

/** `mappedTool`'s answers by name, across evaluations (round 29 of speed: an agent calls the same few tools again
 * and again, and the answer depends on the name alone; 1 % of a median action's time). Bounded like
 * `identifierWords`' cache. */
const MAPPED = new Map<string, CanonicalTool | null>();
const MAX_MAPPED = 4096;

function mappedTool(name: string): CanonicalTool | undefined {
  const known = MAPPED.get(name);
  if (known !== undefined) return known ?? undefined;
  const tool = mappedName(name);
  if (MAPPED.size < MAX_MAPPED) MAPPED.set(name, tool ?? null);
  return tool;
}

function mappedName(name: string): CanonicalTool | undefined {
  const exact = EXACT[compactName(name)] ?? EXACT[compactName(name.replace(VERSION_SUFFIX, ""))];
  if (exact) return exact;
  if (programOfTool(name) || iacProgramTool(name)) return "execute_command";
  const words = identifierWords(name);
  // A name with words of its own besides the shell or code words (`smartthings_execute_command`,
  // `kubernetes_exec_in_pod`) is a service's tool that happens to take a command: it is judged open-world.
  if (
    words.some((word) => !GENERIC_WORDS.has(word)) &&
    (hasAny(words, SHELL_WORDS) || hasAny(words, CODE_WORDS))
  ) {
    return undefined;
  }
  const has = (set: Set<string>) => words.some((word) => set.has(word));
  const verb = (list: string) => words.some((word) => list.split(" ").includes(word));
  if (has(SHELL_WORDS) && (verb("run runner execute executor exec") || words.length === 1)) {
    return "execute_command";
  }
  if (has(CODE_WORDS) && (verb("run runner execute executor exec eval") || words.length === 1)) {
    return "run_code";
  }
  if (has(FILE_WORDS)) {
    if (verb("read view open cat get")) return "read_file";
    if (verb("write create save put")) return "write_file";
    if (verb("edit patch replace modify update")) return "edit_file";
    if (verb("delete remove unlink")) return "delete_file";
    if (verb("move rename")) return "move_file";
    if (verb("copy")) return "copy_file";
    if (verb("list")) return "list_directory";
    if (verb("search grep find")) return "search_files";
  }
  return undefined;
}
