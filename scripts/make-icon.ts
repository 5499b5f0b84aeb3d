// Writes build/icon.png (512×512), the icon electron-builder packs for every platform: `npx tsx scripts/make-icon.ts`.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { iconPng } from "../electron/main/icon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "build", "icon.png");
writeFileSync(out, iconPng(512));
console.log(`Wrote ${path.relative(root, out)}`);
