// Preloaded with `node --require` by the bombs bench: prints the process's peak RSS on stderr when it exits.
process.on("exit", () => process.stderr.write(`\nBENCH_MAX_RSS_KB=${process.resourceUsage().maxRSS}\n`));
