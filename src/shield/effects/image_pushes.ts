/** Container images pushed to a registry that is neither allowed nor a well-known cloud registry (`docker push
 * registry.img-hub.io/acme/api`): the image carries the workspace's code and whatever was baked into it. The
 * project's own registries (allowed domains, Docker Hub, GHCR, cloud registries) pass. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";

const PUSHERS = /^(?:docker|podman|nerdctl|buildah)$/;
const KNOWN_REGISTRY =
  /(?:^|\.)(?:docker\.io|ghcr\.io|gcr\.io|pkg\.dev|quay\.io|amazonaws\.com|azurecr\.io|registry\.gitlab\.com|ocir\.io|icr\.io|scw\.cloud|digitalocean\.com|mcr\.microsoft\.com|public\.ecr\.aws|localhost)$/;

/** The registry host of an image reference (`host[:port]/path:tag`), or undefined for Docker Hub names. */
function registryOf(reference: string): string | undefined {
  const first = reference.replace(/^docker:\/\//, "").split("/")[0];
  if (!reference.includes("/") || !/[.:]/.test(first)) return undefined;
  return first.replace(/:\d+$/, "").toLowerCase();
}

/** Whether a segment of this program can push an image (judgeImagePushes finds nothing in the others). */
export const pushesImagesWith = (program: string): boolean =>
  PUSHERS.test(program) || program === "crane" || program === "skopeo";

function pushedImages(segment: Segment): string[] {
  if (!pushesImagesWith(segment.program)) return [];
  const command = segment.program;
  const [sub, ...rest] = segment.argv.slice(1);
  if (PUSHERS.test(command)) {
    if (sub === "push" || (sub === "image" && rest[0] === "push")) {
      return rest.filter((arg) => !arg.startsWith("-") && arg !== "push");
    }
    if ((sub === "build" || sub === "buildx") && segment.argv.includes("--push")) {
      const images: string[] = [];
      segment.argv.forEach((arg, i) => {
        if (arg === "-t" || arg === "--tag") images.push(segment.argv[i + 1] ?? "");
        else if (arg.startsWith("--tag=")) images.push(arg.slice(6));
      });
      return images;
    }
  }
  if (command === "crane" && sub === "push") return rest.slice(1, 2);
  if (command === "skopeo" && sub === "copy") {
    return rest.filter((arg) => arg.startsWith("docker://")).slice(-1);
  }
  return [];
}

export function judgeImagePushes(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    for (const image of pushedImages(segment)) {
      const registry = registryOf(image);
      if (!registry || KNOWN_REGISTRY.test(registry)) continue;
      const host = readHost(`https://${registry}/`, environment);
      if (host?.allowed || host?.loopback) continue;
      findings.escalate("network", `pushes an image to "${registry}", a registry that is not allowed`);
      return;
    }
  }
}
