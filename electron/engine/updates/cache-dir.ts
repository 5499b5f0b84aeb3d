// The cache folder moved up to engine/cache-dir.ts (validation keeps its cache there too, without the update checks).
export { defaultCacheDir } from "../cache-dir";
