/** Round 87's checks, called once from the effect profile, each over the action's command lines and code (at most
 * eight texts of each, every check gated by a literal test before its patterns): other processes' environments
 * read (`other_process_environs.ts`), local files mailed out from code (`mailed_files.ts`), files and folders put
 * on file servers (`uploaded_folders.ts`), programs and build files run straight from a download
 * (`fetched_build_files.ts`), services pointed at a shell or an account change (`service_commands.ts`) and
 * cryptocurrency sent out of wallets (`wallet_sends.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeOtherProcessEnvirons, SECRET_FILTER, SERVICE_ENVIRONMENT } from "./other_process_environs.ts";
import { GATE as MAIL_GATE, judgeMailedFiles } from "./mailed_files.ts";
import { GATE as UPLOAD_GATE, judgeUploadedFolders } from "./uploaded_folders.ts";
import {
  DOWNLOADER,
  INTERPRETER_SCRIPT,
  judgeFetchedBuildFiles,
  OPTION_SCRIPT,
  PIPED_BUILD,
  SCRIPT_BLOCK,
  STDIN_SCRIPT,
} from "./fetched_build_files.ts";
import { GATE as SERVICE_GATE, judgeServiceCommands } from "./service_commands.ts";
import { GATE as WALLET_GATE, judgeWalletSends } from "./wallet_sends.ts";
import { CODE, commandNeeds } from "./round_plan.ts";

/** What the round reads of a lone command line (speed round 38): code texts (`CODE`: they are read, and joined to a
 * here-document's line), and shell texts one of its six checks' tests may pass. Other environments: `environ`,
 * `psutil`, `ps ` (each branch's first test) and, for command lines read for secrets, the filter or the services'
 * environments its second test needs (its first, `COMMAND_LINES`, opens on any `ps`). Mailed files, uploads,
 * service commands and wallet sends: each one's gate. Fetched build files: each branch's pattern of a download
 * (its first tests, `<(`, `|` and a `>` or `-o`, open on most lines): the three scripts read from `<(`, the piped
 * build, the downloader a saved download needs, the script block. */
export const ON_COMMAND = commandNeeds({
  words: [
    /environ/,
    /psutil/,
    /ps /,
    SECRET_FILTER,
    SERVICE_ENVIRONMENT,
    MAIL_GATE,
    UPLOAD_GATE,
    OPTION_SCRIPT,
    INTERPRETER_SCRIPT,
    STDIN_SCRIPT,
    PIPED_BUILD,
    DOWNLOADER,
    SCRIPT_BLOCK,
    SERVICE_GATE,
    WALLET_GATE,
  ],
  facts: CODE,
});

export function judgeRound87(view: ActionView, findings: Findings): void {
  const texts = [
    ...(view.texts.get("shell") ?? []).slice(0, 8),
    ...(view.texts.get("code") ?? []).slice(0, 8),
  ];
  if (texts.length === 0) return;
  judgeOtherProcessEnvirons(texts, findings);
  judgeMailedFiles(texts, findings);
  // A here-document's body is code of its own (`ftp -n host <<EOF ... mput * ... EOF`): the client's line and its
  // body are read together too.
  const shell = view.texts.get("shell") ?? [];
  const code = view.texts.get("code") ?? [];
  const joined = shell.length > 0 && code.length > 0 && shell[0].includes("<<")
    ? [`${shell[0]}\n${code.slice(0, 4).join("\n")}`.slice(0, 16 * 1024)]
    : [];
  judgeUploadedFolders([...texts, ...joined], findings);
  judgeFetchedBuildFiles(texts, findings);
  judgeServiceCommands(texts, findings);
  judgeWalletSends(texts, findings);
}
