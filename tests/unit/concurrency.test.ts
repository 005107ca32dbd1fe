// eachAtMost: bounded work over a list (the narration's slides spoken side by side).
import { describe, expect, it } from "vitest";
import { eachAtMost, inSlices } from "@/lib/concurrency";

/** A task that finishes when told to, recording when it started. */
function gate() {
  const started: number[] = [];
  const release = new Map<number, () => void>();
  const work = (item: number) =>
    new Promise<void>((resolve) => {
      started.push(item);
      release.set(item, resolve);
    });
  return { started, work, finish: (item: number) => release.get(item)?.() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("eachAtMost", () => {
  it("keeps at most `limit` items in flight and starts them in the list's order", async () => {
    const { started, work, finish } = gate();
    const done = eachAtMost([1, 2, 3, 4, 5], 2, work);
    await tick();
    expect(started).toEqual([1, 2]);
    finish(2);
    await tick();
    expect(started).toEqual([1, 2, 3]);
    finish(1);
    finish(3);
    await tick();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    finish(4);
    finish(5);
    await expect(done).resolves.toBeUndefined();
  });

  it("starts nothing new after a failure, waits for what was started, then throws that failure", async () => {
    const started: number[] = [];
    let slowFinished = false;
    const work = async (item: number) => {
      started.push(item);
      if (item === 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        slowFinished = true;
        return;
      }
      throw new Error(`item ${item} failed`);
    };
    await expect(eachAtMost([1, 2, 3, 4], 2, work)).rejects.toThrow("item 2 failed");
    expect(started).toEqual([1, 2]);
    expect(slowFinished).toBe(true);
  });

  it("does everything with a limit above the list's length, and nothing for an empty list", async () => {
    const seen: number[] = [];
    await eachAtMost([1, 2, 3], 10, async (item) => void seen.push(item));
    expect(seen).toEqual([1, 2, 3]);
    await eachAtMost([], 3, async () => void seen.push(0));
    expect(seen).toEqual([1, 2, 3]);
  });
});

describe("inSlices", () => {
  it("handles every item in order, and lets other work run between its slices", async () => {
    const seen: string[] = [];
    let running = true;
    const other = () => {
      seen.push("other");
      if (running) setImmediate(other);
    };
    setImmediate(other);
    try {
      await inSlices([1, 2, 3, 4, 5], (item, index) => seen.push(`${item}@${index}`), 2);
    } finally {
      running = false;
    }
    const items = seen.filter((entry) => entry !== "other");
    expect(items).toEqual(["1@0", "2@1", "3@2", "4@3", "5@4"]);
    // Another task ran between the first slice and the last, never inside a slice.
    const first = seen.indexOf("2@1");
    const last = seen.indexOf("5@4");
    expect(seen.slice(first, last).includes("other")).toBe(true);
    expect(seen[seen.indexOf("1@0") + 1]).toBe("2@1");
    expect(seen[seen.indexOf("3@2") + 1]).toBe("4@3");
  });
});
