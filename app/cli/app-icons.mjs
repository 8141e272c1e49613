/**
 * node app/cli/app-icons.mjs — the installed app's icons (public/app-icons/, committed) from public/favicon.svg:
 * 192 and 512 px as they are, and a 512 px maskable one whose logo sits in the middle 70 % on the theme colour,
 * the safe zone a launcher's mask never cuts. Run again after changing the logo.
 */
import sharp from "sharp";

const THEME = "#2f7d4f";
const logo = "public/favicon.svg";

for (const size of [192, 512]) {
  await sharp(logo, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`public/app-icons/icon-${size}.png`);
}

const inner = Math.round(512 * 0.7);
const centred = await sharp(logo, { density: (72 * inner) / 64 })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: THEME } })
  .composite([{ input: centred, gravity: "centre" }])
  .png({ compressionLevel: 9, palette: true })
  .toFile("public/app-icons/maskable-512.png");
