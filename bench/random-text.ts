// Deterministic filler for the generated bench corpora: the same seed gives the same tree on every run.

/** A linear congruential generator in [0, 1), so every run generates the same tree. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A sentence of `words` words drawn from `vocabulary`, ending in a full stop. */
export function sentence(vocabulary: readonly string[], random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(vocabulary[Math.floor(random() * vocabulary.length)]!);
  return out.join(" ") + ".";
}
