/** A well-known tool's container image under an owner that does not publish it (round 48): `docker run -v
 * $PWD:/src ghcr.io/lint-tools-io/super-linter:latest` for `ghcr.io/super-linter/super-linter`, `quay.io/trivy-scan/
 * trivy` for `aquasec/trivy`. Linters and scanners are run over the whole checkout, often with its secrets in reach;
 * the same image name under a stranger's account is the lure (round 39's impostor namespaces cover Docker Hub's
 * official images; these are third-party tools, on any registry). The publishers' own owners pass, as do names no
 * listed tool has. Owners are each project's documented image (README or GitHub Packages page, 2025). */

/** Image name -> the owners that publish it. */
const TOOL_IMAGES: ReadonlyMap<string, readonly string[]> = new Map([
  ["super-linter", ["super-linter", "github"]],
  ["megalinter", ["oxsecurity", "megalinter"]],
  ["trivy", ["aquasec", "aquasecurity"]],
  ["tfsec", ["aquasec", "aquasecurity"]],
  ["grype", ["anchore"]],
  ["syft", ["anchore"]],
  ["cosign", ["sigstore", "projectsigstore"]],
  ["gitleaks", ["gitleaks", "zricethezav"]],
  ["hadolint", ["hadolint"]],
  ["renovate", ["renovatebot", "renovate"]],
  ["goreleaser", ["goreleaser"]],
  ["golangci-lint", ["golangci"]],
  ["semgrep", ["semgrep", "returntocorp"]],
  ["trufflehog", ["trufflesecurity"]],
  ["shellcheck", ["koalaman"]],
  ["checkov", ["bridgecrew"]],
  ["actionlint", ["rhysd"]],
  ["kube-linter", ["stackrox"]],
  ["kubeconform", ["yannh"]],
  ["open-webui", ["open-webui"]],
  ["home-assistant", ["home-assistant", "homeassistant"]],
  ["dependency-check", ["owasp"]],
  ["zaproxy", ["zaproxy", "owasp"]],
  ["sonar-scanner-cli", ["sonarsource"]],
  ["markdownlint-cli2", ["davidanson"]],
]);

/** `registry/owner/name:tag` -> the listed tool whose image `owner/name` borrows, if any. */
export function borrowedToolImage(image: string): string | undefined {
  const parts = image.toLowerCase().replace(/[@:][^/]*$/, "").split("/");
  if (parts.length < 2) return undefined;
  const name = parts[parts.length - 1];
  const owner = parts[parts.length - 2];
  const owners = TOOL_IMAGES.get(name);
  if (!owners || owners.includes(owner) || (parts.length === 2 && owner.includes("."))) return undefined;
  return `${owners[0]}/${name}`;
}
