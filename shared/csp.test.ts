// The shared Content-Security-Policy: strict, identical everywhere, and valid as a meta tag.
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  contentSecurityPolicyWithStyles,
  isOurPolicy,
  metaContentSecurityPolicy,
  metaContentSecurityPolicyWithStyles,
} from "./csp";

const parse = (policy: string) =>
  new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );

describe("contentSecurityPolicy", () => {
  it("denies by default and allows scripts only from the app itself: no inline, no eval, no remote", () => {
    const policy = parse(contentSecurityPolicy);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("script-src")).toEqual(["'self'"]);
    for (const sources of policy.values()) {
      for (const banned of ["'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:", "ws:"])
        expect(sources).not.toContain(banned);
    }
    for (const name of ["object-src", "base-uri", "form-action", "frame-ancestors", "frame-src"])
      expect(policy.get(name)).toEqual(["'none'"]);
  });

  it("serialises every directive, and leaves header-only ones out of the meta tag", () => {
    const directive = "[a-z-]+(?: [^ ;]+)+";
    for (const policy of [contentSecurityPolicy, metaContentSecurityPolicy])
      expect(policy).toMatch(new RegExp(`^${directive}(?:; ${directive})*$`));
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(metaContentSecurityPolicy).not.toContain("frame-ancestors");
    const headerOnly = ["frame-ancestors", "report-uri", "sandbox"];
    expect([...parse(metaContentSecurityPolicy)]).toEqual(
      [...parse(contentSecurityPolicy)].filter(([name]) => !headerOnly.includes(name)),
    );
  });
});

describe("the policy of a page with inline stylesheets", () => {
  const hash = "n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=";
  it("adds each stylesheet's hash to style-src and changes nothing else", () => {
    const policy = parse(contentSecurityPolicyWithStyles([hash]));
    expect(policy.get("style-src")).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(new Map([...policy].filter(([name]) => name !== "style-src"))).toEqual(
      new Map([...parse(contentSecurityPolicy)].filter(([name]) => name !== "style-src")),
    );
    expect(metaContentSecurityPolicyWithStyles([hash])).not.toContain("frame-ancestors");
  });

  it("is recognised as ours, and a policy loosened any other way is not", () => {
    expect(isOurPolicy(contentSecurityPolicy)).toBe(true);
    expect(isOurPolicy(contentSecurityPolicyWithStyles([hash, hash.replace("n", "m")]))).toBe(true);
    expect(isOurPolicy(contentSecurityPolicyWithStyles([hash]).replace("'self'", "'unsafe-inline'"))).toBe(false);
    expect(isOurPolicy(`${contentSecurityPolicy}; img-src *`)).toBe(false);
  });
});
