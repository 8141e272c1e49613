/**
 * npm run screenshots -- --out DIR — the main screens of the real server, photographed by Debian's Chromium at a
 * 360 px and a 390 px phone and a 1280 px and 1920 px desktop (`--widths` picks others), in light and dark (prefers-color-scheme), for a design review.
 * The signed-in screens belong to a cook with ingredients, preferences and a favourite, like bench:lighthouse's.
 * Files are named <screen>-<width>-<scheme>.png.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { freshSqliteUrl, signInBenchCook, startApp } from "./support/app-server";
import { option } from "./support/args";

const APP_PORT = Number(process.env.SCREENSHOT_PORT ?? 3305);
const OUT = path.resolve(option("out") ?? "tests/.tmp/screens");
const WIDTHS = (option("widths") ?? "360,390,1280,1920").split(",").map(Number);
const SCHEMES = (option("schemes") ?? "light,dark").split(",") as ("light" | "dark")[];

async function main() {
  mkdirSync(OUT, { recursive: true });
  const databaseUrl = freshSqliteUrl("bench-screenshots");
  process.env.DATABASE_URL = databaseUrl;
  const app = await startApp(APP_PORT, databaseUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const { cookie, prisma } = await signInBenchCook(app.origin, "screenshot_cook");
    const user = await prisma.user.findUniqueOrThrow({ where: { username: "screenshot_cook" } });
    const recipe = await prisma.recipe.findFirstOrThrow({ orderBy: { id: "asc" } });
    await prisma.favorite.create({ data: { userId: user.id, recipeId: recipe.id } });
    await prisma.historyEntry.create({ data: { userId: user.id, recipeId: recipe.id } });
    const own = await prisma.recipe.create({
      data: {
        name: "Grandma's okra stew",
        origin: "imported",
        importedById: user.id,
        visibleTo: user.id,
        prepTime: 15,
        cookingTime: 30,
        servings: 4,
        ingredients: {
          create: [
            { position: 0, name: "okra", quantity: "400 g" },
            { position: 1, name: "tomatoes", quantity: "3" },
            { position: 2, name: "olive oil", quantity: "2 tbsp", section: "For the sauce" },
          ],
        },
        steps: {
          create: [
            { position: 0, text: "Fry the okra." },
            { position: 1, text: "Stew with the tomatoes." },
          ],
        },
      },
    });
    await fetch(`${app.origin}/preferences`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: app.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ cuisines: "Italian", mealOccasions: "Dinner" }),
    });
    const screens: [string, string][] = [
      ["onboarding", "/"],
      ["login", "/login"],
      ["home", "/home"],
      ["search", "/search"],
      ["ingredient-preview", "/ingredient-preview"],
      ["pantry", "/pantry"],
      ["preferences", "/preferences"],
      ["menu-suggestion", "/menu-suggestion"],
      ["menu-detail", `/menu-detail/${recipe.id}`],
      ["cook", `/cook/${recipe.id}?step=3`],
      ["favorites", "/favorites"],
      ["history", "/history"],
      ["account", "/account"],
      ["setting", "/setting"],
      ["my-recipes", "/my-recipes"],
      ["my-recipe-edit", `/my-recipes/${own.id}`],
      ["community", "/community"],
      ["reviews", `/reviews?menu_id=${recipe.id}`],
      ["camera", "/camera"],
      ["reset-password", "/reset-password"],
    ];
    const [name, value] = cookie.split("=");
    for (const scheme of SCHEMES) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: width > 800 ? 900 : 844 },
          colorScheme: scheme,
        });
        await context.addCookies([{ name, value, url: app.origin }]);
        const page = await context.newPage();
        for (const [screen, route] of screens) {
          await page.goto(`${app.origin}${route}`, { waitUntil: "networkidle" }).catch(() => undefined);
          await page.screenshot({ path: path.join(OUT, `${screen}-${width}-${scheme}.png`), fullPage: true });
        }
        await context.close();
      }
    }
    await prisma.$disconnect();
    console.log(`Screenshots in ${OUT}`);
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
