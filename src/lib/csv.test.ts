import { describe, expect, test } from "bun:test";
import { csvCell, csvLine, parseCsv, parseCsvStream, unguardCell } from "./csv";

const all = (s: string) => [...parseCsv(s)];

describe("parseCsv (RFC 4180)", () => {
  test("plain, quoted, escaped quotes, commas and line breaks in quotes, CRLF, BOM, blank lines", () => {
    const r = all('\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\n\n2,"two\nlines",\r\n3,,');
    expect(r.map((x) => x.cells)).toEqual([
      ["a", "b", "c"],
      ["1", "x, y", 'say "hi"'],
      ["2", "two\nlines", ""],
      ["3", "", ""],
    ]);
    expect(r.map((x) => x.line)).toEqual([1, 2, 4, 6]);
    expect(r.every((x) => !x.error)).toBe(true);
  });

  test("an unclosed quote is one bad record and the rest is read", () => {
    const r = all('h1,h2\nok,1\n"broken,2\nafter,3\n');
    expect(r[2]).toMatchObject({ line: 3, error: expect.stringContaining("never closed") });
    expect(r[3]).toMatchObject({ line: 4, cells: ["after", "3"] });
    expect(r).toHaveLength(4);
  });

  test("text after a closing quote and a quote inside an unquoted cell are errors of their record only", () => {
    const r = all('a,b\n"x"y,1\nab"c,2\nfine,3');
    expect(r[1]!.error).toContain("after a closing quote");
    expect(r[2]!.error).toContain("unquoted");
    expect(r[3]).toEqual({ line: 4, cells: ["fine", "3"], error: undefined });
  });

  test("the last record without a line break, and a trailing empty cell", () => {
    expect(all("a,b\n1,").map((x) => x.cells)).toEqual([
      ["a", "b"],
      ["1", ""],
    ]);
  });
});

describe("writing", () => {
  test("quotes when needed and round-trips through the parser", () => {
    const values = ["plain", "a,b", 'q"uote', "multi\nline", " padded ", "", null, 5];
    const [rec] = all(csvLine(values));
    expect(rec!.cells).toEqual(["plain", "a,b", 'q"uote', "multi\nline", " padded ", "", "", "5"]);
  });

  test("cells that would run as formulas are guarded, and unguarded on import", () => {
    for (const f of ["=1+1", "+SUM(A1)", "-2", "@cmd"]) {
      expect(csvCell(f).startsWith("'") || csvCell(f).startsWith(`"'`)).toBe(true);
      expect(unguardCell(all(csvCell(f))[0]!.cells[0]!)).toBe(f);
    }
    expect(unguardCell("'plain")).toBe("'plain");
  });
});

describe("reading as the text arrives", () => {
  test("parseCsvStream gives the records and line numbers of parseCsv, however the text is cut into pieces", async () => {
    const samples = ['\ufeffa,b\r\n1,"x""y\nz",3\r\n\r\nlast,"unclosed\nmore\n', 'h1,h2\n"a","b"\n5\'10",x\n"q\nw",e\n', "a,b\rc,d\re,f", 'x\n"a"b",c\nz,""""\n'];
    for (const s of samples) {
      const whole = [...parseCsv(s)];
      for (let size = 1; size <= s.length; size++) {
        const pieces = async function* () {
          for (let i = 0; i < s.length; i += size) yield s.slice(i, i + size);
        };
        const got = [];
        for await (const r of parseCsvStream(pieces())) got.push(r);
        expect({ size, got }).toEqual({ size, got: whole });
      }
    }
  });

  test("a reader that stops early stops reading the pieces", async () => {
    let pulled = 0;
    const pieces = async function* () {
      for (let i = 0; i < 1000; i++) {
        pulled++;
        yield `row${i},x\n`;
      }
    };
    let n = 0;
    for await (const _ of parseCsvStream(pieces())) if (++n === 5) break;
    expect(pulled).toBeLessThan(10);
  });
});
