/** Widely installed Visual Studio Code extensions (`publisher.name`, lower-cased), hand-picked from the Visual Studio
 * Marketplace's most-installed listing and the Open VSX registry's most downloaded (2025), with the extension ids
 * VS Code's own docs recommend per language: a recommended extension one or two edits away from one of these, the
 * same name under a near publisher, or the name with a lure suffix (`-pro`, `-free`) imitates it. */

export const POPULAR_VSCODE_EXTENSIONS: readonly string[] = `
ms-python.python ms-python.vscode-pylance ms-python.debugpy ms-python.black-formatter ms-python.isort
ms-python.flake8 ms-python.pylint ms-python.mypy-type-checker ms-python.autopep8 ms-toolsai.jupyter
ms-toolsai.jupyter-keymap ms-toolsai.jupyter-renderers ms-toolsai.vscode-jupyter-cell-tags
ms-toolsai.vscode-jupyter-slideshow ms-toolsai.datawrangler ms-vscode.cpptools ms-vscode.cpptools-extension-pack
ms-vscode.cpptools-themes ms-vscode.cmake-tools ms-vscode.powershell ms-vscode.makefile-tools ms-vscode.live-server
ms-vscode.vscode-typescript-next ms-vscode.hexeditor ms-vscode.remote-explorer ms-vscode.remote-server
ms-vscode.remote-repositories ms-vscode.js-debug ms-vscode.test-adapter-converter ms-vscode.vscode-serial-monitor
ms-vscode.azure-account ms-vscode.vscode-speech ms-vscode-remote.remote-ssh ms-vscode-remote.remote-ssh-edit
ms-vscode-remote.remote-containers ms-vscode-remote.remote-wsl ms-vscode-remote.vscode-remote-extensionpack
ms-azuretools.vscode-docker ms-azuretools.vscode-azurefunctions ms-azuretools.vscode-azureresourcegroups
ms-azuretools.vscode-bicep ms-kubernetes-tools.vscode-kubernetes-tools ms-dotnettools.csharp ms-dotnettools.csdevkit
ms-dotnettools.vscode-dotnet-runtime ms-vsliveshare.vsliveshare ms-ceintl.vscode-language-pack-zh-hans
ms-mssql.mssql ms-edgedevtools.vscode-edge-devtools ms-playwright.playwright ms-azure-devops.azure-pipelines
github.copilot github.copilot-chat github.vscode-pull-request-github github.vscode-github-actions
github.github-vscode-theme github.remotehub gitlab.gitlab-workflow atlassian.atlascode esbenp.prettier-vscode
dbaeumer.vscode-eslint eamodio.gitlens ritwickdey.liveserver redhat.java redhat.vscode-yaml redhat.vscode-xml
redhat.vscode-commons redhat.ansible redhat.vscode-openshift-connector vscjava.vscode-java-pack
vscjava.vscode-java-debug vscjava.vscode-maven vscjava.vscode-java-test vscjava.vscode-java-dependency
vscjava.vscode-gradle visualstudioexptteam.vscodeintellicode visualstudioexptteam.intellicode-api-usage-examples
pkief.material-icon-theme vscode-icons-team.vscode-icons formulahendry.code-runner formulahendry.auto-rename-tag
formulahendry.auto-close-tag christian-kohler.path-intellisense christian-kohler.npm-intellisense
streetsidesoftware.code-spell-checker golang.go rust-lang.rust-analyzer vadimcn.vscode-lldb tamasfe.even-better-toml
hashicorp.terraform hashicorp.hcl bradlc.vscode-tailwindcss vue.volar svelte.svelte-vscode astro-build.astro-vscode
angular.ng-template dart-code.dart-code dart-code.flutter xdebug.php-debug bmewburn.vscode-intelephense-client
shopify.ruby-lsp rebornix.ruby castwide.solargraph ziglang.vscode-zig llvm-vs-code-extensions.vscode-clangd
twxs.cmake mechatroner.rainbow-csv yzhang.markdown-all-in-one davidanson.vscode-markdownlint editorconfig.editorconfig
mikestead.dotenv wayou.vscode-todo-highlight gruntfuggly.todo-tree oderwat.indent-rainbow usernamehw.errorlens
humao.rest-client rangav.vscode-thunder-client mtxr.sqltools cweijan.vscode-mysql-client2 prisma.prisma
graphql.vscode-graphql apollographql.vscode-apollo donjayamanne.githistory mhutchie.git-graph codezombiech.gitignore
platformio.platformio-ide dsznajder.es7-react-js-snippets xabikos.javascriptsnippets msjsdiag.vscode-react-native
firefox-devtools.vscode-firefox-debug wallabyjs.quokka-vscode orta.vscode-jest vitest.explorer
firsttris.vscode-jest-runner hbenl.vscode-test-explorer zhuangtongfa.material-theme dracula-theme.theme-dracula
monokai.theme-monokai-pro-vscode enkia.tokyo-night catppuccin.catppuccin-vsc sdras.night-owl johnpapa.vscode-peacock
vscodevim.vim alefragnani.bookmarks alefragnani.project-manager aaron-bond.better-comments naumovs.color-highlight
tomoki1207.pdf hediet.vscode-drawio jebbs.plantuml james-yu.latex-workshop ionide.ionide-fsharp scala-lang.scala
scalameta.metals haskell.haskell julialang.language-julia reditorsupport.r charliermarsh.ruff njpwerner.autodocstring
kevinrose.vsc-python-indent donjayamanne.python-environment-manager batisteo.vscode-django wholroyd.jinja
samuelcolvin.jinjahtml continue.continue saoudrizwan.claude-dev rooveterinaryinc.roo-cline anthropic.claude-code
openai.chatgpt tabnine.tabnine-vscode amazonwebservices.aws-toolkit-vscode googlecloudtools.cloudcode
timonwong.shellcheck foxundermoon.shell-format denoland.vscode-deno biomejs.biome stylelint.vscode-stylelint
sonarsource.sonarlint-vscode snyk-security.snyk-vulnerability-scanner ecmel.vscode-html-css
zignd.html-css-class-completion steoates.autoimport wix.vscode-import-cost pflannery.vscode-versionlens
ckolkman.vscode-postgres alexcvzz.vscode-sqlite qwtel.sqlite-viewer janisdd.vscode-edit-csv grapecity.gc-excelviewer
tyriar.sort-lines wmaurer.change-case shd101wyy.markdown-preview-enhanced bierner.markdown-mermaid znck.grammarly
kisstkondoros.vscode-gutter-preview vsls-contrib.codetour docker.docker
`.trim().split(/\s+/);
