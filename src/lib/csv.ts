// RFC 4180 CSV, read and written. No CSV library is installed; this one is small, has its
// own tests (csv.test.ts), and does the two things Frank needs that a plain parser does
// not: a broken row is reported and skipped instead of swallowing the rest of the file,
// and written cells cannot run as spreadsheet formulas.

export interface CsvRecord {
  /** The line the record starts on (1 = the first line of the file), as a spreadsheet numbers rows. */
  line: number;
  cells: string[];
  /** Why the record cannot be read (a broken quote); its cells are then unreliable. */
  error?: string;
}

/**
 * Splits CSV text into records. Fields may be quoted ("" is a quote inside quotes) and
 * quoted fields may hold commas and line breaks. A quote that is never closed, or text after
 * a closing quote, makes that record an error; reading goes on at the next line. A byte
 * order mark is skipped; \r\n, \n and \r all end a record; blank lines are skipped.
 */
export function* parseCsv(text: string, delimiter = ","): Generator<CsvRecord> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const start = i;
    const startLine = line;
    const cells: string[] = [];
    let error: string | undefined;
    let field = "";
    let atFieldStart = true;
    let quoted = false;
    let done = false;
    while (!done) {
      if (i >= n) {
        if (quoted) error = "Broken quote: a quoted cell is never closed";
        cells.push(field);
        break;
      }
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          quoted = false;
          i++;
          // After a closing quote only a delimiter or the end of the record may follow.
          const next = text[i];
          if (next !== undefined && next !== delimiter && next !== "\n" && next !== "\r") {
            error = "Broken quote: text after a closing quote";
          }
          continue;
        }
        if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) line++;
        field += c;
        i++;
        continue;
      }
      if (c === '"' && atFieldStart) {
        quoted = true;
        atFieldStart = false;
        i++;
        continue;
      }
      if (c === delimiter) {
        cells.push(field);
        field = "";
        atFieldStart = true;
        i++;
        continue;
      }
      if (c === "\n" || c === "\r") {
        cells.push(field);
        i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
        line++;
        done = true;
        continue;
      }
      if (c === '"') error = "Broken quote: a quote inside an unquoted cell";
      field += c;
      atFieldStart = false;
      i++;
    }
    if (error && error.startsWith("Broken quote: a quoted cell is never closed")) {
      // Unclosed: the rest of the file was read as one cell. Report the line and go on after it.
      const end = nextLineEnd(text, start);
      yield { line: startLine, cells: [], error };
      line = startLine + 1;
      i = end;
      continue;
    }
    if (cells.length === 1 && cells[0] === "" && !error) continue; // a blank line
    yield { line: startLine, cells, error };
  }
}

function nextLineEnd(text: string, from: number): number {
  const nl = text.indexOf("\n", from);
  const cr = text.indexOf("\r", from);
  const at = nl === -1 ? cr : cr === -1 ? nl : Math.min(nl, cr);
  if (at === -1) return text.length;
  return text[at] === "\r" && text[at + 1] === "\n" ? at + 2 : at + 1;
}

// A cell starting with one of these would run as a formula in Excel or Sheets (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when needed, and prefixed with ' when it would start a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvCell).join(",") + "\r\n";
}

/** Undoes csvCell's formula guard on import, so an exported file reads back the same. */
export function unguardCell(s: string): string {
  return s.length > 1 && s[0] === "'" && FORMULA_START.test(s.slice(1)) ? s.slice(1) : s;
}

/**
 * parseCsv over text that arrives in pieces (a request body being read): records are parsed
 * as soon as the piece holding their end has arrived, so memory holds one piece and the
 * records not yet taken, not the file. A piece is cut only at a line break outside quotes (the
 * same reading as parseCsv's), so the records and their line numbers are those of the whole
 * text. A caller that stops early (a row limit) stops the reading too.
 */
export async function* parseCsvStream(pieces: AsyncIterable<string>, delimiter = ","): AsyncGenerator<CsvRecord> {
  let buf = "";
  let lines = 0; // line breaks before buf
  let scanned = 0;
  let quoted = false;
  let atFieldStart = true;
  const d = delimiter.charCodeAt(0);
  function* parsed(text: string) {
    for (const r of parseCsv(text, delimiter)) yield lines ? { ...r, line: r.line + lines } : r;
    lines += (text.match(/\r\n|\r|\n/g) ?? []).length;
  }
  for await (const piece of pieces) {
    buf += piece;
    let cut = -1;
    let i = scanned;
    for (; i < buf.length; i++) {
      const c = buf.charCodeAt(i);
      if (quoted) {
        if (c !== 34) continue;
        if (i + 1 >= buf.length) break; // "" or a closing quote: the next piece tells
        if (buf.charCodeAt(i + 1) === 34) i++;
        else quoted = false;
      } else if (c === 34 && atFieldStart) {
        quoted = true;
        atFieldStart = false;
      } else if (c === d || c === 13) {
        atFieldStart = true;
      } else if (c === 10) {
        atFieldStart = true;
        cut = i;
      } else {
        atFieldStart = false;
      }
    }
    scanned = i;
    if (cut < 0) continue;
    const head = buf.slice(0, cut + 1);
    buf = buf.slice(cut + 1);
    scanned -= cut + 1;
    yield* parsed(head);
  }
  if (buf) yield* parsed(buf);
}
