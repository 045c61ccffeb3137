import { expect, test } from "bun:test";
import { Turns } from "./turns";

test("at most n at once, the rest in order, and a failure gives its turn on", async () => {
  const turns = new Turns(2);
  let now = 0;
  let most = 0;
  const order: number[] = [];
  const work = (i: number) =>
    turns.run(async () => {
      now++;
      most = Math.max(most, now);
      await Bun.sleep(5);
      now--;
      order.push(i);
      if (i === 3) throw new Error("refused");
      return i;
    });
  const results = await Promise.allSettled([0, 1, 2, 3, 4, 5, 6].map(work));
  expect(most).toBe(2);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(6);
  expect(order.slice().sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect(await work(7)).toBe(7);
});
