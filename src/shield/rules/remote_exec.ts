/** Reverse shells and download-and-execute: `curl | sh`, `nc -e`, `/dev/tcp`, socat, socket one-liners,
 * decoded payloads piped into a shell, and offensive frameworks. */

import { defineRules } from "./rule.ts";

const SHELL_RUN = String.raw`(?:/\S*/)?(?:(?:ba|z|da|k|fi|a|tc)?sh|pwsh|powershell|iex|source)\b(?!\s+-c\b)`;
const INTERPRETER_RUN = String
  .raw`(?:/\S*/)?(?:python[0-9.]*|perl|ruby|node|php|lua|tclsh)(?=\s*$|\s*[;&|)\n]|\s+-(?:\s|$)|\s+-[a-z]{1,2}\s*(?:$|[;&|\n]))`;
/** A shell or interpreter that executes what it reads on stdin (not `python3 -m json.tool`). */
const RUNNERS = String
  .raw`(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+(?:\S+=\S*\s+)*)?(?:${SHELL_RUN}|${INTERPRETER_RUN})`;

/** Forge CLIs printing what others wrote: issues, pull and merge requests, comments, releases, gists, API answers,
 * run logs and READMEs. */
const FORGE_TEXT = String
  .raw`(?:gh|glab|tea|hub|jira)\s+(?:-{1,2}[\w-]+(?:[= ][^\s-]\S*)?\s+)*(?:issues?|pr|mr|api|release|gist|discussion|comment|search|run|repo)\b`;

/** `while read -r l; do eval "$l"; done`: a loop running each line it reads (as is, through eval or `sh -c`). */
const READ_LOOP = String
  .raw`\bwhile\s+(?:ifs=\S*\s+)?read\b[^;\n]*[;\n]\s*do\s+(?:eval\s+|(?:ba|z|da|k)?sh\s+-c\s+)?["']?\$\{?[a-z_]\w*\}?["']?\s*[;\n]\s*done\b`;

export const REMOTE_EXEC_RULES = defineRules("remote_exec", [
  {
    id: "remote_exec.download_pipe_shell",
    severity: "high",
    fields: ["shell", "task"],
    pattern: new RegExp(String.raw`\b(?:curl|wget|fetch|aria2c|lwp-request)\b[^|;&\n]*\|\s*${RUNNERS}`),
    description: "Downloads a script and pipes it into a shell or interpreter",
  },
  {
    id: "remote_exec.download_substitution_exec",
    severity: "high",
    fields: ["shell", "task"],
    pattern: new RegExp(
      String
        .raw`(?:\b(?:(?:ba|z|da|k)?sh|python[0-9.]*|perl|ruby|node|php|eval|source)|(?:^|[;&|(]\s*)\.)\s+(?:-[cer]\s+|--eval\s+)?["']?(?:<\s*\(|\$\(|\x60)\s*(?:curl|wget|fetch)\b`,
    ),
    description: 'Runs the output of a download (`sh -c "$(curl \u2026)"`, `source <(curl \u2026)`)',
  },
  {
    // Round 33: text an outsider wrote (an issue, pull request, comment, release note, fetched through the forge's
    // CLI or API) run as a script: `gh issue view 1 -q .body | sh`, `glab issue view 4 ... | jq -r ... | bash`,
    // `bash <(gh pr view ...)`, `eval "$(gh api ...)"`. Any filters between the fetch and the shell change nothing.
    id: "remote_exec.forge_text_shell",
    severity: "high",
    fields: ["shell", "task"],
    pattern: new RegExp(
      String
        .raw`\b${FORGE_TEXT}[^;&\n]*(?<!\|)\|\s*${RUNNERS}|(?:\b(?:(?:ba|z|da|k)?sh|eval|source)|(?:^|[;&|(]\s*)\.)\s+(?:-c\s+)?["']?(?:<\s*\(|\$\(|\x60)\s*${FORGE_TEXT}`,
    ),
    description:
      "Runs text fetched from an issue, pull request, comment or release (written by anyone) as a script",
  },
  {
    // A download filtered before the shell (`curl .../issues/4 | jq -r .body | bash`): still the download run.
    id: "remote_exec.download_filtered_shell",
    severity: "high",
    fields: ["shell", "task"],
    pattern: new RegExp(String.raw`\b(?:curl|wget)\b[^|;&\n]*\|[^;&\n]*(?<!\|)\|\s*${RUNNERS}`),
    description: "Downloads text, filters it and pipes it into a shell or interpreter",
  },
  {
    // Each downloaded line run in turn (`curl ... | while read -r l; do eval "$l"; done`, `... done < <(curl ...)`):
    // a `| sh` spelled as a loop (bash manual "Bash Builtins": read; "Process Substitution").
    id: "remote_exec.download_read_loop_exec",
    severity: "high",
    fields: ["shell"],
    pattern: new RegExp(
      String
        .raw`\b(?:curl|wget|fetch)\b[^;&\n]*\|\s*${READ_LOOP}|${READ_LOOP}\s*<\s*<\(\s*(?:curl|wget|fetch)\b`,
    ),
    description: "Runs each line of a download as a command (a read loop that evaluates what it reads)",
  },
  {
    id: "remote_exec.download_then_run_tmp",
    severity: "high",
    fields: ["shell"],
    pattern:
      /\b(?:curl|wget)\b[^\n]*\s(?:\/tmp|\/dev\/shm|\/var\/tmp)\/[^\n]*(?:chmod\s+[+0-7]*[x75]|(?:&&|;)\s*(?:\/tmp|\/dev\/shm|\/var\/tmp)\/)/,
    description: "Downloads into a temporary directory and executes it",
  },
  {
    id: "remote_exec.download_then_run",
    severity: "medium",
    fields: ["shell"],
    pattern:
      /\b(?:curl|wget)\b[^;&\n]*(?:\s-o\s*|\s-o\S|--output[= ]|\s-O\s*)\S+[^\n]*(?:&&|;|\n)\s*(?:chmod\s+\S*[x75]|(?:ba)?sh\s+\S|\.\/\S|python\S*\s+\S|perl\s+\S)/,
    description: "Downloads a file and then executes it",
  },
  {
    id: "remote_exec.netcat_exec",
    severity: "critical",
    fields: ["command"],
    pattern:
      /^(?:nc|ncat|netcat|nc\.traditional|nc\.openbsd)(?=\s).*(?:\s-[a-z]*[ec]\s*\S|--(?:sh-)?exec\b|--lua-exec\b)/,
    description: "netcat executing a shell for the remote side",
  },
  {
    id: "remote_exec.dev_tcp",
    severity: "critical",
    fields: ["shell", "code", "command"],
    // A connection to loopback (`exec 3<>/dev/tcp/localhost/8080`, a health check) is no reverse shell; the
    // engine's port stays covered.
    pattern:
      /\/dev\/(?:tcp|udp)\/(?!(?:localhost|127\.\d+\.\d+\.\d+)\/(?!3100\b)\d+\b)[^\s/]+\/\d+|\/inet\/(?:tcp|udp)\/\d+\//,
    description: "Bash /dev/tcp network redirection (reverse shell)",
  },
  {
    id: "remote_exec.socat_exec",
    severity: "critical",
    fields: ["command"],
    pattern: /^socat(?=\s).*(?:exec:|system:|pty,|,pty|tcp-listen:\S+\s+(?:exec|system))/,
    description: "socat bridging a network connection to a shell",
  },
  {
    id: "remote_exec.socket_shell_code",
    severity: "critical",
    fields: ["code", "shell"],
    pattern:
      // Node's `require("net").connect`, Tcl's `[socket HOST PORT]` ... `[exec sh ...]` and Lua's `io.popen` count too.
      /^(?=[\s\S]*?(?:socket\.socket|socket\(|fsockopen|tcpsocket|io::socket|net\.socket|net\.connect|["']net["']\)\.(?:connect|createconnection)\(|createconnection|\[socket\s+(?:-\w+\s+)*\S+\s+\d+|new-object\s+system\.net\.sockets))(?=[\s\S]*?(?:dup2|pty\.spawn|\/bin\/(?:ba|z|da)?sh\b|cmd\.exe|child_process|proc_open|\bexec\s*\(|\[exec\s|system\s*\(|popen|spawn\s*\(|invoke-expression|\biex\b|getstream\(\)|fdopen\s*\(|\bsystem\s*\$))/,
    description: "Interpreter one-liner wiring a socket to a shell (reverse shell)",
  },
  {
    id: "remote_exec.interactive_shell_redirect",
    severity: "critical",
    fields: ["shell"],
    pattern:
      /\b(?:ba|z|da)?sh\s+-i\s*(?:[<>&]|\d>&|2>&1\s*\|)|\|\s*(?:\/bin\/)?(?:ba|z|da)?sh\b(?:\s+-i)?[^|\n]*\|\s*(?:nc|ncat|netcat|telnet|openssl)\b/,
    description: "Interactive shell wired to a network pipe",
  },
  {
    id: "remote_exec.named_pipe_shell",
    severity: "critical",
    fields: ["shell"],
    pattern: /\b(?:mkfifo|mknod\s+\S+\s+p)\b[^\n]*\b(?:nc|ncat|netcat|telnet|openssl\s+s_client|socat)\b/,
    description: "Named pipe relaying a shell over the network",
  },
  {
    id: "remote_exec.openssl_reverse_shell",
    severity: "critical",
    fields: ["shell"],
    pattern: /openssl\s+s_client\s[^\n]*-connect[^\n]*(?:\||<|>)[^\n]*(?:\/bin\/)?(?:ba|z|da)?sh\b/,
    description: "Encrypted reverse shell through openssl",
  },
  {
    id: "remote_exec.powershell_download",
    severity: "high",
    fields: ["shell", "code", "command"],
    pattern:
      /(?:iex|invoke-expression)\s*\(?\s*\(?\s*(?:new-object\s+(?:system\.)?net\.webclient|iwr|invoke-webrequest|irm|invoke-restmethod)|downloadstring\s*\(|downloadfile\s*\(|\bstart-bitstransfer\b|certutil(?:\.exe)?\s+-urlcache|bitsadmin(?:\.exe)?\s+\/transfer|mshta(?:\.exe)?\s+https?:|regsvr32(?:\.exe)?\s+\/s\s+\/n\s+\/u\s+\/i:https?/,
    description: "PowerShell or Windows LOLBin download-and-execute",
  },
  {
    id: "remote_exec.powershell_encoded",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:pwsh|powershell)(?:\.exe)?(?=\s).*\s(?:--?|\/)e(?:c|n(?:c(?:o(?:d(?:e(?:d(?:c(?:o(?:m(?:m(?:a(?:nd?)?)?)?)?)?)?)?)?)?)?)?)?\s+\S{20,}/,
    description: "PowerShell running an encoded command",
  },
  {
    id: "remote_exec.decode_pipe_shell",
    severity: "high",
    fields: ["shell"],
    pattern: new RegExp(
      String
        .raw`(?:base64\s+(?:-\S+\s+)*(?:-d|--decode|-D)\b|base32\s+(?:-d|--decode)|xxd\s+(?:-\S+\s+)*-r|openssl\s+(?:enc\s+)?(?:-\S+\s+)*-d\b|\brev\b|gunzip|zcat|uudecode)[^\n]*\|\s*${RUNNERS}`,
    ),
    description: "Decodes a payload and pipes it into a shell",
  },
  {
    id: "remote_exec.computed_command_name",
    severity: "medium",
    fields: ["command"],
    pattern: /^\$\(/,
    description: "The command to run is computed at run time (obfuscation)",
  },
  {
    id: "remote_exec.unresolved_variable_command",
    severity: "low",
    fields: ["command"],
    pattern: /^\$\{?[a-z_][a-z0-9_]*\}?(?:\s|$)(?!.*\$editor|.*\$pager)/,
    description: "The command to run comes from a variable",
  },
  {
    id: "remote_exec.offensive_frameworks",
    severity: "critical",
    fields: ["command", "shell", "code", "task"],
    pattern:
      /\b(?:msfvenom|msfconsole|meterpreter|metasploit|cobalt\s?strike|sliver-(?:client|server)|pwncat(?:-cs)?|chisel\s+(?:client|server)|ligolo(?:-ng)?|empire\s+(?:listener|stager)|reverse[_ -]?shell|bind[_ -]?shell|revshell|weevely|c99shell|r57shell|b374k)\b/,
    description: "Offensive frameworks, C2 tools or reverse-shell payloads",
  },
  {
    id: "remote_exec.chmod_exec_tmp",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^chmod\s+(?:-\S+\s+)*(?:[0-7]*[1357][0-7]{0,2}|[ugoa]*\+[rw]*x)\s+(?:\/tmp|\/dev\/shm|\/var\/tmp)\//,
    description: "Makes a file in a temporary directory executable",
  },
  {
    id: "remote_exec.ssh_reverse_tunnel",
    severity: "medium",
    fields: ["command"],
    pattern: /^ssh(?=\s).*\s-[a-z]*r\s*(?:[\w.*]+:)?\d+:/,
    description: "SSH reverse port forward (opens a way back in)",
  },
  {
    id: "remote_exec.expose_local_service",
    severity: "medium",
    fields: ["command"],
    pattern:
      /^(?:npx\s+(?:-y\s+|--yes\s+)?)?(?:ngrok|cloudflared\s+(?:tunnel|access\s+tcp)|lt\s+--port|localtunnel|bore\s+local|frpc|pinggy|serveo)\b|^tailscale\s+funnel\b(?!\s+(?:status|reset|off)\b)|^zrok\s+share\s+public\b|^devtunnel\s+host\b|^loophole\s+(?:http|https|tcp)\b|^loclx\s+tunnel\b/,
    description: "Exposes a local service to the internet through a tunnel",
  },
  {
    id: "remote_exec.pip_install_url",
    severity: "low",
    fields: ["command"],
    pattern:
      /^(?:pip[0-9.]*|pipx|uv\s+pip|npm|yarn|pnpm|gem)\s+(?:install|add|i)(?=\s).*(?:https?:\/\/(?!pypi\.org|files\.pythonhosted\.org|registry\.npmjs\.org|github\.com)|\d{1,3}(?:\.\d{1,3}){3})/,
    description: "Installs a package from an arbitrary URL",
  },
  {
    id: "remote_exec.listener_shell",
    severity: "high",
    fields: ["command"],
    pattern:
      /^(?:nc|ncat|netcat)\s+(?:-\S+\s+)*-[a-z]*l[a-z]*(?=\s).*\|\s*(?:ba)?sh|^(?:nc|ncat|netcat)\s+(?:-\S+\s+)*-[a-z]*l[a-z]*[ve]*\s+(?:-\S+\s+)*-?p?\s*\d+\s*$/,
    description: "Opens a listening raw socket (bind shell or file drop)",
  },
  {
    id: "remote_exec.code_download_eval",
    severity: "high",
    fields: ["code", "shell", "content"],
    pattern:
      /\b(?:exec|eval|iex|invoke-expression)\s*\(\s*(?:urllib\.request\.urlopen|urlopen|requests\.get|file_get_contents|fetch|http\.get|open-uri|uri\.open|net::http\.get|curl_exec|\(new-object\s+net\.webclient\))\s*\(\s*["']?(?:https?|ftp):/,
    description: "Code that downloads source and evaluates it",
  },
  {
    id: "remote_exec.r_source_url",
    severity: "high",
    fields: ["code", "shell", "content"],
    pattern:
      /\b(?:source|source_url|sys\.source)\s*\(\s*["'](?:https?|ftp):\/\/|\beval\s*\(\s*parse\s*\(\s*(?:text\s*=\s*)?(?:url|readlines\s*\(\s*url)\s*\(/,
    description: "R code that sources or parses a script from the network",
  },
  {
    id: "remote_exec.exec_from_temp",
    severity: "high",
    fields: ["exec"],
    // `/.../.name` is written `^\/\S*\/\....` rather than `^\/\S*\/(?:[^/\s]+\/)*\....`: the same strings, without
    // the two ways to split the directories that made long slash runs backtrack polynomially.
    pattern:
      /^(?:\/tmp|\/dev\/shm|\/var\/tmp)\/|^(?:\.{1,2}|~)\/(?:[^/\s]+\/)*\.[^/.\s][^/\s]*$|^\/\S*\/\.[^/.\s][^/\s]*$/,
    description: "Runs a program from a temporary directory or a hidden file",
  },
  {
    id: "remote_exec.xterm_display",
    severity: "critical",
    fields: ["command"],
    pattern: /^xterm(?=\s).*-display\s+(?!:|localhost|127\.)\S+:\d/,
    description: "xterm displaying on a remote X server (reverse shell)",
  },
  {
    id: "remote_exec.download_and_run_prose",
    severity: "high",
    fields: ["task"],
    pattern:
      /\b(?:download|fetch|curl|wget|get)\b(?:[^.\n]|\.\S){0,100}\b(?:and|then)\s+(?:run|execute|exec|pipe|source|launch)\b/,
    description: "Asks to download something and run it",
  },
  {
    // Round 26: an agent told to install what a search turned up (`install the first result's binary`), a binary
    // from any site it finds, or an unvetted binary with root rights: whoever ranks first chooses the code that runs.
    id: "remote_exec.unvetted_install_prose",
    severity: "medium",
    fields: ["task"],
    pattern:
      /\binstall\b[^.\n]{0,60}\b(?:first|top)\s+(?:search\s+)?(?:result|hit|link|match)|\b(?:first|top)\s+(?:search\s+)?(?:result|hit|link)(?:'s|s)?\s+(?:binary|installer|exe|package|script|app)\b|\binstall\b[^.\n]{0,80}\b(?:binary|binaries|installer|exe|deb|msi|appimage)\b[^.\n]{0,40}\b(?:with\s+sudo|as\s+(?:root|admin(?:istrator)?))\b|\binstall\b[^.\n]{0,100}\bfrom\s+(?:any|whatever|a\s+random)\s+(?:\w+\s+)?(?:site|website|source|link|page|mirror)\b|\bfrom\s+(?:any|whatever|a\s+random)\s+(?:\w+\s+)?(?:site|website|source|link|page|mirror)\b[^.\n]{0,80}\binstall\b/,
    description: "Asks an agent to install an unvetted binary (a search result, or with root rights)",
  },
]);
