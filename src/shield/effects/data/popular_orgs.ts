/** Well-known source-hosting owners (GitHub, GitLab organisations) that code is cloned, vendored and installed from
 * outside the Go world, chosen by hand from the owners of the most starred and most depended-on repositories; the
 * Go owners of `popular_go.ts` are read beside them. Lookalike checks compare clone and install owners with both.
 * Round 48 added the owners of the C and C++ libraries most often vendored as git submodules (nlohmann/json,
 * fmtlib/fmt, gabime/spdlog, catchorg/Catch2, abseil, madler/zlib, nothings/stb, ocornut/imgui ...). */

// deno-fmt-ignore
export const POPULAR_SOURCE_OWNERS = `
huggingface vercel facebook facebookresearch meta-llama openai anthropics pytorch tensorflow keras-team apache
nodejs denoland python psf pallets django rust-lang microsoft dotnet google googleapis google-research aws awslabs
aws-samples azure azure-samples github actions npm yarnpkg pnpm vitejs vuejs angular sveltejs withastro remix-run
expressjs prisma supabase langchain-ai ollama mozilla torvalds numpy pandas-dev scikit-learn jupyter ansible
elastic grafana prometheus cloudflare stripe twilio shopify netflix airbnb tailwindlabs babel webpack eslint
prettier jetbrains apple swiftlang flutter dart-lang rails ruby php laravel symfony spring-projects openjdk gradle
nvidia intel ibm redhat oracle mongodb redis postgres sqlite git gitlab-org kubernetes kubernetes-sigs helm
hashicorp docker moby containerd jenkinsci argoproj fluxcd istio envoyproxy open-telemetry getsentry datadog
mlflow ray-project pydantic tiangolo encode astral-sh pypa conda conda-forge sqlalchemy celery pytest-dev
nextjs reactjs facebookincubator storybookjs jestjs vitest-dev mochajs chaijs lodash axios sindresorhus
microsoftdocs dependabot renovatebot codecov sonarsource snyk trufflesecurity zricethezav gitleaks aquasecurity
anchore sigstore slsa-framework ossf cncf linuxfoundation mastodon wordpress woocommerce drupal joomla
nlohmann fmtlib gabime catchorg abseil madler nothings ocornut glfw g-truc jbeder zeux tencent libuv curl openssl
protocolbuffers pybind opencv boostorg microsoft-vcpkg
`;
