/**
 * Property-based fuzzing of every form action and JSON body in the route table (tests/support/route-table.ts):
 * the owner of the data sends the probe's own body with fields replaced, dropped, repeated or added — random and
 * unicode text, huge values, text built to make a pattern backtrack, fields repeated up to 20,000 times, numbers,
 * booleans, null, lists, deeply nested objects, files — or a body that is
 * not what the route reads at all. Whatever comes in: never a 500, and when the input is refused, no table
 * changes its row count and nothing of the user's changes.
 * FUZZ_RUNS (default 25) sets the cases per route; FUZZ_SEED replays a failure.
 */
import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/services/db.server";
import type { RequestBody } from "../support/requests";
import {
  call,
  describeAnswer,
  errorFlash,
  fixture,
  prepareCookbook,
  probes,
  rowsOf,
  tableCounts,
  type Fixture,
} from "../support/route-table";

const uploadsDir = vi.hoisted(() => {
  const dir = `tests/.tmp/uploads-fuzz-${process.pid}`;
  process.env.UPLOADS_DIR = dir;
  return dir;
});
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));
beforeAll(prepareCookbook);

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

// ---------- values ----------

const nasty = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "\uFEFF",
  "\uD800",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "' OR 1=1 --",
  "NaN",
  "-1",
  "0",
  "1e309",
  "99999999999999999999",
  "true",
  "null",
  "__proto__",
  "constructor"
);
/** Larger than the app's field, body and JSON limits (64 KB text fields, 1 MB JSON). */
const huge = fc.constantFrom(70_000, 1_100_000).map((length) => "é".repeat(length / 2));
/** One field repeated hundreds or tens of thousands of times (parsing repeated fields was quadratic). */
const repeated = fc
  .tuple(fc.constantFrom(600, 1_500, 20_000), fc.constantFrom("abc", ""))
  .map(([count, value]) => Array<string>(count).fill(value));
/** Long inputs built to make a pattern backtrack: runs of dots, brackets, tags, spaces, digits, underscores. */
const backtracking = fc
  .tuple(
    fc.constantFrom("a@", "(", "<", "tomato ", "1", "_", "-\t"),
    fc.constantFrom(".", "(", "<", " ", "0", "_", "\t"),
    fc.constantFrom(20_000, 100_000)
  )
  .map(([head, run, length]) => `${head}${run.repeat(length)}@`);
const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 30 }), weight: 3 },
  { arbitrary: backtracking, weight: 1 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 30 }), weight: 2 },
  { arbitrary: nasty, weight: 3 },
  { arbitrary: huge, weight: 1 }
);
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, Number.MAX_VALUE));
/** An object or list nested `depth` levels deep. */
const deep = fc
  .tuple(fc.integer({ min: 20, max: 2_000 }), fc.boolean())
  .map(([depth, asList]) =>
    Array.from({ length: depth }).reduce<unknown>((inner) => (asList ? [inner] : { a: inner }), "x")
  );
const jsonValue = fc.oneof(
  { arbitrary: text, weight: 4 },
  { arbitrary: number, weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.array(text, { maxLength: 4 }), weight: 2 },
  { arbitrary: repeated, weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 4 }), weight: 1 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 }
);
const fileName = fc.constantFrom(
  "photo.jpg",
  "../../../../tmp/evil.png",
  "x.svg",
  "",
  "a".repeat(300) + ".jpg",
  "nul\u0000.jpg"
);
const file = fc
  .tuple(fc.uint8Array({ maxLength: 2_000 }), fileName, fc.constantFrom("image/jpeg", "image/svg+xml", "text/html", ""))
  .map(([bytes, name, type]) => new File([bytes], name, { type }));
const formValue = fc.oneof(
  { arbitrary: text, weight: 4 },
  { arbitrary: fc.array(text, { minLength: 2, maxLength: 4 }), weight: 1 },
  { arbitrary: repeated, weight: 1 }
);
const multipartValue = fc.oneof({ arbitrary: text, weight: 4 }, { arbitrary: file, weight: 1 });

// ---------- bodies ----------

type Fields = Record<string, unknown>;

/** 1-4 changes to the fields: a known or a random one set to `value`, or dropped. */
function mutated(base: Fields, value: fc.Arbitrary<unknown>): fc.Arbitrary<Fields> {
  const key =
    Object.keys(base).length > 0
      ? fc.oneof(fc.constantFrom(...Object.keys(base)), fc.string({ maxLength: 10 }))
      : fc.string({ maxLength: 10 });
  const change = fc.record({ key, drop: fc.boolean(), value });
  return fc.array(change, { minLength: 1, maxLength: 4 }).map((changes) => {
    const fields: Fields = { ...base };
    for (const { key: name, drop, value: newValue } of changes) {
      if (drop) delete fields[name];
      else fields[name] = newValue;
    }
    return fields;
  });
}

/** Text that is not the JSON object the route reads: broken JSON, another JSON value, a nesting bomb. */
const notAJsonObject = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  fc.integer({ min: 1_000, max: 200_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth))
);

/** Bodies built from the probe's valid one; the route must cope with each. */
function bodies(base: RequestBody): fc.Arbitrary<RequestBody> {
  const asJson = (fields: Fields): RequestBody => ({ json: fields });
  if ("json" in base) {
    const fields = typeof base.json === "object" && base.json !== null ? (base.json as Fields) : {};
    return fc.oneof(
      { arbitrary: mutated(fields, jsonValue).map(asJson), weight: 6 },
      { arbitrary: notAJsonObject.map((raw) => ({ json: raw })), weight: 1 }
    );
  }
  if ("form" in base) {
    return fc.oneof(
      {
        arbitrary: mutated(base.form, formValue).map((form) => ({ form: form as Record<string, string | string[]> })),
        weight: 5,
      },
      // Pages read JSON too (readFormOrJson): the same fields with any JSON values.
      { arbitrary: mutated(base.form, jsonValue).map(asJson), weight: 2 },
      { arbitrary: notAJsonObject.map((raw) => ({ json: raw })), weight: 1 }
    );
  }
  return fc.oneof(
    {
      arbitrary: mutated(base.multipart, multipartValue).map((multipart) => ({
        multipart: multipart as Record<string, string | Blob>,
      })),
      weight: 5,
    },
    {
      arbitrary: mutated(base.multipart, formValue).map((form) => ({
        form: form as Record<string, string | string[]>,
      })),
      weight: 1,
    }
  );
}

// ---------- the property ----------

/** A refusal: a 4xx, or a form sent back with an error message (the no-JavaScript answer). */
async function refused(response: Response): Promise<boolean> {
  return (response.status >= 400 && response.status < 500) || (await errorFlash(response)) !== null;
}

const fuzzed = probes.filter(({ probe }) => probe.method !== "GET");
const tally = { routes: 0, cases: 0, refused: 0, largestMs: 0 };

afterAll(() => {
  console.info(
    `Fuzzing: ${tally.cases} cases over ${tally.routes} form actions and JSON calls (${RUNS} each), ` +
      `${tally.refused} refused with no change to the data; slowest case ${tally.largestMs} ms`
  );
});

describe.each(fuzzed)("$name", ({ route, probe }) => {
  it("answers any body without a 500 and changes nothing when it refuses", async () => {
    tally.routes += 1;
    let f: Fixture = await fixture();
    const base = probe.body ? await probe.body(f, "owner") : { form: {} };
    await fc.assert(
      fc.asyncProperty(bodies(base), async (body) => {
        // An accepted case may have deleted the account (Delete Account posted with extra fields).
        if ((await prisma.user.count({ where: { id: f.owner.id } })) === 0) f = await fixture();
        const [countsBefore, ownerBefore] = [await tableCounts(), await rowsOf(f.owner.id)];
        const started = Date.now();
        const response = await call(route, probe, f, "owner", { body });
        tally.largestMs = Math.max(tally.largestMs, Date.now() - started);
        tally.cases += 1;
        const serverError = response.status >= 500 && response.status !== probe.alsoAllowed?.status;
        expect(serverError, `answered ${describeAnswer(response)}`).toBe(false);
        if (await refused(response)) {
          tally.refused += 1;
          expect(
            await tableCounts(),
            `refused with ${describeAnswer(response)} but rows were added or removed`
          ).toEqual(countsBefore);
          expect(
            await rowsOf(f.owner.id),
            `refused with ${describeAnswer(response)} but the user's data changed`
          ).toEqual(ownerBefore);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true }
    );
  });
});
