/** Round 26: rotating logs keeps them (the system's own rotation rules archive the old file), so forcing a rotation
 * through the system's configuration, or rotating the journal, is ordinary administration; a rotation through a
 * configuration written elsewhere (`rotate 0` deletes every log) and vacuuming the journal still clear logs. */

import { expectDecisions, run, tool } from "./decisions.ts";

Deno.test("forced rotation through the system's rules passes, rotation that clears logs is still stopped", async () => {
  await expectDecisions([
    [run("sudo logrotate --force /etc/logrotate.conf"), "ALLOW", "whole config"],
    [
      tool("terminal", { cmd: "sudo logrotate -vf /etc/logrotate.d/postgresql-common" }),
      "ALLOW",
      "one package",
    ],
    [run("sudo journalctl --flush && sudo journalctl --rotate"), "ALLOW", "journal rotate"],
    [run("sudo logrotate -f ./rot.conf"), "STOPPED", "own config"],
    [tool("terminal", { cmd: "sudo logrotate --force /dev/shm/x.conf" }), "STOPPED", "config in shm"],
    [run("journalctl --rotate; journalctl --vacuum-size=1K"), "STOPPED", "vacuum"],
  ]);
});
