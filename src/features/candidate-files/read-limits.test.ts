// A CV is read in a child that can be killed (lib/cage.ts): each limit stops it with the message
// a recruiter reads, and the child is gone afterwards. The limits are lowered here so each case
// takes a second or two; the figures of read-limits.ts are the ones the server uses.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { docxBomb, manyPages, tinyDocx } from "../../../test/kits/cv-fixtures";
import { OverLimit } from "../../lib/cage";
import { extractText } from "./extract";
import { declaredPages } from "./read-file";

/** This process's children that are cages still running (Linux; none elsewhere). */
function cagesAlive(): number {
  let n = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = Number(readFileSync(`/proc/${pid}/stat`, "latin1").split(") ")[1]!.split(" ")[1]);
      if (ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, "latin1").includes("__cage")) n++;
    } catch {} // gone meanwhile
  }
  return n;
}

/** Rejects with an OverLimit: its limit and message, and how long it took. */
async function refusal(read: Promise<unknown>): Promise<{ limit: string; message: string; ms: number }> {
  const from = performance.now();
  try {
    await read;
  } catch (e) {
    if (!(e instanceof OverLimit)) throw e;
    return { limit: e.limit, message: e.message, ms: performance.now() - from };
  }
  throw new Error("read, not refused");
}

describe("the page count a PDF declares", () => {
  test("is read from its page tree without pdf.js; none in plain view leaves the count to pdf.js", () => {
    expect(declaredPages(manyPages(16_000))).toBe(16_000);
    expect(declaredPages(manyPages(3))).toBe(3);
    expect(declaredPages(new TextEncoder().encode("%PDF-1.7 an object stream only"))).toBeNull();
  });
});

describe("reading a CV in a child with limits", () => {
  test("a PDF of 16,000 pages is refused from its page count, before any page is read", async () => {
    const r = await refusal(extractText("pdf", manyPages(16_000)));
    expect([r.limit, r.message]).toEqual(["pages", "This PDF has 16,000 pages; Frank reads at most 300"]);
    // The limit is "at most" (shown here with a lower one, as reading 300 pages costs seconds).
    expect(await extractText("pdf", manyPages(3), undefined, { maxPages: 3 })).toBe("Page 1\nPage 2\nPage 3");
    expect((await refusal(extractText("pdf", manyPages(4), undefined, { maxPages: 3 }))).message).toBe("This PDF has 4 pages; Frank reads at most 3");
  }, 120_000);

  test("past the wall time the child is killed: 16,000 pages allowed, read for at most 1.5 s", async () => {
    const r = await refusal(extractText("pdf", manyPages(16_000), undefined, { maxPages: 1_000_000, cage: { wallMs: 1500, memoryMb: 4096 } }));
    expect([r.limit, r.message]).toEqual(["time", "Reading this file took more than 1.5 seconds; Frank stops there"]);
    // Reading all 16,000 pages takes minutes: ended at its wall time, with room for a busy machine.
    expect(r.ms).toBeLessThan(30_000);
    expect(cagesAlive()).toBe(0);
  }, 120_000);

  test("past the memory limit the child is killed: a DOCX of 60,000 paragraphs (6.6 MB of XML) read in 150 MB", async () => {
    const docx = tinyDocx(Array.from({ length: 60_000 }, (_, i) => `Paragraph ${i} of a long CV`));
    const r = await refusal(extractText("docx", docx, undefined, { cage: { memoryMb: 150, wallMs: 100_000 } }));
    expect([r.limit, r.message]).toEqual(["memory", "Reading this file needed more than 150 MB of memory; Frank stops there"]);
    expect(cagesAlive()).toBe(0);
  }, 120_000);

  test("a DOCX whose XML expands past the decoded limit is refused before it is inflated", async () => {
    const r = await refusal(extractText("docx", docxBomb(20)));
    expect([r.limit, r.message]).toEqual(["size", "This DOCX expands to 20 MB of text and markup; Frank reads at most 8 MB"]);
    expect(await extractText("docx", tinyDocx(["Ada Lovelace", "Terraform"]))).toContain("Terraform");
  }, 120_000);

  test("the task's abort signal kills the child at once", async () => {
    const stop = new AbortController();
    const from = performance.now();
    const read = extractText("pdf", manyPages(16_000), stop.signal, { maxPages: 1_000_000, cage: { wallMs: 60_000, memoryMb: 4096 } });
    setTimeout(() => stop.abort(new Error("No answer within 60 s")), 300);
    expect(read).rejects.toThrow("No answer within 60 s");
    await read.catch(() => {});
    expect(performance.now() - from).toBeLessThan(3000);
    expect(cagesAlive()).toBe(0);
  }, 120_000);
});
