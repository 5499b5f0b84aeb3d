// A click on the host's first screen before the app takes it over is held (nothing sees it, its default is prevented)
// and given once to the same element when the app is usable; a row the app replaced is found again by its key, and
// any other element the app replaced gets nothing.
import { afterEach, describe, expect, it } from "vitest";
import { holdEarlyClicks, releaseEarlyClicks } from "./early-clicks";

function firstScreen() {
  const root = document.createElement("div");
  root.setAttribute("aria-busy", "true");
  root.innerHTML = `<div role="option" id="a" data-key="skill:a">a</div><div role="option" id="b" data-key="skill:b"><span id="b-name">b</span></div>`;
  document.body.append(root);
  const clicked: string[] = [];
  // As React's listener: added on the root after the hold, it would see every click that reaches it.
  root.addEventListener("click", (event) => clicked.push((event.target as Element).id));
  return { root, clicked, row: (id: string) => root.querySelector<HTMLElement>(`#${id}`)! };
}

afterEach(() => {
  releaseEarlyClicks();
  document.body.replaceChildren();
});

describe("clicks before the app takes over the first screen", () => {
  it("are held, then the last one is given to its element once, when the app is usable", () => {
    const { root, clicked, row } = firstScreen();
    holdEarlyClicks(root);
    const first = new MouseEvent("click", { bubbles: true, cancelable: true });
    row("a").dispatchEvent(first);
    row("b").click();
    expect(first.defaultPrevented).toBe(true);
    expect(clicked).toEqual([]);
    root.removeAttribute("aria-busy");
    expect(releaseEarlyClicks()).toBe(true);
    expect(clicked).toEqual(["b"]);
    // Released: clicks go through as they come, and nothing is given twice.
    row("a").click();
    expect(releaseEarlyClicks()).toBe(false);
    expect(clicked).toEqual(["b", "a"]);
  });

  it("give nothing to an element the app did not keep, nor anything when there was no click", () => {
    const { root, clicked, row } = firstScreen();
    holdEarlyClicks(root);
    expect(releaseEarlyClicks()).toBe(false);
    holdEarlyClicks(root);
    row("a").click();
    root.replaceChildren(Object.assign(document.createElement("div"), { id: "a", role: "option" }));
    root.removeAttribute("aria-busy");
    expect(releaseEarlyClicks()).toBe(false);
    expect(clicked).toEqual([]);
  });

  it("are not held once the root is no longer busy", () => {
    const { root, clicked, row } = firstScreen();
    holdEarlyClicks(root);
    root.removeAttribute("aria-busy");
    row("a").click();
    expect(clicked).toEqual(["a"]);
  });

  it("give a click on a row the app replaced to the row with the same key, now or once the app shows it", async () => {
    const { root, clicked } = firstScreen();
    const rows = root.innerHTML;
    holdEarlyClicks(root);
    root.querySelector<HTMLElement>("#b-name")!.click();
    // Replaced by rows of the same keys (a first screen that did not match): given at once, to the row.
    root.innerHTML = rows;
    root.removeAttribute("aria-busy");
    expect(releaseEarlyClicks()).toBe(true);
    expect(clicked).toEqual(["b"]);

    // Replaced by nothing yet (the app started without the first screen's data): given once the row is shown.
    root.setAttribute("aria-busy", "true");
    holdEarlyClicks(root);
    root.querySelector<HTMLElement>("#a")!.click();
    root.replaceChildren();
    root.removeAttribute("aria-busy");
    expect(releaseEarlyClicks()).toBe(false);
    root.innerHTML = rows;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clicked).toEqual(["b", "a"]);
  });

  it("drop a click held for a row the app has not shown once the person clicks something else", async () => {
    const { root, clicked } = firstScreen();
    const rows = root.innerHTML;
    holdEarlyClicks(root);
    root.querySelector<HTMLElement>("#a")!.click();
    root.replaceChildren(Object.assign(document.createElement("button"), { id: "other" }));
    root.removeAttribute("aria-busy");
    releaseEarlyClicks();
    // A person's click after takeover: it goes through, and the held one is not given later.
    root.querySelector<HTMLElement>("#other")!.click();
    root.innerHTML = rows;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clicked).toEqual(["other"]);
  });
});
