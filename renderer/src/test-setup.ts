// The renderer project's setup: every rendered tree is unmounted after its test, so effects' cleanups run; waits for
// the DOM (findBy…, waitFor) allow for a loaded two-core machine instead of Testing Library's one second.
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => cleanup());
