/** Keeps every module the engine loads in Latin-1, so V8 holds its source text one byte per character.
 *
 * V8 keeps the source of every loaded module for as long as the process runs (it compiles functions lazily from
 * it), and stores a string in two bytes per character as soon as one of its characters is above U+00FF: a single
 * `…` or `—` in a comment doubles what the whole module's source costs. With 275 of src/'s files holding one, that
 * was about 1.6 MB of the engine's heap once Shield was loaded (docs/cli.md, "After real use").
 *
 * `deno run -A scripts/latin1_sources.ts` rewrites src/ and main.ts in place: a character above U+00FF in a comment
 * becomes its plain spelling (`...`, `--`, `->`, quotes), in a string, template or regular expression literal its
 * `\uXXXX` escape (the same value: a regular expression's escape matches the same character), in a `String.raw`
 * template a `${"\uXXXX"}` substitution (the same string). `--check` only lists them and exits 1 when there are
 * any (tests/scripts/latin1_sources_test.ts runs the same check). */

/** Plain spellings of the characters comments use. */
const PLAIN: Record<string, string> = {
  "\u2026": "...",
  "\u2014": "--",
  "\u2013": "-",
  "\u2010": "-",
  "\u2011": "-",
  "\u2212": "-",
  "\u2192": "->",
  "\u2190": "<-",
  "\u2194": "<->",
  "\u21d2": "=>",
  "\u2018": "'",
  "\u2019": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "!=",
  "\u2248": "~",
  "\u2022": "*",
  "\u2500": "-",
  "\u2502": "|",
  "\u250c": "+",
  "\u2514": "+",
  "\u251c": "+",
  "\u2039": "<",
  "\u203a": ">",
  "\u2713": "ok",
  "\u2717": "x",
};

type Context = "comment" | "literal" | "raw";

export interface WideChar {
  /** Offset in the text (UTF-16 code units). */
  at: number;
  /** The character (one code point: two code units for characters beyond U+FFFF). */
  char: string;
  context: Context;
}

/** Characters after which a `/` starts a regular expression literal rather than a division. */
const BEFORE_REGEX = new Set([..."(,=:[!&|?{};+-*%<>~^"]);
const KEYWORDS_BEFORE_REGEX =
  /(?:^|[^\w$])(?:return|typeof|case|in|of|delete|void|throw|new|else|do|yield|await)$/;

/** Every character above U+00FF in a TypeScript text, with where it stands: a comment, a literal (string, template,
 * regular expression) or a `String.raw` template. Throws on one that stands in code (an identifier). */
export function wideChars(text: string): WideChar[] {
  const found: WideChar[] = [];
  /** What each open `{` or `${` returns to: "code" for a brace, "template"/"raw" for a substitution. */
  const stack: Array<"code" | "template" | "raw"> = [];
  let i = 0;
  let last = ""; // the last significant character of code
  const note = (context: Context) => {
    const code = text.codePointAt(i)!;
    const char = String.fromCodePoint(code);
    if (code > 0xff) found.push({ at: i, char, context });
    i += char.length;
  };
  const template = (raw: boolean) => {
    // i is just past the opening backtick or a substitution's closing brace.
    while (i < text.length) {
      const c = text[i];
      if (c === "\\") i += 2;
      else if (c === "`") return void i++;
      else if (c === "$" && text[i + 1] === "{") {
        i += 2;
        stack.push(raw ? "raw" : "template");
        last = "{";
        return;
      } else note(raw ? "raw" : "literal");
    }
  };
  while (i < text.length) {
    const c = text[i];
    if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") note("comment");
    } else if (c === "/" && text[i + 1] === "*") {
      i += 2;
      while (i < text.length && !text.startsWith("*/", i)) note("comment");
      i += 2;
    } else if (c === "'" || c === '"') {
      i++;
      while (i < text.length && text[i] !== c && text[i] !== "\n") {
        if (text[i] === "\\") i += 2;
        else note("literal");
      }
      i++;
      last = c;
    } else if (c === "`") {
      const raw = /\.raw\s*$/.test(text.slice(Math.max(0, i - 20), i));
      i++;
      template(raw);
      last = "`";
    } else if (
      c === "/" &&
      (last === "" || BEFORE_REGEX.has(last) || KEYWORDS_BEFORE_REGEX.test(text.slice(0, i).trimEnd()))
    ) {
      i++;
      let inClass = false;
      while (i < text.length && (inClass || text[i] !== "/") && text[i] !== "\n") {
        if (text[i] === "\\") i += 2;
        else {
          if (text[i] === "[") inClass = true;
          else if (text[i] === "]") inClass = false;
          note("literal");
        }
      }
      i++;
      last = "/";
    } else if (c === "{") {
      stack.push("code");
      last = c;
      i++;
    } else if (c === "}") {
      const back = stack.pop();
      i++;
      if (back === "template" || back === "raw") {
        template(back === "raw");
        last = "`";
      } else last = c;
    } else {
      if (text.codePointAt(i)! > 0xff) throw new Error(`a character above U+00FF in code at offset ${i}`);
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return found;
}

function escaped(char: string): string {
  let out = "";
  for (let k = 0; k < char.length; k++) {
    out += "\\u" + char.charCodeAt(k).toString(16).toUpperCase().padStart(4, "0");
  }
  return out;
}

/** The text with every character above U+00FF spelled in Latin-1 (see the module comment). */
export function latin1Source(text: string): string {
  const found = wideChars(text);
  let out = "";
  let from = 0;
  for (let k = 0; k < found.length; k++) {
    const { at, char, context } = found[k];
    out += text.slice(from, at);
    from = at + char.length;
    if (context === "comment") out += PLAIN[char] ?? escaped(char);
    else if (context === "literal") out += escaped(char);
    else {
      // A run of characters in a raw template becomes one substitution.
      let run = char;
      while (k + 1 < found.length && found[k + 1].at === from && found[k + 1].context === "raw") {
        run += found[++k].char;
        from += found[k].char.length;
      }
      out += '${"' + escaped(run) + '"}';
    }
  }
  return out + text.slice(from);
}

/** The engine's sources: main.ts and every .ts file under src/. */
export function engineSources(root: string): string[] {
  const files = ["main.ts"];
  const walk = (folder: string) => {
    for (const entry of Deno.readDirSync(`${root}${folder}`)) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory) walk(path);
      else if (entry.isFile && path.endsWith(".ts")) files.push(path);
    }
  };
  walk("src");
  return files.sort();
}

/** Each source holding a character above U+00FF, with the line of its first one. */
export function wideSources(root: string): string[] {
  const wide: string[] = [];
  for (const file of engineSources(root)) {
    const text = Deno.readTextFileSync(`${root}${file}`);
    const index = [...text].findIndex((char) => char.codePointAt(0)! > 0xff);
    if (index >= 0) {
      const before = [...text].slice(0, index).join("");
      wide.push(`${file}:${before.split("\n").length}`);
    }
  }
  return wide;
}

if (import.meta.main) {
  const root = new URL("..", import.meta.url).pathname;
  const wide = wideSources(root);
  if (Deno.args.includes("--check")) {
    for (const place of wide) console.log(`${place}: a character above U+00FF`);
    Deno.exit(wide.length > 0 ? 1 : 0);
  }
  for (const place of wide) {
    const file = place.slice(0, place.lastIndexOf(":"));
    Deno.writeTextFileSync(`${root}${file}`, latin1Source(Deno.readTextFileSync(`${root}${file}`)));
  }
  console.log(`${wide.length} files rewritten in Latin-1`);
}
