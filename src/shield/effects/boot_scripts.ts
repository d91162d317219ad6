/** Boot-time and instance-start scripts in clouds and VMs (round 68): a script set to run whenever an existing
 * machine (or every machine of a project, template or fleet) starts -- GCE `startup-script`/`startup-script-url`
 * (and Windows' `windows-startup-script-*`, `sysprep-specialize-script-*`, cloud-init `user-data`) metadata added to
 * instances or the project, EC2 `modify-instance-attribute --attribute userData`, launch-template versions and
 * launch configurations carrying `UserData`, Azure `vm extension set` with the Custom Script extension, managed
 * `vm run-command create`, `az vm update --user-data`, other providers' CLIs updating a machine's user data
 * (`oci compute instance update --metadata '{"user_data": ...}'`), SSM associations that run shell documents on a schedule,
 * cloud-init `runcmd`/`bootcmd` written under `/etc/cloud/` or per-boot script folders. Persistence (MITRE ATT&CK
 * T1037, T1053, T1651): ESCALATE, BLOCK when the script is fetched from a web address at each start. The same
 * through a cloud tool's arguments (`use_aws` operations, an MCP `set_metadata` with a `startup-script` item).
 * Passes: reading metadata or user data (`describe`, `get`, `list`), other metadata keys (`enable-oslogin`), one-off
 * `run-command invoke`, new instances created with a startup script (the ordinary way to build one; not read).
 * Sources: Google Cloud startup-script docs, AWS EC2 user data and State Manager docs, Azure Custom Script
 * Extension and managed Run Command docs, cloud-init module docs, Rhino Security Labs on EC2 user-data persistence. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { PURE_READ } from "./vocabulary.ts";

export const BOOT_GATE =
  /startup-script|startup_script|user-?data|user_data|customscript|run-command|create-association|update-association|createassociation|runcmd|bootcmd|per-boot|per-instance/i;
const STARTUP_KEY =
  /(?:^|[,\s"'=])(startup-script(?:-url|-ps1|-cmd|-bat)?|windows-startup-script-\w+|sysprep-specialize-script-\w+|user-data)=/i;
const WEB_URL = /\b(?:https?|ftp):\/\//i;
/** Other providers' CLIs, read by verb and word (OCI, DigitalOcean, Hetzner, Linode, Scaleway, Vultr, IBM Cloud,
 * Exoscale). */
export const OTHER_CLOUDS = new Set([
  "oci",
  "doctl",
  "hcloud",
  "linode-cli",
  "scw",
  "vultr-cli",
  "ibmcloud",
  "exo",
]);
const GCLOUD_CHANGE = /^(?:add-metadata|set-metadata)$/;

function option(argv: readonly string[], name: RegExp): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const equals = arg.indexOf("=");
    if (equals > 0 && name.test(arg.slice(0, equals))) return arg.slice(equals + 1);
    if (name.test(arg)) return argv[index + 1] ?? "";
  }
  return undefined;
}

function verdict(tool: string, what: string, fetched: boolean, findings: Findings): void {
  if (fetched) {
    findings.block("persistence", `"${tool}" ${what}, fetched from a web address each time`);
  } else {
    findings.escalate("persistence", `"${tool}" ${what}`);
  }
}

/** Cloud CLIs that set a script to run at every start. */
export function judgeBootScriptCommands(
  tool: string,
  segments: readonly Segment[],
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 64)) {
    const argv = segment.argv;
    const program = segment.program;
    if (program === "gcloud") {
      if (!argv.some((arg) => GCLOUD_CHANGE.test(arg))) continue;
      const metadata = option(argv, /^--metadata(?:-from-file)?$/);
      const key = metadata === undefined
        ? null
        : STARTUP_KEY.exec(`=${metadata}`) ?? STARTUP_KEY.exec(` ${metadata}`);
      if (!key) continue;
      const fetched = /-url$/i.test(key[1]) ? WEB_URL.test(metadata ?? "") : false;
      return verdict(tool, `sets a ${key[1]} that every boot of the machine runs`, fetched, findings);
    }
    if (program === "aws") {
      const words = argv.map((arg) => arg.toLowerCase());
      if (
        words.includes("modify-instance-attribute") &&
        (words.some((arg) => /^--user-data\b/.test(arg)) ||
          option(words, /^--attribute$/)?.toLowerCase() === "userdata")
      ) {
        return verdict(tool, "replaces an instance's user data, run at its next start", false, findings);
      }
      if (
        words.some((arg) =>
          /^(?:create-launch-template(?:-version)?|modify-launch-template|create-launch-configuration)$/.test(
            arg,
          )
        ) &&
        /userdata|--user-data/i.test(segment.text)
      ) {
        return verdict(
          tool,
          "sets user data that every instance launched from the template runs",
          false,
          findings,
        );
      }
      if (words.some((arg) => /^(?:create|update)-association$/.test(arg)) && words.includes("ssm")) {
        return verdict(
          tool,
          "sets a Systems Manager association that runs commands on instances",
          false,
          findings,
        );
      }
      continue;
    }
    if (OTHER_CLOUDS.has(program)) {
      // Other providers' CLIs: an existing machine updated with new user data or a startup script.
      const changes = argv.slice(1, 6).some((arg) =>
        /^(?:update|modify|set|rebuild|edit|set-metadata)$/.test(arg)
      );
      if (changes && /user[-_]?data|startup[-_]script|cloud-init|cloud-config/i.test(segment.text)) {
        return verdict(tool, "changes a machine's start-up script or user data", false, findings);
      }
      continue;
    }
    if (program === "az") {
      const words = argv.map((arg) => arg.toLowerCase());
      const extension = words.includes("extension") && words.includes("set");
      const name = option(words, /^(?:-n|--name)$/) ?? "";
      if (extension && /customscript|runcommand/.test(name.replace(/[^a-z]/g, ""))) {
        const fetched = WEB_URL.test(segment.text) &&
          !/^https:\/\/[\w-]+\.blob\.core\.windows\.net\//.test(
            segment.text.match(/https?:\/\/\S+/)?.[0] ?? "",
          );
        return verdict(
          tool,
          "installs a Custom Script extension that runs a script on the VM",
          fetched,
          findings,
        );
      }
      if (words.includes("run-command") && words.includes("create")) {
        const fetched = WEB_URL.test(option(argv, /^--script-uri$/) ?? "");
        return verdict(tool, "creates a managed run command on the VM", fetched, findings);
      }
      if (
        words.includes("vm") && words.includes("update") && words.some((arg) => /^--user-data\b/.test(arg))
      ) {
        return verdict(tool, "replaces a VM's user data", false, findings);
      }
    }
  }
}

const CLOUD_INIT_PATH =
  /^\/etc\/cloud\/cloud\.cfg(?:\.d\/[^/]+)?$|^\/var\/lib\/cloud\/(?:scripts\/per-(?:boot|instance|once)|instance\/scripts)\//;
const CLOUD_INIT_RUN = /^[ \t]*(?:runcmd|bootcmd)[ \t]*:/m;

/** cloud-init configuration written where every boot reads it. */
export function judgeBootScriptWrites(
  tool: string,
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  const path = paths.find((path) => CLOUD_INIT_PATH.test(path));
  if (path === undefined) return;
  if (path.startsWith("/var/lib/cloud/") || contents.some((text) => CLOUD_INIT_RUN.test(text))) {
    const fetched = contents.some((text) => /\b(?:curl|wget)\b[^\n]{0,200}https?:\/\//.test(text));
    verdict(tool, `writes commands cloud-init runs at boot ("${path}")`, fetched, findings);
  }
}

const TOOL_READS = (words: readonly string[]) =>
  words.some((word) => PURE_READ.has(word) || word === "describe") &&
  !words.some((word) => /^(?:create|modify|update|set|add|put)$/.test(word));

/** A cloud tool's arguments that set a start-up script (`use_aws`, MCP compute tools). */
export function judgeBootScriptArguments(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const text = JSON.stringify(payload);
  if (text.length > 256 * 1024 || !BOOT_GATE.test(text)) return;
  const words = [
    tool,
    ...["operation_name", "operation", "action", "service_name"].map((key) => payload[key]),
  ]
    .filter((value): value is string => typeof value === "string")
    .flatMap((value) => value.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase().split(/[^a-z0-9]+/));
  if (TOOL_READS(words)) return;
  if (
    /"(?:key|name)"\s*:\s*"(?:startup-script|windows-startup-script|sysprep-specialize-script)[\w-]*"|"startup[-_]script(?:[-_]url)?"\s*:/i
      .test(text)
  ) {
    const fetched = /startup[-_]script[-_]url[^,}]{0,40}(?:https?|ftp):\/\//i.test(text);
    return verdict(tool, "sets a startup script that every boot of the machine runs", fetched, findings);
  }
  const userData = /"(?:user_?data|UserData|--user-data)"\s*:\s*"[^"]{4,}/i.test(text) ||
    /\\"UserData\\"\s*:\s*\\"[^"\\]{4,}/.test(text);
  if (userData && words.some((word) => /^(?:modify|template|configuration|update|set)$/.test(word))) {
    return verdict(tool, "sets user data that runs when the machine starts", false, findings);
  }
  if (
    /customscript/i.test(text) &&
    words.some((word) => /^(?:extension|extensions|set|create|install)$/.test(word))
  ) {
    return verdict(tool, "installs a Custom Script extension that runs a script on the VM", false, findings);
  }
  if (
    words.includes("ssm") && words.includes("association") &&
    words.some((word) => /^(?:create|update)$/.test(word))
  ) {
    return verdict(
      tool,
      "sets a Systems Manager association that runs commands on instances",
      false,
      findings,
    );
  }
}
