/** Round 87's checks, called once from the effect profile, each over the action's command lines and code (at most
 * eight texts of each, every check gated by a literal test before its patterns): other processes' environments
 * read (`other_process_environs.ts`), local files mailed out from code (`mailed_files.ts`), files and folders put
 * on file servers (`uploaded_folders.ts`), programs and build files run straight from a download
 * (`fetched_build_files.ts`), services pointed at a shell or an account change (`service_commands.ts`) and
 * cryptocurrency sent out of wallets (`wallet_sends.ts`). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";
import { judgeOtherProcessEnvirons } from "./other_process_environs.ts";
import { judgeMailedFiles } from "./mailed_files.ts";
import { judgeUploadedFolders } from "./uploaded_folders.ts";
import { judgeFetchedBuildFiles } from "./fetched_build_files.ts";
import { judgeServiceCommands } from "./service_commands.ts";
import { judgeWalletSends } from "./wallet_sends.ts";

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
