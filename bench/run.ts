// `npm run bench`: runs every benchmark in turn and prints its figures (nothing is asserted).
import { runValidateBench } from "./validate.bench";

const count = Number(process.env.BENCH_SKILLS ?? 10_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

console.log("== Skill validation ==");
await runValidateBench({ count, concurrency });

console.log("\n== validate FOLDER and the validation cache ==");
await (await import("./validate-folder.bench")).runValidateFolderBench({ count });

console.log("\n== Real-shaped skills against skills-ref, and start-up ==");
await (await import("./real.bench")).runRealBench({ count: Number(process.env.BENCH_REAL_SKILLS ?? 800) });

console.log("\n== Discovery: full scan and watch ==");
await (await import("./scan.bench")).runScanBench({ count });

console.log("\n== Updating a skill of 1,000 files ==");
await (await import("./update.bench")).runUpdateBench({ files: 1000 });

console.log("\n== The handlers' event loop while they scan and hash (p99 budget 50 ms) ==");
await (await import("./event-loop.bench")).runEventLoopBench({ count });

console.log("\n== Hostile files: a diagnostic within 2 s and under 256 MB, exit 1 ==");
await (await import("./bombs.bench")).runBombsBench();

console.log("\n== App in Chromium ==");
await (await import("./app.bench")).runAppBench();

console.log("\n== App in Chromium, warm start: the stored catalog ==");
await (await import("./app-stored.bench")).runStoredCatalogBench({ count });
