/** Web servers made to hand out the whole tree or the files a site never serves (round 52, beside round 47's
 * `server_auth_configs.ts`): an nginx, Apache or Caddy config whose `root`/`alias`/`DocumentRoot` is the filesystem
 * root, a home, `/etc` or `/root`, or a broad folder (`/srv`, `/var`, `/opt`, `/home`) listed with `autoindex on`,
 * `Options Indexes` or `file_server browse`; an edit that moves the web root up from its public folder to the one
 * holding the code (`/srv/app/public` -> `/srv/app`); a location or `<Files>` block for `.git`, `.env`, `.svn`,
 * `.ssh` or keys opened (`allow all`, `autoindex on`, `Require all granted`) without a `deny`/`return 403`; and
 * Express's static middleware serving the app's own folder or dot files (`express.static(__dirname)`,
 * `dotfiles: 'allow'`). A release folder listed, a public folder served, `.git` denied and the ACME challenge's
 * `/.well-known/` opened pass. (`python3 -m http.server` from home is the command form, in `command_effects.ts`.)
 * Sources: CWE-548 (Exposure of Information Through Directory Listing), CWE-527/538 (VCS and sensitive files in a
 * web root); OWASP WSTG-CONF-04 and -05; nginx autoindex, root/alias and location docs; Apache core `Options`,
 * `<FilesMatch>`; Caddy `file_server browse`; Express serve-static `dotfiles`. */

import type { WrittenEdit } from "./written_edit.ts";
import { gated } from "./gate.ts";
import { SERVER_CONFIG } from "./server_auth_configs.ts";
import { matchesOf } from "../match_all.ts";

/** Cheap literal gate over the written text: every form below holds one of these. */
const HINT = gated(/root|alias|autoindex|indexes|browse|\.git|\.env|\.svn|\.ssh|static|dotfiles/i);
/** A folder served: nginx `root`/`alias`, Apache `DocumentRoot`/`<Directory>`, Caddy `root *`. */
const SERVED = /(?:^|[{;])\s*(?:root|alias|documentroot|<directory)\s+(?:\*\s+)?["']?([^\s;"'>]+)/gim;
/** Folders that hold the system or a user's files. */
const SYSTEM_FOLDER =
  /^(?:\/|~\/?|\$HOME\/?|\/root\/?|\/etc\/?|\/home\/?|\/home\/[^/]+\/?|\/Users\/[^/]+\/?)$/;
/** Broad folders that hold many sites, code and data: served with a listing, they show it all. */
const BROAD_FOLDER = /^(?:\/srv|\/var|\/var\/www|\/opt|\/home|\/mnt|\/data)\/?$/;
const LISTING =
  /(?:^|[{;])\s*(?:autoindex\s+on\b|options\b[^\n]*?\s\+?indexes\b|file_server\s+browse\b|browse\b)/im;
/** A block whose pattern names VCS folders, environment files or keys. */
const SECRET_BLOCK =
  /(?:location\s+[~=^*\s]*|<(?:Files|FilesMatch|Directory|DirectoryMatch|Location|LocationMatch)\s+)["']?[^\n{>]*?(?:\.\(?(?:git|env|svn|hg|ssh|aws)|\.htpasswd|id_rsa|\.pem)\b[^\n{>]*[{>]([\s\S]{0,400}?)(?:\}|<\/(?:Files|Directory|Location)|$)/gi;
const OPENED = /\ballow\s+all\b|\bautoindex\s+on\b|\brequire\s+all\s+granted\b|\balias\s|\broot\s/i;
const CLOSED = /\bdeny\s+all\b|\breturn\s+40[34]\b|\brequire\s+all\s+denied\b|\binternal\b/i;
/** Express/Connect static middleware over the filesystem root, a home or the folder above the app, or handing out
 * dot files (`.env`, `.git`). Serving the app's own folder (`express.static(__dirname)`, a prototype's habit) is
 * left alone: its dot files stay hidden by default. */
const STATIC_TREE =
  /\b(?:express\.static|serveStatic|serve_static|serveIndex)\(\s*(?:["'`]\/["'`]|path\.(?:join|resolve)\(\s*(?:__dirname|process\.cwd\(\))\s*,\s*["'`]\.\.\/?["'`]\s*\)|os\.homedir\(\)|process\.env\.HOME)\s*[,)]|\bdotfiles\s*:\s*["'`]allow["'`]/;
const CODE = /\.(?:[cm]?[jt]sx?)$/;

const trimmed = (folder: string) => folder.length > 1 ? folder.replace(/\/+$/, "") : folder;

function servedFolders(text: string): string[] {
  return [...matchesOf(SERVED, text)].map((match) => trimmed(match[1]));
}

/** Why the written server config or code hands out the tree or secret files, if it does. */
export function servedTrees(edit: WrittenEdit): string | undefined {
  const code = edit.paths.find((path) => CODE.test(path));
  const file = edit.paths.find((path) => SERVER_CONFIG.test(path));
  if (!code && !file) return undefined;
  const text = edit.fileText ?? edit.written;
  if (!HINT.test(text)) return undefined;
  // Code: two native searches before the pattern (most scripts name no static middleware).
  if (
    code && (text.includes("tatic") || text.includes("dotfiles") || text.includes("serveIndex")) &&
    STATIC_TREE.test(text)
  ) {
    return `"${edit.tool}" makes "${code}" serve the app's own folder or its dot files ("${
      STATIC_TREE.exec(text)?.[0].slice(0, 50)
    }")`;
  }
  if (!file) return undefined;
  for (const match of matchesOf(SECRET_BLOCK, text)) {
    if (OPENED.test(match[1]) && !CLOSED.test(match[1])) {
      return `"${edit.tool}" opens "${
        match[0].split(/[{>]/)[0].trim().slice(0, 50)
      }" to the web in "${file}"`;
    }
  }
  const folders = servedFolders(text);
  const listed = LISTING.test(text);
  const wide = folders.find((folder) => SYSTEM_FOLDER.test(folder) || listed && BROAD_FOLDER.test(folder));
  if (wide) return `"${edit.tool}" makes "${file}" serve "${wide}"${listed ? " with listings" : ""}`;
  // An edit moving the web root up from a folder to one that holds it (the code, its `.git` and `.env`).
  const before = edit.removed ? servedFolders(edit.removed) : [];
  const raised = folders.find((folder) =>
    folder !== "/" && before.some((old) => old.startsWith(folder + "/")) && !before.includes(folder)
  );
  if (raised) {
    return `"${edit.tool}" moves the web root in "${file}" up to "${raised}", the folder holding the code`;
  }
  return undefined;
}
