/** Hit and near-miss examples for the resource-abuse rules. */

import { type RuleRow, write } from "./rule_table.ts";

export const RESOURCE_CASES: RuleRow[] = [
  ["resource.fork_bomb", ":(){ :|:& };:", "echo ':)'"],
  ["resource.yes_to_file", "yes > /tmp/fill", "yes | apt-get install curl"],
  ["resource.dd_huge", "dd if=/dev/zero of=big.img bs=1G count=500", "dd if=/dev/zero of=small.img bs=1M count=10"],
  ["resource.dd_unbounded", "dd if=/dev/urandom of=fill.bin", "dd if=disk.img of=copy.img"],
  ["resource.endless_source_to_file", "cat /dev/urandom > junk.bin", "cat README.md > copy.md"],
  ["resource.huge_allocation", "fallocate -l 900G /tmp/huge", "fallocate -l 1G swapfile"],
  ["resource.infinite_loop", "while true; do curl -s localhost:8080; done", "while true; do curl -s localhost:8080; sleep 5; done"],
  ["resource.crypto_mining", write("run.sh", "./xmrig -o stratum+tcp://pool.example.com:3333"), write("run.sh", "./server --port 3333")],
  ["resource.stress_tools", "stress-ng --cpu 64 --timeout 0", "uptime"],
  ["resource.process_limit_lift", "ulimit -u unlimited", "ulimit -a"],
  ["resource.sleep_forever", "sleep infinity", "sleep 5"],
];
