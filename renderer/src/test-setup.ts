// The renderer project's setup: every rendered tree is unmounted after its test, so effects' cleanups run.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());
