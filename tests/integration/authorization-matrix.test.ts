/**
 * Who may call what, for every route module in app/routes and every JSON call in the API table
 * (app/api/routes.server.ts): each loader and action is called as a guest, as the owner of the data it names, as
 * another signed-in user (an outsider), as a former member of the owner's household, as a member where the data is the
 * household's, and once more as the owner from another site. Refused calls must leave the database
 * exactly as it was. ROUTES (tests/support/route-table.ts) declares each route file's and API call's expectations;
 * one (or a loader/action) missing from it fails the test, so a new route or call cannot ship without a declared check.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  apiCalls,
  call,
  databaseRows,
  describeAnswer,
  fixture,
  handlersOf,
  permitted,
  prepareCookbook,
  probes,
  refusedAsNotTheirs,
  routeFiles,
  ROUTES,
  rowsOf,
  sentToLogin,
  type Caller,
} from "../support/route-table";

const uploadsDir = vi.hoisted(() => {
  const dir = `tests/.tmp/uploads-matrix-${process.pid}`;
  process.env.UPLOADS_DIR = dir;
  return dir;
});
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));
beforeAll(prepareCookbook);

// ---------- the tests ----------

const counts = { probes: probes.length, calls: 0, refusals: 0 };

afterAll(() => {
  console.info(
    `Authorisation matrix: ${routeFiles.length} route files, ${apiCalls.length} API calls, ${counts.probes} probes, ` +
      `${counts.calls} calls, ${counts.refusals} refusals checked for no change in the database`
  );
});

describe("the route table", () => {
  it("declares every route file and API call and only existing ones", () => {
    expect(Object.keys(ROUTES).sort()).toEqual([...routeFiles, ...apiCalls].sort());
  });

  it("probes every loader and action each route module and API call exports", async () => {
    for (const route of [...routeFiles, ...apiCalls]) {
      const probed = [...new Set(ROUTES[route].map((probe) => probe.handler))].sort();
      expect(probed, route).toEqual((await handlersOf(route)).sort());
    }
  });
});

// a probe makes two or three fixtures (the owner's household with a member and a former member) and runs up to eight
// calls, each with a snapshot of every table: longer than the default under a loaded machine
describe.each(probes)("$name", ({ route, probe }) => {
  it(`as a guest, an outsider, a former member, a member, the owner, and from another site: ${probe.access}`, async () => {
    const f = await fixture();
    const refusedWithoutChange = async (
      caller: Caller,
      check: (response: Response) => unknown,
      headers?: Record<string, string>
    ) => {
      const before = await databaseRows();
      const response = await call(route, probe, f, caller, { headers });
      await check(response);
      expect(await databaseRows(), `${caller} changed the database`).toEqual(before);
      counts.calls += 1;
      counts.refusals += 1;
    };
    const allowed = async (caller: Caller, on = f) => {
      // a member changes the household's data, which is the owner's too
      const ownerRowsBefore = caller === "owner" || caller === "member" ? null : await rowsOf(on.owner.id);
      const response = await call(route, probe, on, caller);
      expect(permitted(probe, response), `${caller} was refused: ${describeAnswer(response)}`).toBe(true);
      if (ownerRowsBefore)
        expect(await rowsOf(on.owner.id), `${caller} changed the owner's data`).toEqual(ownerRowsBefore);
      counts.calls += 1;
    };

    if (probe.method !== "GET") {
      const crossSite = { Origin: "https://evil.example" };
      if (probe.writesNothing) {
        await refusedWithoutChange("owner", () => undefined, crossSite);
      } else {
        await refusedWithoutChange(
          "owner",
          (response) => expect(response.status, "a cross-site write").toBe(403),
          crossSite
        );
      }
    }

    if (probe.access === "author-only") {
      // Another user's private recipe answers as no recipe at all; a guest may be sent to log in first.
      await refusedWithoutChange("guest", async (response) =>
        expect(
          sentToLogin(response) || (await refusedAsNotTheirs(response)),
          `guest got ${describeAnswer(response)}`
        ).toBe(true)
      );
      await refusedWithoutChange("other", async (response) =>
        expect(await refusedAsNotTheirs(response), `other user got ${describeAnswer(response)}`).toBe(true)
      );
    } else if (probe.access === "public" || probe.access === "guest-ok") {
      await allowed("guest");
      await allowed("other");
      await allowed("former");
    } else {
      await refusedWithoutChange("guest", (response) =>
        expect(sentToLogin(response), `guest got ${describeAnswer(response)}`).toBe(true)
      );
      const notTheirs = (caller: Caller) =>
        refusedWithoutChange(caller, async (response) =>
          expect(await refusedAsNotTheirs(response), `${caller} got ${describeAnswer(response)}`).toBe(true)
        );
      if (probe.access === "signed-in") {
        await allowed("other");
        await allowed("former");
      } else {
        // an outsider, and a member who left, find no such item
        await notTheirs("other");
        await notTheirs("former");
      }
      if (probe.access === "household-owner") await notTheirs("member");
      // on a household of its own, so that the owner's call below still finds what the member's changed
      if (probe.access === "household") await allowed("member", await fixture());
    }
    await allowed("owner");
  }, 90_000);
});
