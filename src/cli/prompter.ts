/** Questions on a terminal: a line with a default, a choice from a numbered list, yes/no, a hidden secret. */

export interface Prompter {
  say(line: string): void;
  /** The answer, or `fallback` for an empty line; undefined at end of input. */
  ask(question: string, fallback?: string): string | undefined;
  choose(question: string, options: string[], fallback: number): number | undefined;
  confirm(question: string, fallback: boolean): boolean | undefined;
  /** Reads without echo; undefined at end of input. */
  secret(question: string): string | undefined;
}

export function terminalPrompter(): Prompter {
  const ask = (question: string, fallback?: string) => {
    const answer = prompt(fallback ? `${question} [${fallback}]` : question);
    if (answer === null) return undefined;
    return answer.trim() === "" ? (fallback ?? "") : answer.trim();
  };
  return {
    say: (line) => console.log(line),
    ask,
    choose(question, options, fallback) {
      options.forEach((option, index) => console.log(`  ${index + 1}) ${option}`));
      while (true) {
        const answer = ask(question, String(fallback + 1));
        if (answer === undefined) return undefined;
        const index = Number(answer) - 1;
        if (Number.isInteger(index) && index >= 0 && index < options.length) return index;
        console.log(`Type a number from 1 to ${options.length}`);
      }
    },
    confirm(question, fallback) {
      while (true) {
        const answer = ask(`${question} (${fallback ? "Y/n" : "y/N"})`, "");
        if (answer === undefined) return undefined;
        if (answer === "") return fallback;
        if (/^y(es)?$/i.test(answer)) return true;
        if (/^no?$/i.test(answer)) return false;
        console.log("Answer y or n");
      }
    },
    secret: readSecret,
  };
}

const encoder = new TextEncoder();

function readSecret(question: string): string | undefined {
  Deno.stdout.writeSync(encoder.encode(`${question} `));
  Deno.stdin.setRaw(true);
  const bytes: number[] = [];
  const buffer = new Uint8Array(1);
  try {
    while (true) {
      const count = Deno.stdin.readSync(buffer);
      if (count === null || count === 0) return undefined;
      const byte = buffer[0];
      if (byte === 13 || byte === 10) break;
      if (byte === 3 || byte === 4) return undefined; // Ctrl-C, Ctrl-D
      if (byte === 127 || byte === 8) {
        // Remove one whole UTF-8 character: continuation bytes, then the lead byte.
        while ((bytes.at(-1) ?? 0) >> 6 === 0b10) bytes.pop();
        bytes.pop();
      } else bytes.push(byte);
    }
  } finally {
    Deno.stdin.setRaw(false);
    Deno.stdout.writeSync(encoder.encode("\n"));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
