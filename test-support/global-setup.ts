// Builds the CLI once before the tests, so CLI tests run the real `skillshelf` bin against fresh code.
export default async function setup(): Promise<void> {
  // @ts-expect-error: plain ESM build script without types
  const { buildNode } = await import("../scripts/build.mjs");
  await buildNode();
}
