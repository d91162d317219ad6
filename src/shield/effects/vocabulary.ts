/** The words tool names, CLI subcommands and operation arguments are made of, sorted into what they do.
 * Data only: a word may belong to several classes (`send` moves messages, and money with a money noun). */

export type VerbClass =
  | "read"
  | "write"
  | "delete"
  | "exec"
  | "send"
  | "grant"
  | "money"
  | "physical"
  | "disable"
  | "delegate"
  | "install"
  | "export";

export type NounClass =
  | "physical"
  | "security"
  | "money"
  | "secret"
  | "message"
  | "access"
  | "rule"
  | "data"
  | "local"
  | "shell"
  | "code"
  | "file"
  | "web"
  | "agent"
  | "package";

const table = <T extends string>(entries: Record<T, string>): Map<string, T[]> => {
  const map = new Map<string, T[]>();
  for (const [name, words] of Object.entries(entries) as Array<[T, string]>) {
    for (const word of words.split(/\s+/).filter(Boolean)) map.set(word, [...(map.get(word) ?? []), name]);
  }
  return map;
};

export const VERBS: Map<string, VerbClass[]> = table<VerbClass>({
  read: `get list search read find view show check describe lookup look count status info inspect browse
    retrieve fetch preview summarize summarise explain translate calculate compute multiply divide sum query
    scan analyze analyse compare validate verify estimate recommend suggest convert render diff tail head peek
    current whoami ping resolve open load glance watch monitor poll detect test lint grep ls cat print
    display lookup locate navigate visit goto screenshot snapshot forecast`,
  write: `create update edit set put write modify change add append insert patch rename move configure enable
    apply replace save reschedule mark label tag archive star pin upsert sync import copy merge commit draft
    assign toggle turn start restart launch deploy generate register follow like rate review upload make new
    init setup provision attach connect mount scale resize replicate rotate restore reply respond comment`,
  delete: `delete remove destroy drop purge wipe erase trash clear reset terminate uninstall revoke kill shred
    truncate nuke cancel unlink detach disconnect deactivate leave evict ban kick unsubscribe discard
    deletion removal`,
  exec: `execute exec run runner eval invoke call spawn interpret script command cmd evaluate`,
  send: `send post reply forward publish tweet share notify message dm sms email mail broadcast announce
    comment respond chat text submit upload export push invite tell alert`,
  grant: `share grant invite invitation delegate authorize authorise approve allow permit whitelist allowlist
    elevate promote impersonate assume attach unlock disarm expose publish`,
  money: `pay payment transfer wire withdraw deposit buy sell purchase order trade swap refund donate tip
    charge checkout bid stake remit payout invest borrow lend reserve book subscribe tender`,
  physical: `unlock lock open close disarm arm dispense bolus ignite heat cool drive honk`,
  disable: `disable deactivate off stop pause mute silence suppress snooze dismiss bypass skip ignore
    override leave block hide disarm`,
  delegate: `delegate handoff dispatch spawn`,
  install: `install require`,
  export: `export download backup dump clone mirror archive`,
});

export const NOUNS: Map<string, NounClass[]> = table<NounClass>({
  physical: `lock locks door doors gate garage car vehicle alarm camera cameras motion smoke thermostat heater
    oven stove insulin pump bolus medication valve window windows sprinkler breaker drone robot ignition
    trunk boiler furnace garagedoorcontrol baby arlo ring nest wyze blink simplisafe adt august yale schlage
    kwikset myq chamberlain tesla rivian smartthings homekit ecobee tuya eufy emergency ambulance police
    firefighter firefighters 911 112 traffic light lights elevator pacemaker ventilator infusion cover covers
    shutter shutters opener`,
  security: `alert alerts notification notifications security camera alarm mfa 2fa twofactor multifactor
    secondfactor twostep tls ssl https firewall logging audit monitoring protection antivirus defender guardrail
    guardrails motion auth authentication encryption kms sso organization organizations sandbox approval approvals
    verification spam phishing`,
  money: `money payment payments bill bills fund funds crypto coin btc bitcoin eth ether ethereum sol solana
    usdc usdt wallet bank iban card cash cashapp venmo paypal zelle stripe payout payouts invoice discount
    coupon price stock stocks trade portfolio loan credit refund transaction transactions wire coinbase
    binance kraken robinhood nft token tokens lamports approval hotel flight ticket reservation booking
    spending overdraft`,
  secret: `password passwords passwd credential credentials secret secrets apikey cookie cookies vault
    keychain keyring otp recovery seed mnemonic ssn passkey`,
  message: `email emails mail mails message messages sms text dm chat post tweet channel slack teams whatsapp
    telegram discord signal matrix comment reply invitation invitations invite x twitter`,
  access: `user users member members guest guests collaborator collaborators admin admins owner owners role
    roles permission permissions access delegate delegation acl policy sharing link public visibility
    authorized principal deploy key keys iam grant public publicly`,
  rule: `forwarding forward filter filters rule rules responder autoreply redirect webhook webhooks hook
    hooks automation automations routine routines trigger triggers cron schedule schedules job jobs vacation`,
  data: `file files folder folders directory document documents doc docs drive dropbox box onedrive gdrive
    photo photos album note notes bucket buckets repo repository repositories database db table tables
    calendar calendars event events contact contacts record records backup backups snapshot snapshots
    instance instances droplet droplets cluster clusters project projects zone domain dns workspace account
    accounts org history settings preferences`,
  local: `todo todos todowrite draft memo reminder bookmark scratchpad thought think plan`,
  shell: `bash shell sh zsh terminal command cmd console powershell pwsh cli`,
  code: `python code js javascript node interpreter repl notebook jupyter ipython ruby perl php lua`,
  file: `file files fs filesystem dir directory folder path`,
  web: `web url page webpage http https site website link fetch browser`,
  agent:
    `agent agents subagent assistant task worker coworker coworkers crew teammate autogen swarm langgraph a2a
    blackboard planner orchestrator codex aider goose devin openhands`,
  package: `package packages dependency dependencies module modules library crate gem`,
});

/** Verb words that leave a tool read-only even when other words are present (`get_access_code` is not). */
export const PURE_READ = new Set([
  "get",
  "list",
  "search",
  "read",
  "find",
  "view",
  "show",
  "check",
  "describe",
]);
