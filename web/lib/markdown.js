// Renders untrusted agent Markdown to a safe DocumentFragment: raw HTML is shown as text, DOMPurify
// strips anything active, links open in a new tab without opener, and code blocks get a copy button.
import { Marked } from "../vendor/marked.js";
import DOMPurify from "../vendor/purify.js";

const SAFE_LINK = /^(https?:|mailto:|#|\/(?!\/))/i;
const SAFE_IMAGE = /^(data:image\/(png|gif|jpeg|webp);|\/(?!\/))/i;

function escapeHtml(text) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );
}

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    // Raw HTML in agent output is displayed, never interpreted.
    html({ text, block }) {
      return block ? `<p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>` : escapeHtml(text);
    },
  },
});

const PURIFY_CONFIG = {
  RETURN_DOM_FRAGMENT: true,
  FORBID_TAGS: [
    "style",
    "form",
    "input",
    "button",
    "textarea",
    "select",
    "iframe",
    "object",
    "embed",
    "svg",
    "math",
  ],
  FORBID_ATTR: ["style", "id", "srcset"],
};

// Only the language marker that marked puts on code blocks may keep a class (no spoofing of UI styles).
DOMPurify.addHook("uponSanitizeAttribute", (_node, data) => {
  if (data.attrName === "class" && !/^language-[\w+#.-]+$/.test(data.attrValue)) data.keepAttr = false;
});

function hardenLinks(root) {
  for (const link of root.querySelectorAll("a")) {
    const href = (link.getAttribute("href") || "").trim();
    if (!SAFE_LINK.test(href)) {
      link.removeAttribute("href");
      link.classList.add("md-dead-link");
      continue;
    }
    if (!href.startsWith("#")) {
      link.setAttribute("target", "_blank");
      link.setAttribute("rel", "noopener noreferrer nofollow");
    }
  }
}

function replaceForeignImages(root) {
  for (const image of root.querySelectorAll("img")) {
    const src = (image.getAttribute("src") || "").trim();
    if (SAFE_IMAGE.test(src)) {
      image.setAttribute("loading", "lazy");
      continue;
    }
    // External images are blocked by the page's CSP anyway; show what they were instead of a broken icon.
    const note = document.createElement("span");
    note.className = "md-image-note";
    note.textContent = `[image: ${image.getAttribute("alt") || src || "untitled"}]`;
    image.replaceWith(note);
  }
}

function decorateCodeBlocks(root) {
  for (const pre of root.querySelectorAll("pre")) {
    const code = pre.querySelector("code");
    const language = /language-([\w+#.-]+)/.exec(code?.getAttribute("class") || "")?.[1] || "";
    const wrapper = document.createElement("div");
    wrapper.className = "md-code";
    const bar = document.createElement("div");
    bar.className = "md-code-bar";
    const label = document.createElement("span");
    label.textContent = language || "text";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "md-copy";
    button.textContent = "Copy";
    button.setAttribute("aria-label", `Copy ${language || "code"} block`);
    bar.append(label, button);
    pre.replaceWith(wrapper);
    wrapper.append(bar, pre);
  }
}

export function renderMarkdown(text) {
  const rawHtml = marked.parse(String(text ?? ""), { async: false });
  const fragment = DOMPurify.sanitize(rawHtml, PURIFY_CONFIG);
  hardenLinks(fragment);
  replaceForeignImages(fragment);
  decorateCodeBlocks(fragment);
  return fragment;
}

const cache = new Map();
const CACHE_LIMIT = 400;

/** Cached variant for finished messages: returns a fresh clone so one fragment can be inserted many times. */
export function renderMarkdownCached(text) {
  let fragment = cache.get(text);
  if (!fragment) {
    fragment = renderMarkdown(text);
    cache.set(text, fragment);
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value);
  }
  return fragment.cloneNode(true);
}
