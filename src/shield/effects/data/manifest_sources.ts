/** Where manifests and CI files name a package's or a pipeline's source, as data (round 11b): per file name, a
 * pattern whose first filled group is a path (judged against the workspace, from the manifest's own folder), a URL
 * (judged by host) or a reference that follows whatever is newest. Each row cites the format's documentation;
 * effects/manifest_sources.ts reads them. */

/** `path`: a folder or file; `url`: an address (git@host:path too); `registry`: a `host/...` reference whose first
 * part is a registry host (OCI features); `unpinned`: a reference that follows whatever is newest. */
export type SourceKind = "path" | "url" | "registry" | "unpinned";

export interface ManifestSourceRow {
  file: RegExp;
  /** A cheap literal the content must hold before the pattern runs. */
  literal: string;
  pattern: RegExp;
  kind: SourceKind;
  source: string;
}

export const MANIFEST_SOURCES: readonly ManifestSourceRow[] = [
  {
    file: /(?:^|\/)package\.json$/,
    literal: ":",
    pattern: /"(?:file|link|portal):([^"]{1,512})"/g,
    kind: "path",
    source:
      "https://docs.npmjs.com/cli/v10/configuring-npm/package-json#local-paths; yarn link:/portal: protocols",
  },
  {
    file: /(?:^|\/)cargo\.toml$/,
    literal: "path",
    pattern: /\bpath\s*=\s*"([^"]{1,512})"/g,
    kind: "path",
    source:
      "https://doc.rust-lang.org/cargo/reference/specifying-dependencies.html#specifying-path-dependencies",
  },
  {
    file: /(?:^|\/)pyproject\.toml$/,
    literal: "path",
    pattern: /\bpath\s*=\s*"([^"]{1,512})"/g,
    kind: "path",
    source:
      "https://python-poetry.org/docs/dependency-specification/#path-dependencies; uv tool.uv.sources path",
  },
  {
    file: /(?:^|\/)requirements[^/]*\.(?:txt|in)$/,
    literal: "/",
    pattern:
      /^\s*(?:-e\s+|--editable\s+)?(?:[\w.-]+\s*@\s*)?(?:file:(?:\/\/)?)?((?:\/|\.\.\/|~\/)[^\s#;]{1,512})/gm,
    kind: "path",
    source: "https://pip.pypa.io/en/stable/reference/requirements-file-format/ (local paths, file: URLs)",
  },
  {
    file: /(?:^|\/)go\.mod$/,
    literal: "=>",
    pattern: /=>\s*((?:\/|\.\.\/|~\/)\S{1,512})/g,
    kind: "path",
    source: "https://go.dev/ref/mod#go-mod-file-replace (a replacement path)",
  },
  {
    file: /(?:^|\/)gemfile$/,
    literal: "path",
    pattern: /\bpath:\s*["']([^"']{1,512})["']/g,
    kind: "path",
    source: "https://bundler.io/guides/gemfile.html (path:)",
  },
  {
    file: /(?:^|\/)composer\.json$/,
    literal: "repositories",
    pattern: /"repositories"\s*:\s*[[{][^\]}]{0,2000}?"url"\s*:\s*"([^"]{1,512})"/g,
    kind: "url",
    source: "https://getcomposer.org/doc/05-repositories.md (vcs, composer and package repositories)",
  },
  {
    file: /(?:^|\/)\.gitlab-ci\.ya?ml$|(?:^|\/)\.gitlab\/ci\/[^/]+\.ya?ml$/,
    literal: "remote",
    pattern: /\bremote\s*:\s*['"]?(https?:\/\/[^\s'"]{1,512})/g,
    kind: "url",
    source: "https://docs.gitlab.com/ci/yaml/#includeremote",
  },
  {
    file: /(?:^|\/)\.circleci\/config\.ya?ml$/,
    literal: "@",
    pattern: /^\s+[\w-]+:\s*['"]?([\w-]+\/[\w-]+@(?:volatile|dev:[\w.-]+))/gm,
    kind: "unpinned",
    source: "https://circleci.com/docs/orb-concepts/#orb-versions-development-vs-production-vs-volatile",
  },
  {
    file: /(?:^|\/)\.gitmodules$/,
    literal: "url",
    pattern: /^\s*url\s*=\s*(\S{1,512})/gm,
    kind: "url",
    source: "https://git-scm.com/docs/gitmodules (submodule.<name>.url)",
  },
  {
    file: /(?:^|\/)chart\.ya?ml$|(?:^|\/)requirements\.ya?ml$/,
    literal: "repository",
    pattern: /^\s*repository:\s*["']?((?:https?|oci):\/\/[^\s"']{1,512})/gm,
    kind: "url",
    source: "https://helm.sh/docs/topics/charts/#the-chartyaml-file (dependencies[].repository)",
  },
  {
    file: /(?:^|\/)environment\.ya?ml$/,
    literal: "://",
    pattern: /^\s*-\s*(?:git\+)?((?:https?|ssh):\/\/[^\s#"']{1,512})/gm,
    kind: "url",
    source:
      "https://docs.conda.io/projects/conda/en/stable/user-guide/tasks/manage-environments.html (channels, pip:)",
  },
  {
    file: /(?:^|\/)go\.work$/,
    literal: "use",
    pattern: /^\s*(?:use\s+)?((?:\/|\.\.\/|~\/)[^\s)]{1,512})\s*$/gm,
    kind: "path",
    source: "https://go.dev/ref/mod#go-work-file-use",
  },
  {
    file: /(?:^|\/)package\.swift$/,
    literal: ".package",
    pattern: /\.package\(\s*(?:name:\s*"[^"]*",\s*)?(?:url|path):\s*"([^"]{1,512})"/g,
    kind: "url",
    source: "https://developer.apple.com/documentation/packagedescription/package/dependency",
  },
  {
    file: /(?:^|\/)\.?devcontainer(?:\.json|\/devcontainer\.json|\/[^/]+\/devcontainer\.json)$/,
    literal: "features",
    pattern: /"((?:[\w-]+\.)+[\w-]+(?::\d+)?\/[\w./-]+(?::[\w.-]+)?)"\s*:\s*\{/g,
    kind: "registry",
    source: "https://containers.dev/implementors/features-distribution/ (features by OCI reference)",
  },
];
