/** YAML sections shared by the IFC presets: the source labels and the sink categories. */

/** Reads that carry secrets or private data, by path, host and tool. The highest matching level wins. */
export const SOURCES_YAML = `sources:
  # Keys and credentials: reading them makes a session critical.
  - name: ssh_and_gpg_keys
    match: { paths: ["~/.ssh/**", "~/.gnupg/**", "**/id_rsa*", "**/id_ed25519*", "**/id_ecdsa*", "**/id_dsa*"] }
    level: critical
  - name: key_files
    match: { paths: ["**/*.pem", "**/*.key", "**/*.p12", "**/*.pfx", "**/*.keystore", "**/*.jks"] }
    level: critical
  - name: env_files
    match: { paths: ["**/.env", "**/.env.*"] }
    level: critical
  - name: system_secrets
    match: { paths: ["/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/etc/sudoers.d/**", "/etc/ssl/private/**"] }
    level: critical
  - name: cloud_and_tool_credentials
    match:
      paths: ["~/.aws/**", "~/.azure/**", "~/.config/gcloud/**", "~/.kube/**", "~/.docker/config.json",
              "**/.netrc", "**/.npmrc", "**/.pypirc", "**/.git-credentials", "**/credentials", "**/credentials.*",
              "**/secrets/**", "**/*secret*"]
    level: restricted
  - name: engine_state
    match: { paths: ["$WORKSPACE/.engine/**", "$WORKSPACE/config.yaml"] }
    level: restricted
  - name: system_files
    match: { paths: ["/etc/**", "/var/**", "/proc/**"] }
    level: internal
  - name: workspace_files
    match: { paths: ["$WORKSPACE/**"] }
    level: internal
  # Mail and calendars hold other people's private data.
  - name: mail_and_calendar
    match: { tools: [email_read, email_search, email_list, read_calendar] }
    level: confidential
  - name: memory
    match: { tools: [memory_search] }
    level: internal
  - name: mcp_servers
    match: { tools: ["mcp__*"] }
    level: internal
  - name: public_web
    match: { tools: [http_request, browser_navigate, browser_extract, browser_screenshot], hosts: ["*"] }
    level: public
  - name: local_network
    match:
      hosts: ["localhost", "*.localhost", "127.*", "::1", "[::1]", "10.*", "192.168.*", "172.*", "169.254.*",
              "*.local", "*.internal", "*.lan"]
    level: internal
`;

/**
 * Where data can leave. http_request and browser_navigate to a local host are no sink; to an outside host
 * they are external_send when the call carries data (body, query string, a method other than GET/HEAD)
 * and external_fetch otherwise (a URL path can still carry a secret).
 */
export const SINKS_YAML = `sinks:
  external_send: [http_request, browser_navigate, send_email, send_message, git_push, create_event, update_event,
                  browser_type, "mcp__*"]
  external_fetch: [http_request, browser_navigate]
  exec: [execute_command, create_agent, agent_message]
  memory_write: [memory_write]
  workspace_write: [write_file, delete_file, move_file, copy_file, create_directory, git_commit, create_schedule]
`;
