/** The token stores of developer tools and AI agents (round 60), as a table: where each CLI or agent keeps the
 * login it made, relative to the home (lower case), what the file holds and the tool's own documentation. Reading,
 * copying, archiving or uploading one hands over the account behind it (the Nx "s1ngularity" malware of 2025 had
 * the victims' own AI CLIs hunt for exactly these files). The stores Shield knew before (`gh`'s `hosts.yml`,
 * Codex's `auth.json`, Claude Code's `.credentials.json`, Docker's `config.json`, `.npmrc`, `.pypirc`, `.netrc`,
 * `.git-credentials`) stay where they were; the tools' settings files (`gh`'s `config.yml`, Goose's `config.yaml`,
 * a project's `fly.toml` or `wrangler.toml`) are not stores and pass.
 * Sources: each row's documentation; Wiz and StepSecurity, s1ngularity: the Nx supply-chain attack (2025); MITRE
 * ATT&CK T1552.001 Credentials in Files. */

export interface TokenStore {
  /** The path inside a home, as a regular expression's source (lower case, `/` separated, no leading `/`). */
  readonly path: string;
  readonly holds: string;
  readonly source: string;
}

export const AGENT_TOKEN_STORES: readonly TokenStore[] = [
  {
    path: String.raw`\.config\/github-copilot\/(?:hosts|apps)\.json`,
    holds: "GitHub Copilot's OAuth token (editor plugins, Copilot CLI)",
    source: "copilot.vim / copilot.lua docs",
  },
  {
    path: String.raw`\.config\/glab-cli\/config\.ya?ml`,
    holds: "GitLab CLI tokens per host",
    source: "glab docs, glab config",
  },
  {
    path: String.raw`\.gemini\/(?:oauth_creds|mcp-oauth-tokens|google_accounts)\.json`,
    holds: "Gemini CLI's Google OAuth credentials and MCP server tokens",
    source: "Gemini CLI docs, authentication",
  },
  {
    path: String.raw`\.qwen\/oauth_creds\.json`,
    holds: "Qwen Code's OAuth credentials",
    source: "Qwen Code docs, authentication",
  },
  {
    path: String.raw`\.config\/goose\/secrets\.ya?ml`,
    holds: "Goose's provider API keys when the keyring is off",
    source: "Goose docs, configuration (file-based secrets)",
  },
  {
    path: String.raw`\.aider\/oauth-keys\.env`,
    holds: "aider's OpenRouter OAuth key",
    source: "aider docs, OpenRouter",
  },
  {
    path: String.raw`\.local\/share\/(?:opencode\/auth|amp\/secrets)\.json`,
    holds: "opencode's and Amp's provider API keys",
    source: "opencode docs, providers; Amp manual",
  },
  {
    path: String.raw`\.codeium\/config\.json`,
    holds: "Codeium's API key (editor plugins)",
    source: "codeium.vim docs",
  },
  {
    path: String
      .raw`(?:\.local\/share\/com\.vercel\.cli|library\/application support\/com\.vercel\.cli|\.vercel)\/auth\.json`,
    holds: "Vercel CLI's login token",
    source: "Vercel CLI docs, global options (--global-config)",
  },
  {
    path: String.raw`(?:\.config\/netlify|\.netlify|library\/preferences\/netlify)\/config\.json`,
    holds: "Netlify CLI's users and their auth tokens",
    source: "Netlify CLI docs, authentication",
  },
  {
    path: String.raw`\.fly\/config\.yml`,
    holds: "flyctl's access token",
    source: "Fly.io docs, flyctl auth",
  },
  {
    path: String.raw`\.doppler\/\.doppler\.ya?ml`,
    holds: "Doppler CLI's tokens per scope",
    source: "Doppler CLI docs, configuration",
  },
  {
    path: String.raw`\.railway\/config\.json`,
    holds: "Railway CLI's user token",
    source: "Railway CLI docs",
  },
  {
    path: String.raw`\.supabase\/access-token`,
    holds: "Supabase CLI's personal access token",
    source: "Supabase CLI docs, supabase login",
  },
  {
    path: String
      .raw`(?:\.config\/\.wrangler|\.wrangler|library\/preferences\/\.wrangler)\/config\/[^/]+\.toml`,
    holds: "Wrangler's Cloudflare OAuth tokens",
    source: "Cloudflare Wrangler docs, wrangler login",
  },
  {
    path: String.raw`\.config\/configstore\/(?:firebase-tools|snyk)\.json`,
    holds: "Firebase CLI's refresh token, Snyk's API token",
    source: "Firebase CLI docs, firebase login; Snyk CLI docs, snyk auth",
  },
  {
    path: String.raw`(?:\.config\/ngrok|\.ngrok2|library\/application support\/ngrok)\/ngrok\.yml`,
    holds: "ngrok's authtoken and API key",
    source: "ngrok agent configuration docs",
  },
  {
    path: String.raw`(?:\.cache\/huggingface|\.huggingface)\/(?:token|stored_tokens)`,
    holds: "Hugging Face access tokens",
    source: "huggingface_hub docs, environment variables (HF_TOKEN_PATH)",
  },
  {
    path: String.raw`\.config\/stripe\/config\.toml`,
    holds: "Stripe CLI's test and live keys",
    source: "Stripe CLI docs, stripe login",
  },
  {
    path: String.raw`\.sentryclirc`,
    holds: "sentry-cli's auth token",
    source: "Sentry CLI docs, configuration",
  },
  {
    path: String.raw`\.kaggle\/kaggle\.json`,
    holds: "Kaggle's API key",
    source: "Kaggle API docs",
  },
  {
    path: String.raw`\.pulumi\/credentials\.json`,
    holds: "Pulumi Cloud access tokens",
    source: "Pulumi docs, pulumi login",
  },
  {
    path: String.raw`\.cloudflared\/(?:cert\.pem|[^/]+\.json)`,
    holds: "cloudflared's origin certificate and tunnel credentials",
    source: "Cloudflare Tunnel docs, tunnel credentials",
  },
  {
    path: String.raw`\.config\/containers\/auth\.json`,
    holds: "Podman and Buildah registry logins",
    source: "containers-auth.json(5)",
  },
  {
    path: String.raw`\.expo\/state\.json`,
    holds: "Expo CLI's session secret",
    source: "Expo docs, expo login",
  },
  {
    path: String.raw`\.jfrog\/jfrog-cli\.conf(?:\.v\d+)?`,
    holds: "JFrog CLI's server tokens",
    source: "JFrog CLI docs, configuration",
  },
];

const ALTERNATIVES = AGENT_TOKEN_STORES.map((store) => store.path).join("|");

/** A store, as a path inside a home (`/.fly/config.yml`). */
export const AGENT_TOKEN_STORE = new RegExp(`^\\/(?:${ALTERNATIVES})$`);
/** A store, at the end of any path the rules read: a normalised path, or a path named in code (`open('...')`,
 * `Path.home() / '.fly/config.yml'`), so followed by no further character of a name. */
export const AGENT_TOKEN_PATH = new RegExp(`(?:\\/|(?<=['"\x60]))(?:${ALTERNATIVES})(?![\\w.-])`);
