/** Where package managers take a package's source from, as data (round 11b): per program, the subcommands that
 * install, the options and `-D` properties whose value names an index, feed, channel or repository, whether the
 * words after the subcommand may themselves be a URL or file, and options that skip the store's signature. Each row
 * cites the manual it was read from; effects/package_sources.ts judges every value. */

export interface PackageSourceRow {
  programs: readonly string[];
  /** Subcommands (word sequences after the program) that install; empty: any. */
  verbs: readonly (readonly string[])[];
  /** Options whose value is a source (`--source URL`, `--source=URL`). */
  sourceOptions?: readonly string[];
  /** `-Dname=value` properties whose value is a source (Maven). */
  sourceProperties?: readonly string[];
  /** The words after the subcommand may be a URL, git reference or package file. */
  positional?: boolean;
  /** Options whose value is a folder of source code to build (`cargo install --path DIR`). */
  pathOptions?: readonly string[];
  /** Words after which the next word is a forge repository (`mix archive.install github owner/repo`). */
  forgeWords?: readonly string[];
  /** Options that turn off the signature check, judged by name (`=value` aside). */
  unsignedOptions?: readonly string[];
  /** Words in an option value that turn it off (`-o Acquire::AllowInsecureRepositories=true`). */
  unsignedValues?: RegExp;
  source: string;
}

export const PACKAGE_SOURCES: readonly PackageSourceRow[] = [
  {
    programs: ["dotnet"],
    verbs: [["add", "package"], ["restore"], ["tool", "install"], ["tool", "update"], ["new", "install"]],
    sourceOptions: ["--source", "-s", "--add-source"],
    source:
      "https://learn.microsoft.com/dotnet/core/tools/dotnet-add-package (--source), dotnet-tool-install",
  },
  {
    programs: ["nuget", "nuget.exe"],
    verbs: [["install"], ["restore"], ["update"]],
    sourceOptions: ["-Source", "-source", "-FallbackSource"],
    source: "https://learn.microsoft.com/nuget/reference/cli-reference/cli-ref-install",
  },
  {
    programs: ["mvn", "mvnw", "mvnd"],
    verbs: [],
    sourceProperties: ["remoteRepositories", "repoUrl", "maven.repo.remote"],
    source: "https://maven.apache.org/plugins/maven-dependency-plugin/get-mojo.html (remoteRepositories)",
  },
  {
    programs: ["gem"],
    verbs: [["install"], ["update"]],
    sourceOptions: ["--source", "-s"],
    positional: true,
    source: "https://guides.rubygems.org/command-reference/#gem-install (--source; a local .gem file)",
  },
  {
    programs: ["bundle"],
    verbs: [["add"]],
    sourceOptions: ["--source", "--git"],
    source: "https://bundler.io/man/bundle-add.1.html",
  },
  {
    programs: ["composer", "composer.phar"],
    verbs: [["require"], ["create-project"], ["global", "require"]],
    sourceOptions: ["--repository", "--repository-url"],
    source: "https://getcomposer.org/doc/03-cli.md#create-project (--repository)",
  },
  {
    programs: ["conda", "mamba", "micromamba"],
    verbs: [["install"], ["create"], ["update"]],
    sourceOptions: ["-c", "--channel"],
    source:
      "https://docs.conda.io/projects/conda/en/stable/commands/install.html (-c: a channel name or URL)",
  },
  {
    programs: ["yarn"],
    verbs: [["plugin", "import"]],
    positional: true,
    source: "https://yarnpkg.com/cli/plugin/import (a URL or path)",
  },
  {
    programs: ["poetry"],
    verbs: [["self", "add"]],
    positional: true,
    source: "https://python-poetry.org/docs/cli/#self-add (git, URL and path specs as for add)",
  },
  {
    programs: ["vagrant"],
    verbs: [["plugin", "install"]],
    sourceOptions: ["--plugin-source"],
    positional: true,
    source: "https://developer.hashicorp.com/vagrant/docs/cli/plugin",
  },
  {
    programs: ["brew"],
    verbs: [["install"], ["tap"], ["reinstall"]],
    positional: true,
    source: "https://docs.brew.sh/Manpage#tap-options-userrepo-url (a formula URL, a tap's URL)",
  },
  {
    programs: ["gh"],
    verbs: [["extension", "install"], ["ext", "install"]],
    positional: true,
    source: "https://cli.github.com/manual/gh_extension_install (a repository URL)",
  },
  {
    programs: ["asdf"],
    verbs: [["plugin", "add"], ["plugin-add"]],
    positional: true,
    source: "https://asdf-vm.com/manage/plugins.html (plugin add NAME GIT-URL)",
  },
  {
    programs: ["kubectl"],
    verbs: [["krew", "install"]],
    sourceOptions: ["--manifest-url", "--archive", "--manifest"],
    source: "https://krew.sigs.k8s.io/docs/user-guide/advanced-installing/",
  },
  {
    programs: ["cargo"],
    verbs: [["install"]],
    pathOptions: ["--path"],
    source: "https://doc.rust-lang.org/cargo/commands/cargo-install.html (--path: a local crate folder)",
  },
  {
    programs: ["uv"],
    verbs: [["tool", "install"], ["tool", "run"]],
    sourceOptions: ["--from", "--index", "--index-url", "--extra-index-url", "--default-index"],
    positional: true,
    source: "https://docs.astral.sh/uv/reference/cli/#uv-tool-install (--from, git+ and URL requirements)",
  },
  {
    programs: ["cpanm", "cpan"],
    verbs: [],
    sourceOptions: ["--mirror", "--from"],
    positional: true,
    source: "https://metacpan.org/dist/App-cpanminus/view/bin/cpanm (a URL or archive path; --mirror)",
  },
  {
    programs: ["luarocks"],
    verbs: [["install"], ["build"]],
    sourceOptions: ["--server", "--only-server", "--from"],
    positional: true,
    source: "https://github.com/luarocks/luarocks/blob/main/docs/luarocks.md (--server, a rockspec URL)",
  },
  {
    programs: ["dart", "flutter"],
    verbs: [["pub", "global", "activate"]],
    sourceOptions: ["--hosted-url", "-u"],
    positional: true,
    source: "https://dart.dev/tools/pub/cmd/pub-global (--source git URL, --source path DIR, --hosted-url)",
  },
  {
    programs: ["mix"],
    verbs: [["archive.install"], ["escript.install"]],
    positional: true,
    forgeWords: ["github", "git"],
    source:
      "https://hexdocs.pm/mix/Mix.Tasks.Archive.Install.html (github OWNER/REPO, git URL, a URL or path)",
  },
  {
    programs: ["apt-get", "apt", "aptitude"],
    verbs: [["install"], ["update"], ["upgrade"], ["dist-upgrade"], ["full-upgrade"]],
    unsignedOptions: ["--allow-unauthenticated", "--allow-insecure-repositories"],
    unsignedValues: /AllowInsecureRepositories|AllowUnauthenticated|AllowDowngradeToInsecure|trusted=yes/i,
    source: "https://manpages.debian.org/bookworm/apt/apt-get.8.en.html, apt-secure(8)",
  },
];
