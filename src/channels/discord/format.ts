/** Discord reads Markdown itself: headings become bold lines (older clients show "#" literally), the rest stays. */
export { renderStandardMarkdown as renderDiscord } from "../standard_markdown.ts";
