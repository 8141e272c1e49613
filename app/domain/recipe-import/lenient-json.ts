/**
 * JSON as recipe pages really write it in their JSON-LD scripts: raw newlines and tabs inside strings, trailing
 * commas, comments, a stray semicolon after the value; and as templates break it: a quote left unescaped inside a
 * string ("1 12" pizza base"), two objects one after the other in one script, a comma missing between members, a
 * brace too many or too few at the end, an empty value, `NaN` or `undefined`, a key without quotes. One pass over
 * the text (no backtracking), with a nesting limit, so a hostile page costs time in proportion to its length.
 */

export const MAX_JSON_DEPTH = 64;

export class LenientJsonError extends Error {}

/** What may follow a string's closing quote; any other character after a quote makes it part of the text. */
const AFTER_STRING = new Set([",", ":", "}", "]", ";", ")"]);
/** How far past a quote the look for what follows it goes: a run of spaces, then the text is taken as it is. */
const MAX_SPACE_AHEAD = 200;
const VALUE_START = new Set(['"', "'", "{", "["]);

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

  /**
   * Whether the quote at `at` ends its string: what follows it is what may follow a string (or nothing), or another
   * string after a space (a comma missing between two: `["a" "b"]`).
   */
  function endsString(): boolean {
    for (let next = at + 1; next < text.length && next - at <= MAX_SPACE_AHEAD; next++) {
      const char = text[next];
      if (char === " " || char === "\n" || char === "\r" || char === "\t") continue;
      return AFTER_STRING.has(char) || (char === text[at] && next > at + 1);
    }
    return true;
  }

  function string(): string {
    const quote = text[at++];
    let out = "";
    let start = at;
    while (at < text.length) {
      const char = text[at];
      // a quote inside the text that the page did not escape ("12" pizza") is part of it
      if (char === quote && endsString()) {
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
    const match = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|NaN|undefined|-?Infinity)/.exec(
      text.slice(at, at + 40)
    );
    // an empty value ("recipeYield": ,) is none
    if (!match) return text[at] === "," || text[at] === "}" || text[at] === "]" ? null : fail("unexpected character");
    at += match[0].length;
    const word = match[0];
    if (word === "true") return true;
    if (word === "false") return false;
    if (/^(?:-?\d)/.test(word)) return Number(word);
    return null;
  }

  /** A key as JavaScript writes it, without quotes: `name: "Pancakes"`. */
  function bareKey(): string {
    const match = /^[A-Za-z_$@][\w$@-]*/.exec(text.slice(at, at + 100));
    if (!match) return fail("expected a key");
    at += match[0].length;
    return match[0];
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
      // the text ends before the list does: what it held
      if (text[at] === "]" || at >= text.length) {
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
      // a comma left out between two items
      else if (text[at] !== "]" && at < text.length && !VALUE_START.has(text[at])) fail("expected , or ]");
    }
  }

  function object(depth: number): Record<string, unknown> {
    at++;
    const fields: Record<string, unknown> = {};
    for (;;) {
      skipSpace();
      if (text[at] === "}" || at >= text.length) {
        at++;
        return fields;
      }
      if (text[at] === ",") {
        at++;
        continue;
      }
      const key = text[at] === '"' || text[at] === "'" ? string() : bareKey();
      skipSpace();
      if (text[at++] !== ":") fail("expected :");
      const item = value(depth + 1);
      if (key !== "__proto__") fields[key] = item;
      skipSpace();
      if (text[at] === ",") at++;
      // a comma left out between two members
      else if (text[at] !== "}" && at < text.length && text[at] !== '"') fail("expected , or }");
    }
  }

  /** A stray `;` or a closing brace too many after the value. */
  const skipEnd = () => {
    skipSpace();
    while (text[at] === ";" || (!options.trailing && (text[at] === "}" || text[at] === "]"))) {
      at++;
      skipSpace();
    }
  };

  const result = value(0);
  skipEnd();
  if (at >= text.length || options.trailing) return result;
  // values one after the other, with or without a comma (a template that writes each object of the page apart)
  const results = [result];
  while (at < text.length) {
    if (text[at] === ",") at++;
    if (text[at] !== "{" && text[at] !== "[") fail("text after the value");
    results.push(value(0));
    skipEnd();
  }
  return results;
}
