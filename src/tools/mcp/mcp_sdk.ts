/** The MCP SDK, loaded when the first MCP server starts or is tested: an engine without MCP servers never loads
 * it (it and its dependencies are several MB of resident memory). */
import type { Client } from "@modelcontextprotocol/sdk/client";
import { importWhenNeeded } from "../../lib/import_when_needed.ts";

type TypesModule = typeof import("@modelcontextprotocol/sdk/types");

export interface McpSdk {
  Client: typeof Client;
  ToolListChangedNotificationSchema: TypesModule["ToolListChangedNotificationSchema"];
  JSONRPCMessageSchema: TypesModule["JSONRPCMessageSchema"];
}

let loading: Promise<McpSdk> | undefined;

export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= Promise.all([
    importWhenNeeded<typeof import("@modelcontextprotocol/sdk/client")>("@modelcontextprotocol/sdk/client"),
    importWhenNeeded<TypesModule>("@modelcontextprotocol/sdk/types.js"),
  ]).then(([client, types]) => ({
    Client: client.Client,
    ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
    JSONRPCMessageSchema: types.JSONRPCMessageSchema,
  }));
  return loading;
}
