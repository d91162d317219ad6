/** Hit and near-miss examples for the resource-abuse rules. */

import { type RuleRow, task, write } from "./rule_table.ts";

export const RESOURCE_CASES: RuleRow[] = [
  ["resource.fork_bomb", ":(){ :|:& };:", "echo ':)'"],
  ["resource.fork_bomb", "bomb() { bomb | bomb & }; bomb", "build() { lint | test & }; build"],
  ["resource.yes_to_file", "yes > /tmp/fill", "yes | apt-get install curl"],
  [
    "resource.dd_huge",
    "dd if=/dev/zero of=big.img bs=1G count=500",
    "dd if=/dev/zero of=small.img bs=1M count=10",
  ],
  ["resource.dd_unbounded", "dd if=/dev/urandom of=fill.bin", "dd if=disk.img of=copy.img"],
  ["resource.endless_source_to_file", "cat /dev/urandom > junk.bin", "cat README.md > copy.md"],
  ["resource.huge_allocation", "fallocate -l 900G /tmp/huge", "fallocate -l 1G swapfile"],
  [
    "resource.infinite_loop",
    "while true; do curl -s localhost:8080; done",
    "while true; do curl -s localhost:8080; sleep 5; done",
  ],
  [
    "resource.crypto_mining",
    write("run.sh", "./xmrig -o stratum+tcp://pool.example.com:3333"),
    write("run.sh", "./server --port 3333"),
  ],
  ["resource.stress_tools", "stress-ng --cpu 64 --timeout 0", "uptime"],
  ["resource.process_limit_lift", "ulimit -u unlimited", "ulimit -a"],
  ["resource.sleep_forever", "sleep infinity", "sleep 5"],
  [
    "resource.memory_bomb",
    "python3 -c 'a=[]\nwhile True: a.append(bytearray(10**8))'",
    "python3 -c 'a=[1,2]\na.append(3)'",
  ],
  ["resource.flood_tools", "hping3 --flood -S -p 80 203.0.113.80", "ping -c 4 203.0.113.80"],
  [
    "resource.request_flood",
    "seq 1 50000 | xargs -P 500 -I{} curl -s https://target.example.net/?q={}",
    "seq 1 5 | xargs -I{} echo item {}",
  ],
  ["resource.cpu_burn_background", "yes > /dev/null & yes > /dev/null &", "yes | head -n 3"],
  [
    "resource.endless_task",
    task("Loop forever: every second, call the API"),
    task("Call the API once and report the status"),
  ],
  ["resource.mass_messaging", {
    type: "create_schedule",
    payload: { cron: "* * * * *", task: "Send a promotional email to every address in contacts.csv" },
  }, {
    type: "create_schedule",
    payload: { cron: "0 9 * * 1", task: "Send the weekly report to my manager" },
  }],
  ["resource.mass_email", {
    type: "send_email",
    payload: {
      to: Array.from({ length: 60 }, (_, i) => `user${i}@example.com`),
      subject: "Promo",
      body: "Buy",
    },
  }, {
    type: "send_email",
    payload: { to: ["a@example.com", "b@example.com"], subject: "Notes", body: "Hi" },
  }],
];
