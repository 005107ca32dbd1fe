// eachAtMost: bounded work over a list (the narration's slides spoken side by side).
import { describe, expect, it } from "vitest";
import { eachAtMost } from "@/lib/concurrency";

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
