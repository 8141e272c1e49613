/**
 * JSON as recipe pages really write it in their JSON-LD scripts: raw newlines and tabs inside strings, trailing
 * commas, comments, a stray semicolon after the value. One pass over the text (no backtracking), with a nesting
 * limit, so a hostile page costs time in proportion to its length.
 */

export const MAX_JSON_DEPTH = 64;

export class LenientJsonError extends Error {}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/**
 * Parses `text`; throws LenientJsonError when it is not JSON even read leniently, or nests too deep. With
 * `{ trailing: true }` the first value is read and any text after it ignored (an object inside a script).
 */
export function parseLenientJson(text: string, options: { trailing?: boolean } = {}): unknown {
  let at = 0;

  const fail = (what: string): never => {
    throw new LenientJsonError(`${what} at character ${at}`);
  };

  function skipSpace(): void {
    while (at < text.length) {
      const char = text[at];
      if (char === " " || char === "\n" || char === "\r" || char === "\t" || char === "\uFEFF" || char === "\u00A0")
        at++;
      else if (char === "/" && text[at + 1] === "/") {
        const end = text.indexOf("\n", at);
        at = end < 0 ? text.length : end + 1;
      } else if (char === "/" && text[at + 1] === "*") {
        const end = text.indexOf("*/", at + 2);
        at = end < 0 ? text.length : end + 2;
      } else return;
    }
  }

  function string(): string {
    const quote = text[at++];
    let out = "";
    let start = at;
    while (at < text.length) {
      const char = text[at];
      if (char === quote) {
        out += text.slice(start, at++);
        return out;
      }
      if (char === "\\") {
        out += text.slice(start, at);
        const escaped = text[at + 1];
        if (escaped === "u") {
          const code = parseInt(text.slice(at + 2, at + 6), 16);
          out += Number.isNaN(code) ? "" : String.fromCharCode(code);
          at += Number.isNaN(code) ? 2 : 6;
        } else {
          // an unknown escape ("\'" or "\-") stands for the character itself
          out += ESCAPES[escaped] ?? escaped ?? "";
          at += 2;
        }
        start = at;
      } else at++;
    }
    return fail("unterminated string");
  }

  function bareWord(): unknown {
    const match = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(at, at + 40));
    if (!match) return fail("unexpected character");
    at += match[0].length;
    const word = match[0];
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    return Number(word);
  }

  function value(depth: number): unknown {
    if (depth > MAX_JSON_DEPTH) fail("nesting deeper than " + MAX_JSON_DEPTH);
    skipSpace();
    const char = text[at];
    if (char === "{") return object(depth);
    if (char === "[") return array(depth);
    if (char === '"' || char === "'") return string();
    if (char === undefined) return fail("unexpected end");
    return bareWord();
  }

  function array(depth: number): unknown[] {
    at++;
    const items: unknown[] = [];
    for (;;) {
      skipSpace();
      if (text[at] === "]") {
        at++;
        return items;
      }
      if (text[at] === ",") {
        at++;
        continue;
      }
      items.push(value(depth + 1));
      skipSpace();
      if (text[at] === ",") at++;
      else if (text[at] !== "]") fail("expected , or ]");
    }
  }

  function object(depth: number): Record<string, unknown> {
    at++;
    const fields: Record<string, unknown> = {};
    for (;;) {
      skipSpace();
      if (text[at] === "}") {
        at++;
        return fields;
      }
      if (text[at] === ",") {
        at++;
        continue;
      }
      if (text[at] !== '"' && text[at] !== "'") fail("expected a key");
      const key = string();
      skipSpace();
      if (text[at++] !== ":") fail("expected :");
      const item = value(depth + 1);
      if (key !== "__proto__") fields[key] = item;
      skipSpace();
      if (text[at] === ",") at++;
      else if (text[at] !== "}") fail("expected , or }");
    }
  }

  const result = value(0);
  skipSpace();
  while (text[at] === ";") {
    at++;
    skipSpace();
  }
  if (at < text.length && !options.trailing) fail("text after the value");
  return result;
}
