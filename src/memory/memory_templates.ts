/** Starter memory files for a new workspace; an existing file is never touched. */
import type { MemoryFileName } from "./memory_files.ts";

export interface TemplateOptions {
  /** identity.name from config; a blank one falls back to "Parapet". */
  agentName: string;
}

function memoryTemplates(options: TemplateOptions): Record<MemoryFileName, string> {
  const name = options.agentName.replace(/\s+/g, " ").trim() || "Parapet";
  return {
    "IDENTITY.md": `# Identity

You are ${name}, a self-hosted assistant working in this workspace.

- Be direct and precise; say what you did and what you did not do.
- Ask before anything irreversible or anything that leaves this machine.
- Prefer small, checkable steps over big leaps.

Edit this file to change who the agent is. It opens every system prompt.
`,
    "USER.md": `# User

Preferences the agent should follow. It may add to this file with \`memory_write\` (file "USER.md").

## About me

- Name:
- Time zone:
- Languages:

## Preferences

- Answer style: concise
`,
    "MEMORY.md": `# Memory

Long-term notes kept across sessions. The agent adds to them with \`memory_write\`; you can edit this
file by hand at any time (search picks up the changes). Notes in the \`memory/\` folder are searched too.

## Projects

## Facts

## Decisions
`,
    "AGENTS.md": `# Working agreements

How ${name} works in this workspace.

- Read before you write: check a file's current content before changing it.
- Keep changes inside the workspace unless asked otherwise.
- Record lasting facts, decisions and preferences with \`memory_write\`, not in chat only.
- When a tool call is blocked, explain why and suggest a safer way instead of retrying.
`,
    "HEARTBEAT.md": `# Heartbeat

Checks to run on each heartbeat, one per line item. Leave the list empty to skip heartbeats.

`,
  };
}

/**
 * Creates each missing memory file in `workspace` (which must exist) and returns the names it created.
 * `createNew` makes the no-overwrite check atomic, so a file created meanwhile is kept too.
 */
export async function writeMemoryTemplates(workspace: string, options: TemplateOptions): Promise<string[]> {
  const created: string[] = [];
  for (const [file, text] of Object.entries(memoryTemplates(options))) {
    try {
      await Deno.writeTextFile(`${workspace}/${file}`, text, { createNew: true });
      created.push(file);
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
    }
  }
  return created;
}
