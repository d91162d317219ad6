/** A real dovecot IMAP server for tests: a generated config in a temp folder, users from a passwd file, mail in
 * Maildirs, optional TLS (a certificate from a throwaway authority) and optional OAuth2 (tokens checked by dovecot against an
 * introspection URL). Runs as a foreground child on a free loopback port; `deliver` runs dovecot's own LDA. */
import { freePort } from "../engine_harness.ts";
import { waitForPort } from "./wait_for_port.ts";

export interface DovecotOptions {
  /** Address → password. */
  users: Record<string, string>;
  /** Serve implicit TLS with a fresh self-signed certificate. */
  tls?: boolean;
  /** RFC 7662 introspection endpoint: enables XOAUTH2 and OAUTHBEARER logins. */
  introspectionUrl?: string;
}

export interface DovecotServer {
  host: string;
  port: number;
  /** PEM of the certificate authority that signed the server's certificate (with `tls`). */
  certificate?: string;
  /** Hands a raw RFC 5322 message to dovecot-lda for one user, as a mail server would. */
  deliver(user: string, raw: string, sender?: string): Promise<void>;
  stop(): Promise<void>;
}

const DOVECOT = "/usr/sbin/dovecot";
const LDA = "/usr/lib/dovecot/dovecot-lda";

export async function startDovecot(options: DovecotOptions): Promise<DovecotServer> {
  const dir = await Deno.makeTempDir({ prefix: "parapet-dovecot-" });
  await Deno.chmod(dir, 0o755);
  const port = freePort();
  const ids = await identities();
  for (const sub of ["mail", "home", "run", "state"]) await Deno.mkdir(`${dir}/${sub}`);
  for (const sub of ["mail", "home"]) await chown(`${dir}/${sub}`, ids.mailUid, ids.mailGid);
  await Deno.writeTextFile(
    `${dir}/passwd`,
    Object.entries(options.users).map(([user, password]) => `${user}:{PLAIN}${password}`).join("\n") + "\n",
  );
  let certificate: string | undefined;
  if (options.tls) certificate = await selfSignedCertificate(dir);
  if (options.introspectionUrl) {
    await Deno.writeTextFile(
      `${dir}/oauth2.conf.ext`,
      `introspection_mode = post\nintrospection_url = ${options.introspectionUrl}\n` +
        "username_attribute = username\nactive_attribute = active\nactive_value = true\n",
    );
  }
  await Deno.writeTextFile(`${dir}/dovecot.conf`, configText(dir, port, ids, options));
  const child = new Deno.Command(DOVECOT, {
    args: ["-F", "-c", `${dir}/dovecot.conf`],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let log = "";
  const pump = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr) log += decoder.decode(chunk, { stream: true });
  })();
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch {
      // already gone
    }
    await child.status;
    await pump;
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  try {
    await waitForPort(port, () => `dovecot did not start:\n${log}`, {
      greeting: /ready\./,
      caCert: certificate,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    host: "127.0.0.1",
    port,
    certificate,
    deliver: (user, raw, sender = "sender@outside.test") => deliver(dir, user, raw, sender),
    stop,
  };
}

interface Identities {
  root: boolean;
  internalUser: string;
  loginUser: string;
  mailUid: number;
  mailGid: number;
}

/** As root, dovecot's login and mail processes must run as ordinary users: those of the Debian package. */
async function identities(): Promise<Identities> {
  const uid = Deno.uid() ?? 0;
  if (uid !== 0) {
    const name = (await run("id", ["-un"])).trim();
    return { root: false, internalUser: name, loginUser: name, mailUid: uid, mailGid: Deno.gid() ?? uid };
  }
  const mailUid = Number((await run("id", ["-u", "dovecot"])).trim());
  const mailGid = Number((await run("id", ["-g", "dovecot"])).trim());
  return { root: true, internalUser: "dovecot", loginUser: "dovenull", mailUid, mailGid };
}

function configText(dir: string, port: number, ids: Identities, options: DovecotOptions): string {
  const mechanisms = options.introspectionUrl ? "plain login xoauth2 oauthbearer" : "plain login";
  const oauthPassdb = options.introspectionUrl
    ? `passdb {\n  driver = oauth2\n  mechanisms = xoauth2 oauthbearer\n  args = ${dir}/oauth2.conf.ext\n}\n`
    : "";
  const ssl = options.tls
    ? `ssl = required\nssl_cert = <${dir}/cert.pem\nssl_key = <${dir}/key.pem\n`
    : "ssl = no\n";
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = /dev/stderr
protocols = imap
listen = 127.0.0.1
${ssl}disable_plaintext_auth = no
auth_mechanisms = ${mechanisms}
auth_failure_delay = 0
default_internal_user = ${ids.internalUser}
default_internal_group = ${ids.root ? "dovecot" : ids.internalUser}
default_login_user = ${ids.loginUser}
first_valid_uid = ${ids.mailUid}
first_valid_gid = ${ids.mailGid}
mail_location = maildir:${dir}/mail/%u
namespace inbox {
  inbox = yes
  mailbox Archive {
    auto = create
    special_use = \\Archive
  }
  mailbox Sent {
    auto = create
    special_use = \\Sent
  }
}
${oauthPassdb}passdb {
  driver = passwd-file
  mechanisms = plain login
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${ids.mailUid} gid=${ids.mailGid} home=${dir}/home/%u allow_all_users=yes
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${options.tls ? 0 : port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${options.tls ? port : 0}
    ssl = yes
  }
}
service anvil {
  chroot =
}
`;
}

async function deliver(dir: string, user: string, raw: string, sender: string): Promise<void> {
  const child = new Deno.Command(LDA, {
    args: ["-c", `${dir}/dovecot.conf`, "-d", user, "-f", sender],
    stdin: "piped",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(raw.replace(/\r?\n/g, "\n")));
  await writer.close();
  const output = await child.output();
  if (!output.success) {
    throw new Error(`dovecot-lda failed for "${user}": ${new TextDecoder().decode(output.stderr)}`);
  }
}

/** A throwaway certificate authority and a server certificate it signed for 127.0.0.1 (a self-signed leaf cannot
 * serve as its own trust anchor in rustls). Returns the authority's PEM. */
async function selfSignedCertificate(dir: string): Promise<string> {
  const days = ["-days", "2"];
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    `${dir}/ca-key.pem`,
    "-out",
    `${dir}/ca.pem`,
    ...days,
    "-subj",
    "/CN=Parapet test CA",
  ]);
  await run("openssl", [
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    `${dir}/key.pem`,
    "-out",
    `${dir}/server.csr`,
    "-subj",
    "/CN=localhost",
  ]);
  await Deno.writeTextFile(`${dir}/san.ext`, "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  await run("openssl", [
    "x509",
    "-req",
    "-in",
    `${dir}/server.csr`,
    "-CA",
    `${dir}/ca.pem`,
    "-CAkey",
    `${dir}/ca-key.pem`,
    "-CAcreateserial",
    "-out",
    `${dir}/cert.pem`,
    ...days,
    "-extfile",
    `${dir}/san.ext`,
  ]);
  return await Deno.readTextFile(`${dir}/ca.pem`);
}

async function chown(path: string, uid: number, gid: number): Promise<void> {
  if ((Deno.uid() ?? 0) === 0) await Deno.chown(path, uid, gid);
}

async function run(command: string, args: string[]): Promise<string> {
  const output = await new Deno.Command(command, { args, stdout: "piped", stderr: "piped" }).output();
  if (!output.success) {
    throw new Error(`${command} ${args.join(" ")} failed: ${new TextDecoder().decode(output.stderr)}`);
  }
  return new TextDecoder().decode(output.stdout);
}
