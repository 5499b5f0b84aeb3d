import { runStoredCatalogBench } from "./app-stored.bench";
await runStoredCatalogBench({ count: Number(process.env.N ?? 10000) });
