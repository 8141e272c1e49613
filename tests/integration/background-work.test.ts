import { afterEach, expect, it, vi } from "vitest";
import { action as reminderAction } from "~/routes/use-soon-reminder";
import { backgroundWorkEnded, inBackground } from "~/services/background.server";
import { prisma } from "~/services/db.server";
import { flashAfter } from "../support/flash";
import { signedInMember } from "../support/members";
import { formRequest, run } from "../support/requests";

const unhandled: unknown[] = [];
const collect = (reason: unknown) => unhandled.push(reason);
process.on("unhandledRejection", collect);
afterEach(() => {
  unhandled.length = 0;
  vi.restoreAllMocks();
});

it("saves the use-soon email when the check it starts fails, logging the failure instead of stopping the server", async () => {
  const cook = await signedInMember("background");
  await prisma.user.update({ where: { id: cook.id }, data: { emailVerifiedAt: new Date() } });
  // The check starts with the days already mailed: without that table it fails as a broken database would.
  await prisma.$executeRawUnsafe(`DROP TABLE "ReminderSent"`);
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);

  const response = await run(() =>
    reminderAction({
      request: formRequest(
        "/use-soon-reminder",
        { intent: "reminder-on", time: "00:00", timeZone: "UTC" },
        { cookie: cook.cookie }
      ),
      params: {},
      context: {},
    })
  );
  expect((await flashAfter(response, cook.cookie))?.type).toBe("success");
  await backgroundWorkEnded();
  await new Promise((resolve) => setImmediate(resolve));

  expect(await prisma.useSoonReminder.count({ where: { userId: cook.id } })).toBe(1);
  expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^The use-soon email check failed: .*ReminderSent/s));
  expect(unhandled).toEqual([]);
});

it("waits for background work, and for work it starts in turn, before saying it has ended", async () => {
  const order: string[] = [];
  const later = (label: string, ms: number) =>
    new Promise<void>((resolve) => setTimeout(() => resolve(void order.push(label)), ms));
  void inBackground(
    later("first", 20).then(() => void inBackground(later("started by the first", 20), "second")),
    "first"
  );
  await backgroundWorkEnded();
  expect(order).toEqual(["first", "started by the first"]);
});
