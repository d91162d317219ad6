/** Services a user account starts by itself at every login or boot without root: `systemctl --user enable`,
 * `loginctl enable-linger` (keeps them running after logout), `launchctl load -w` of a user agent. Enabling
 * system services is left to the sudo and path checks.
 * Round 98: `systemctl --user enable [--now]` of units a distribution's own package ships for the user's session
 * (Syncthing, PipeWire, WirePlumber, Podman, gpg-agent, ssh-agent, Emacs' daemon, MPD, ...: h15 benign_sysadmin-016
 * `systemctl --user enable --now syncthing.service`) is how their manuals say to turn them on; it is not asked
 * when the line writes, links or copies no unit file (a unit written on the same line, under any name, keeps the
 * question, as does any unit not in the table, a path to a unit file, `loginctl enable-linger` and
 * `launchctl`). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const SERVICE_MANAGERS = new Set(["systemctl", "loginctl", "launchctl"]);
/** Whether judgeUserServices looks at a segment of this program. */
export const startsServicesWith = (program: string): boolean => SERVICE_MANAGERS.has(program);

/** User units that distributions' packages ship (Debian, Fedora, Arch): the service a user turns on by name. */
const PACKAGED_UNITS = new Set(
  `syncthing pipewire pipewire-pulse wireplumber pulseaudio podman podman-restart podman-auto-update gpg-agent
  gpg-agent-ssh ssh-agent gcr-ssh-agent emacs mpd mopidy redshift gammastep dunst mako onedrive spotifyd
  xdg-desktop-portal gnome-keyring-daemon kdeconnect ollama docker waybar kanshi swayidle foot-server
  psd vdirsyncer`.split(/\s+/),
);
const UNIT_SUFFIX = /\.(?:service|socket|timer)$/;
/** Segments that put a unit file in place: a redirect, `tee`, `cp`, `mv`, `ln`, `install` naming a unit. */
const UNIT_FILE = /(?:^|\/)systemd\/user\/|\.(?:service|socket|timer)$/;

function packagedUnitsOnly(args: readonly string[], segments: readonly Segment[]): boolean {
  const units = args.filter((arg) => !arg.startsWith("-") && arg !== "enable");
  if (
    units.length === 0 ||
    args.some((arg) => arg.startsWith("-") && !/^(?:--user|--now|-q|--quiet)$/.test(arg))
  ) {
    return false;
  }
  if (!units.every((unit) => PACKAGED_UNITS.has(unit.replace(/@.*$/, "").replace(UNIT_SUFFIX, "")))) {
    return false;
  }
  return !segments.some((segment) =>
    segment.redirects.some((redirect) => UNIT_FILE.test(redirect.target)) ||
    (/^(?:tee|cp|mv|ln|install|curl|wget|systemd-run)$/.test(segment.program) &&
      segment.argv.slice(1).some((arg) => UNIT_FILE.test(arg) || /^https?:/.test(arg)))
  );
}

export function judgeUserServices(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    if (!startsServicesWith(segment.program)) continue;
    const args = segment.argv.slice(1);
    if (segment.program === "systemctl" && packagedUnitsOnly(args, segments)) continue;
    const starts = (segment.program === "systemctl" && args.includes("--user") && args.includes("enable")) ||
      (segment.program === "loginctl" && args.includes("enable-linger")) ||
      (segment.program === "launchctl" && (args.includes("load") || args.includes("bootstrap")) &&
        args.some((arg) => /LaunchAgents\//i.test(arg)));
    if (starts) {
      findings.escalate("persistence", `"${segment.text.slice(0, 60)}" starts a service at every login`);
      return;
    }
  }
}
