import { describe, expect, test } from "bun:test";
import { batchOutcome, retryNotice } from "./batch-outcome";

describe("a batch of sessions that partly failed", () => {
  test("keeps only the failed candidates and says how many were created", () => {
    const results: PromiseSettledResult<unknown>[] = [
      { status: "fulfilled", value: {} },
      { status: "rejected", reason: new Error("busy") },
      { status: "fulfilled", value: {} },
      { status: "rejected", reason: new Error("busy") },
    ];
    const o = batchOutcome([11, 12, 13, 14], results);
    expect(o).toEqual({ made: [11, 13], failed: [12, 14] });
    expect(retryNotice(o, (id) => `C${id}`)).toBe("2 of 4 sessions were created. Only the 2 that failed remain selected (C12, C14): create again to retry them.");
  });
});
