/** Teams renders Markdown itself (textFormat "markdown"): the reply goes out as written, headings as bold lines. */
export { renderStandardMarkdown as renderTeams } from "../standard_markdown.ts";
