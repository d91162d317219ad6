/** How tests start tests/support/test_mcp_server.ts: the command and arguments an mcp.servers entry holds. */
import { fromFileUrl } from "./paths.ts";

export const TEST_MCP_SERVER = fromFileUrl(new URL("./test_mcp_server.ts", import.meta.url));
const CONFIG = fromFileUrl(new URL("../../deno.json", import.meta.url));

export function testMcpServer(name: string, ...flags: string[]) {
  return {
    name,
    command: Deno.execPath(),
    args: ["run", "--allow-env", "--allow-write", "--config", CONFIG, TEST_MCP_SERVER, ...flags],
    env: {} as Record<string, string>,
  };
}

/** Processes (not zombies) whose command line contains `text`. */
export async function livingProcesses(text: string): Promise<number[]> {
  const output = await new Deno.Command("ps", { args: ["-ewwo", "pid=,stat=,args="], stdout: "piped" })
    .output();
  return new TextDecoder().decode(output.stdout).split("\n").flatMap((line) => {
    const match = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!match || match[2].startsWith("Z") || !match[3].includes(text) || match[3].includes("ps -eo")) {
      return [];
    }
    return [Number(match[1])];
  });
}
