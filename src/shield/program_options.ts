/** What each program's documented options do, as data: which option's value is a command it runs, a file it
 * writes, a file it sends to its peer; which options make it delete its operands; which words of its own command
 * language (stdin, `-c` scripts) send a file; whether what it prints comes from the network. A new program is one
 * row here, not a new check (the GTFOBins function classes: command, file write, file upload, file download). */

import { ownTable } from "../lib/own_table.ts";

export interface ProgramOptions {
  /** The manual page the row is read from. */
  source: string;
  /** Options (exact spelling) whose value is a command line the program runs. */
  runs?: readonly string[];
  /** `-o Key=value` settings (lower case, ssh_config style) whose value is a command line the program runs. */
  runsSettings?: readonly string[];
  /** Options whose value is a file the program writes. */
  writes?: readonly string[];
  /** Options after which the program deletes its file operands ("all") or all but the last ("sources"). */
  deletes?: { options: readonly string[]; operands: "all" | "sources" };
  /** Options whose value is a file the program sends to its peer. */
  sends?: readonly string[];
  /** Options whose value sends a file when written `@FILE`, `<FILE` or `name=@FILE` (literal data otherwise). */
  sendsAt?: readonly string[];
  /** Options whose value is a script in the program's own command language (`smbclient -c 'put x'`). */
  scripts?: readonly string[];
  /** Words of that command language that send the file named after them (`put FILE`). */
  sendWords?: readonly string[];
  /** What it prints is data fetched from the network (piped into a shell, it runs fetched code). */
  fetches?: boolean;
  /** Copies `[user@]host:path` operands to its last operand (a download when a source is remote). */
  remoteCopies?: boolean;
  /** Options whose value is the folder the program writes its operands into (`cp -t DIR F...`). */
  targetDirectory?: readonly string[];
  /** Subcommands or options that install a package, and options that take it from outside any registry. */
  installs?: { verbs: readonly string[]; outsideOptions?: readonly string[] };
}

const OPENSSH_COMMANDS = ["proxycommand", "localcommand", "knownhostscommand", "remotecommand"];
const FTP_SEND_WORDS = ["put", "mput", "append", "reput", "send"];
const DNS = {
  source: "https://man7.org/linux/man-pages/man1/dig.1.html (DNS answers are remote data)",
  fetches: true,
};

export const PROGRAM_OPTIONS: Readonly<Record<string, ProgramOptions>> = ownTable({
  ssh: { source: "https://man.openbsd.org/ssh_config", runsSettings: OPENSSH_COMMANDS, fetches: true },
  scp: {
    source: "https://man.openbsd.org/scp",
    runs: ["-S"],
    runsSettings: OPENSSH_COMMANDS,
    remoteCopies: true,
  },
  sftp: {
    source: "https://man.openbsd.org/sftp",
    runs: ["-S"],
    runsSettings: OPENSSH_COMMANDS,
    scripts: ["-b"],
    sendWords: FTP_SEND_WORDS,
  },
  tar: {
    source: "https://www.gnu.org/software/tar/manual/html_section/All-Options.html",
    runs: [
      "--to-command",
      "--use-compress-program",
      "-I",
      "--rsh-command",
      "--info-script",
      "-F",
      "--new-volume-script",
      "--checkpoint-action",
    ],
    deletes: { options: ["--remove-files"], operands: "all" },
  },
  rsync: {
    source: "https://download.samba.org/pub/rsync/rsync.1",
    remoteCopies: true,
    runs: ["-e", "--rsh", "--rsync-path"],
    deletes: { options: ["--remove-source-files"], operands: "sources" },
  },
  rg: {
    source:
      "https://github.com/BurntSushi/ripgrep/blob/master/GUIDE.md#preprocessor (--pre runs a program per file)",
    runs: ["--pre"],
  },
  zip: {
    source: "https://linux.die.net/man/1/zip",
    runs: ["-TT", "--unzip-command"],
    deletes: { options: ["-m", "--move"], operands: "all" },
  },
  "7z": {
    source: "https://7-zip.opensource.jp/chm/cmdline/switches/sdel.htm",
    deletes: { options: ["-sdel"], operands: "all" },
  },
  man: {
    source: "https://man7.org/linux/man-pages/man1/man.1.html",
    runs: ["-P", "--pager", "-H", "--html"],
  },
  find: {
    source: "https://man7.org/linux/man-pages/man1/find.1.html",
    writes: ["-fprint", "-fprint0", "-fprintf", "-fls"],
  },
  curl: {
    source: "https://curl.se/docs/manpage.html",
    sends: [
      "-T",
      "--upload-file",
      "-d",
      "--data",
      "--data-binary",
      "--data-raw",
      "--data-urlencode",
      "-F",
      "--form",
      "--json",
    ],
    fetches: true,
  },
  wget: {
    source: "https://www.gnu.org/software/wget/manual/wget.html",
    sends: ["--post-file", "--body-file"],
    fetches: true,
  },
  smbclient: {
    source: "https://www.samba.org/samba/docs/current/man-html/smbclient.1.html",
    scripts: ["-c", "--command"],
    sendWords: FTP_SEND_WORDS,
  },
  ftp: { source: "https://linux.die.net/man/1/ftp", sendWords: FTP_SEND_WORDS, fetches: true },
  tftp: {
    source: "https://linux.die.net/man/1/tftp",
    scripts: ["-c"],
    sendWords: FTP_SEND_WORDS,
    fetches: true,
  },
  lftp: {
    source: "https://lftp.yar.ru/lftp-man.html",
    scripts: ["-c", "-e"],
    sendWords: FTP_SEND_WORDS,
    fetches: true,
  },
  mutt: { source: "https://linux.die.net/man/1/mutt", sends: ["-a"] },
  mailx: { source: "https://man7.org/linux/man-pages/man1/mailx.1p.html (s-nail -a)", sends: ["-a", "-A"] },
  "s-nail": { source: "https://www.sdaoden.eu/code-nail.html", sends: ["-a"] },
  az: {
    source: "https://learn.microsoft.com/cli/azure/storage/blob#az-storage-blob-upload",
    sends: ["-f", "--file"],
  },
  aws: {
    source: "https://docs.aws.amazon.com/cli/latest/reference/s3/cp.html (`-` is stdout)",
    fetches: true,
  },
  gsutil: { source: "https://cloud.google.com/storage/docs/gsutil/commands/cat", fetches: true },
  rclone: { source: "https://rclone.org/commands/rclone_cat/", fetches: true },
  cp: {
    source: "https://man7.org/linux/man-pages/man1/cp.1.html",
    targetDirectory: ["-t", "--target-directory"],
  },
  mv: {
    source: "https://man7.org/linux/man-pages/man1/mv.1.html",
    targetDirectory: ["-t", "--target-directory"],
  },
  install: {
    source: "https://man7.org/linux/man-pages/man1/install.1.html",
    targetDirectory: ["-t", "--target-directory"],
  },
  ln: {
    source: "https://man7.org/linux/man-pages/man1/ln.1.html",
    targetDirectory: ["-t", "--target-directory"],
  },
  snap: {
    source: "https://snapcraft.io/docs/install-modes (--dangerous: unsigned, from no store)",
    installs: { verbs: ["install"], outsideOptions: ["--dangerous"] },
  },
  code: {
    source: "https://code.visualstudio.com/docs/configure/command-line (a .vsix file is from no marketplace)",
    installs: { verbs: ["--install-extension"] },
  },
  codium: {
    source: "https://code.visualstudio.com/docs/configure/command-line",
    installs: { verbs: ["--install-extension"] },
  },
  cursor: {
    source: "https://code.visualstudio.com/docs/configure/command-line",
    installs: { verbs: ["--install-extension"] },
  },
  "code-insiders": {
    source: "https://code.visualstudio.com/docs/configure/command-line (round 39: the Insiders build's CLI)",
    installs: { verbs: ["--install-extension"] },
  },
  windsurf: {
    source: "https://docs.windsurf.com/windsurf/getting-started (round 39: VS Code's CLI options)",
    installs: { verbs: ["--install-extension"] },
  },
  helm: {
    source: "https://helm.sh/docs/helm/helm_install/ (chart references: repo/name, a URL, oci://)",
    installs: { verbs: ["install", "upgrade", "pull", "template"] },
  },
  nix: {
    source: "https://nix.dev/manual/nix/stable/command-ref/new-cli/nix3-flake (flake references)",
    installs: { verbs: ["run", "shell", "build", "install", "develop"] },
  },
  "nix-env": {
    source: "https://nix.dev/manual/nix/stable/command-ref/nix-env/install",
    installs: { verbs: ["-i", "--install", "-f"] },
  },
  flatpak: {
    source: "https://docs.flatpak.org/en/latest/flatpak-command-reference.html",
    installs: { verbs: ["install"], outsideOptions: ["--from", "--bundle"] },
  },
  dpkg: {
    source: "https://man7.org/linux/man-pages/man1/dpkg.1.html",
    installs: { verbs: ["-i", "--install"] },
  },
  rpm: {
    source: "https://man7.org/linux/man-pages/man8/rpm.8.html",
    installs: { verbs: ["-i", "-U", "-ivh", "-Uvh"] },
  },
  dig: DNS,
  nslookup: DNS,
  host: DNS,
  drill: DNS,
  kdig: DNS,
  delv: DNS,
  nc: { source: "https://man.openbsd.org/nc.1", fetches: true },
  ncat: { source: "https://nmap.org/ncat/guide/", fetches: true },
  netcat: { source: "https://man.openbsd.org/nc.1", fetches: true },
  socat: { source: "http://www.dest-unreach.org/socat/doc/socat.html", fetches: true },
  telnet: { source: "https://linux.die.net/man/1/telnet", fetches: true },
  openssl: { source: "https://docs.openssl.org/master/man1/openssl-s_client/", fetches: true },
});

/** A pattern for the names of the programs whose row has `field` (for `programs()`' one-lookup sets). */
export function namesWith(field: keyof ProgramOptions): RegExp {
  const names = Object.entries(PROGRAM_OPTIONS).filter(([, row]) => row[field] !== undefined).map(([name]) =>
    name
  );
  return new RegExp(`^(?:${names.map((name) => name.replace(/[.+-]/g, "\\$&")).join("|")})$`);
}

const ROWS = new Map(Object.entries(PROGRAM_OPTIONS));

/** The row for `program` (its name without folder, lower case), if there is one. */
export function optionsOf(program: string): ProgramOptions | undefined {
  return ROWS.get(program);
}

/** An option word's name and its glued value (`--upload-file=x`, `-Tx` for a one-letter option). */
function spelled(word: string, option: string): string | undefined {
  if (word === option) return "";
  if (option.startsWith("--") || option.length > 2) {
    return word.startsWith(option + "=") ? word.slice(option.length + 1) : undefined;
  }
  return word.startsWith(option) && word.length > option.length ? word.slice(option.length) : undefined;
}

/** The values given to any of `options` in `args` (the next word, or glued on). */
export function optionValues(args: readonly string[], options: readonly string[] | undefined): string[] {
  if (!options) return [];
  const values: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i].charCodeAt(0) !== 0x2d) continue;
    for (const option of options) {
      const glued = spelled(args[i], option);
      if (glued === undefined) continue;
      const value = glued === "" ? args[i + 1] : glued;
      if (value !== undefined) values.push(value);
      break;
    }
  }
  return values;
}
