/** browser_screenshot: saves a PNG of the open page into the workspace, on the path the pipeline judged (the file
 * tools' rules: inside the workspace, never a protected path, symlinks resolved). */
import * as path from "node:path";
import { z } from "zod";
import type { ToolDefinition } from "../types.ts";
import { ToolError } from "../../lib/errors.ts";
import type { ResolvedFileToolOptions } from "../file_helpers.ts";
import { judgedName, nameOf, settleTarget, targetFor } from "../file_targets.ts";
import { writeAtomically } from "../../lib/atomic_write.ts";
import type { Clock } from "../../lib/clock.ts";
import { type BrowserToolContext, hostOf, withOpenPage } from "./browser_context.ts";
import { withDeadline } from "./deadline.ts";

const screenshotArgs = z.object({
  path: z.string().min(1).optional().describe(
    'Workspace path of the PNG to write (default "screenshots/screenshot-<date>-<time>.png")',
  ),
  full_page: z.boolean().optional().describe("Capture the whole scrollable page, not only the window"),
});
type ScreenshotArgs = z.infer<typeof screenshotArgs>;

export function screenshotTool(
  context: BrowserToolContext,
  files: ResolvedFileToolOptions,
  clock: Clock,
): ToolDefinition<ScreenshotArgs> {
  const chosenPath = (args: ScreenshotArgs) => {
    const given = args.path ?? defaultName(clock.now());
    if (path.extname(given).toLowerCase() !== ".png") {
      throw new ToolError(`Cannot save a screenshot to "${given}": the file name must end in ".png"`);
    }
    return given;
  };
  return {
    name: "browser_screenshot",
    group: "browser",
    description:
      "Save a PNG screenshot of the page open in the browser into the workspace and return its path.",
    parameters: screenshotArgs,
    writes: true,
    affectedPaths: (args) => [chosenPath(args)],
    resolveArguments: async (args) => ({
      ...args,
      path: await judgedName(files, chosenPath(args), "write", "save a screenshot to"),
    }),
    async execute(args, call) {
      const given = chosenPath(args);
      const file = await targetFor(files, given, "write", "save a screenshot to", call.argumentsResolved);
      return await withOpenPage(context, call.sessionId, async (browser) => {
        const timeoutMs = context.limits().navTimeoutMs;
        const bytes = await withDeadline(
          browser.page.screenshot({ fullPage: args.full_page ?? false, timeout: timeoutMs, type: "png" }),
          timeoutMs + 5_000,
          "Taking the screenshot took too long",
        );
        await Deno.mkdir(path.dirname(file), { recursive: true });
        // Again after mkdir: creating the parents must not have let a symlink into the path.
        await settleTarget(files, file, "write", "save a screenshot to");
        await writeAtomically(file, bytes);
        return {
          output: `Saved a screenshot of the open page to "${nameOf(files, file)}" (${bytes.length} bytes).`,
          isError: false,
          reads: { hosts: [hostOf(browser.page.url())] },
        };
      });
    },
  };
}

function defaultName(now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `screenshots/screenshot-${stamp}.png`;
}
