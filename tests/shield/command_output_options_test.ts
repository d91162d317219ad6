// Output options a command writes through (round 17: a program without an output table is read for long options
// only, the only ones it can write through): every output option of the known programs, short, long, glued or
// combined, and every long one of any program, are write targets; another program's short `-o` is not.
import assert from "node:assert/strict";
import { parseShell } from "../../src/shield/shell_parser.ts";

const targets = (command: string) => parseShell(command).writeTargets;

const KNOWN_SHORT = ["-o", "-O", "-out", "-keyout"];
const KNOWN_LONG = ["--output", "--output-document", "--out", "--keyout", "--key-file", "--log-file"];
const ANY_LONG = [
  "--output",
  "--output-file",
  "--output-document",
  "--out-file",
  "--outfile",
  "--log-file",
  "--logfile",
  "--dump-file",
  "--save-to",
];

Deno.test("known programs' output options, short and long, glued and apart, are written", () => {
  const missed: string[] = [];
  for (const program of ["curl", "wget", "openssl", "gpg", "sort", "tar", "xh"]) {
    for (const option of [...KNOWN_SHORT, ...KNOWN_LONG]) {
      for (const command of [`${program} ${option} /tmp/w x`, `sudo ${program} -v ${option}=/tmp/w x`]) {
        if (!targets(command).includes("/tmp/w")) missed.push(command);
      }
    }
  }
  for (const command of ["curl -sSLo /tmp/w https://x.test", "wget -qO /tmp/w https://x.test"]) {
    if (!targets(command).includes("/tmp/w")) missed.push(command);
  }
  assert.deepEqual(missed, []);
});

Deno.test("any program's long output options are written; its short ones and plain words are not", () => {
  const missed: string[] = [];
  for (const program of ["git", "mytool", "./run", "python3", "npx"]) {
    for (const option of ANY_LONG) {
      for (
        const command of [`${program} log ${option} ~/.profile`, `ls && ${program} ${option}=~/.profile`]
      ) {
        if (!targets(command).includes("~/.profile")) missed.push(command);
      }
    }
  }
  assert.deepEqual(missed, []);
  assert.deepEqual(targets("mytool -o ~/.profile -O x --verbose"), []);
  assert.deepEqual(targets("git log -p --stat output ~/.profile"), []);
  assert.deepEqual(targets("curl -o - https://x.test"), []);
});
