import type { Deps } from "../../deps";
import { badRequest } from "../../lib/errors";
import { parseCsvStream, unguardCell, type CsvRecord } from "../../lib/csv";
import type { Buckets } from "./buckets";
import { bucketColumns, bucketsOf } from "./settings";
import { emailField, linkedinField, PHONE_MESSAGE, phoneField, stageField } from "./edit-model";
import { fieldOfHeader, IMPORT_FIELDS, MAX_CELL_CHARS, MAX_IMPORT_ROWS, type ImportField } from "./import-columns";
import * as identity from "./repo-identity";
import * as importRepo from "./repo-import";
import { candidateChanged, candidateCreated } from "./candidate-events";
import { recordEvent, type Actor } from "../events/record";

export interface ImportFailure {
  /** The row as a spreadsheet numbers it (the header is row 1). */
  row: number;
  message: string;
}

export interface ImportResult {
  imported: number;
  updated: number;
  failed: ImportFailure[];
  /** All failures, when `failed` lists only the first MAX_FAILURES. */
  failedCount: number;
  dryRun: boolean;
}

export interface ImportOptions {
  dryRun?: boolean;
  /** CSV header → field name ("" skips the column); without it, headers are matched by name. */
  mapping?: Record<string, string>;
  /** The API key the import was made with, for the activity log. */
  apiKeyId?: number | null;
  userId?: number | null;
}

const MAX_FAILURES = 1000;
const CHUNK = 2000;
const SHORT_MAX = 200;
const LONG: ImportField[] = ["prequalifier", "assessment", "voiceTranscript", "summary", "skills"];
type Values = Partial<Record<ImportField, string | number>>;

/**
 * POST /api/participants/import: reads a CSV whose columns are the Participant fields,
 * checks every row (e-mail required, stage 1 to 5, cells at most MAX_CELL_CHARS, readable
 * quotes), and imports the good ones: a row whose e-mail a candidate of the workspace (or an
 * earlier row) already has updates that record. Bad rows are reported with their row number
 * and skipped. Written in transactions of CHUNK rows, yielding between them, so a large file
 * does not hold the database; a dry run checks and counts without writing.
 */
export async function importCandidatesCsv(deps: Deps, workspaceId: number, csv: string | AsyncIterable<string>, opts: ImportOptions = {}): Promise<ImportResult> {
  // Parsed as it arrives: memory holds a piece of the file and one chunk of rows, and reading
  // stops at the row limit (the rest of the body is never read).
  const records = parseCsvStream(typeof csv === "string" ? oneString(csv) : csv)[Symbol.asyncIterator]();
  try {
    return await importRecords(deps, workspaceId, records, opts);
  } finally {
    await records.return?.(undefined);
  }
}

async function* oneString(text: string) {
  yield text;
}

async function importRecords(deps: Deps, workspaceId: number, records: AsyncIterator<CsvRecord>, opts: ImportOptions): Promise<ImportResult> {
  const header = await records.next();
  if (header.done || (!header.value.error && header.value.cells.every((c) => !c.trim()))) throw badRequest("The file is empty", { file: "Empty" });
  if (header.value.error) throw badRequest("The file has no readable header row", { file: "The file has no readable header row" });
  const columns = header.value.cells.map((h) => columnField(h, opts.mapping));
  if (!columns.includes("emailAddress")) {
    throw badRequest("The file needs an emailAddress column (one person, one record: rows are matched by e-mail)", { file: "No emailAddress column" });
  }
  const result: ImportResult = { imported: 0, updated: 0, failed: [], failedCount: 0, dryRun: !!opts.dryRun };
  const fail = (row: number, message: string) => {
    result.failedCount++;
    if (result.failed.length < MAX_FAILURES) result.failed.push({ row, message });
  };
  const known = importRepo.emailIndex(deps.db, workspaceId);
  const buckets = bucketsOf(deps, workspaceId);
  let chunk: { row: number; values: Values }[] = [];
  let rows = 0;
  for (let next = await records.next(); !next.done; next = await records.next()) {
    const rec = next.value;
    if (++rows > MAX_IMPORT_ROWS) {
      // Listed even past MAX_FAILURES: it says why the rest of the file was not read.
      result.failedCount++;
      result.failed.push({ row: rec.line, message: `Too many rows: at most ${MAX_IMPORT_ROWS} per file` });
      break;
    }
    if (rec.error) {
      fail(rec.line, rec.error);
      continue;
    }
    const checked = checkRow(rec.cells, columns, header.value.cells);
    if (typeof checked === "string") {
      fail(rec.line, checked);
      continue;
    }
    chunk.push({ row: rec.line, values: checked });
    if (chunk.length >= CHUNK) {
      write(deps, workspaceId, chunk, known, result, opts, buckets);
      chunk = [];
      await new Promise((r) => setTimeout(r, 0)); // let other requests in between chunks
    }
  }
  if (chunk.length) write(deps, workspaceId, chunk, known, result, opts, buckets);
  return result;
}

function columnField(header: string, mapping: Record<string, string> | undefined): ImportField | null {
  if (mapping && header in mapping) {
    const f = mapping[header];
    return f && (IMPORT_FIELDS as readonly string[]).includes(f) ? (f as ImportField) : null;
  }
  return fieldOfHeader(header);
}

/** The row's values, or why it is refused. Empty cells are left out (they change nothing). */
function checkRow(cells: string[], columns: (ImportField | null)[], headers: string[]): Values | string {
  if (cells.length > columns.length && cells.slice(columns.length).some((c) => c.trim())) {
    return `The row has ${cells.length} cells but the header has ${columns.length}`;
  }
  const v: Values = {};
  for (let i = 0; i < columns.length; i++) {
    const raw = cells[i] ?? "";
    if (raw.length > MAX_CELL_CHARS) return `The cell in column ${headers[i] || i + 1} is longer than ${MAX_CELL_CHARS} characters`;
    const field = columns[i];
    if (!field) continue;
    const cell = unguardCell(LONG.includes(field) ? raw : raw.trim());
    if (!cell.trim()) continue;
    if (!LONG.includes(field) && cell.length > SHORT_MAX) return `${field} is longer than ${SHORT_MAX} characters`;
    v[field] = cell;
  }
  if (!v.emailAddress) return "Missing e-mail address";
  const email = emailField.safeParse(v.emailAddress);
  if (!email.success) return `Invalid e-mail address: ${String(v.emailAddress).slice(0, 100)}`;
  v.emailAddress = email.data;
  if (v.stages !== undefined) {
    const s = stageField.safeParse(v.stages);
    if (!s.success) return `Stage must be a number from 1 to 5 (got ${String(v.stages).slice(0, 20)})`;
    v.stages = s.data;
  }
  if (v.linkedinUrl !== undefined && !linkedinField.safeParse(v.linkedinUrl).success) return "LinkedIn URL must start with http:// or https://";
  if (v.phone !== undefined && !phoneField.safeParse(v.phone).success) return PHONE_MESSAGE;
  return v;
}

/** One chunk: new e-mails inserted, known ones updated (a later row of the same e-mail wins), in one transaction. */
function write(deps: Deps, workspaceId: number, chunk: { row: number; values: Values }[], known: Map<string, number>, result: ImportResult, opts: ImportOptions, b: Buckets) {
  const now = deps.clock.now();
  const fresh = new Map<string, Values>(); // e-mail → values of a record this chunk creates
  const updates = new Map<number, Values>();
  for (const { values } of chunk) {
    const email = values.emailAddress as string;
    const id = known.get(email);
    if (id !== undefined) {
      updates.set(id, { ...updates.get(id), ...values });
      result.updated++;
    } else if (fresh.has(email)) {
      fresh.set(email, { ...fresh.get(email), ...values });
      result.updated++;
    } else {
      fresh.set(email, values);
      result.imported++;
    }
  }
  if (opts.dryRun) {
    for (const email of fresh.keys()) known.set(email, -1); // later chunks see them as known
    return;
  }
  deps.db.transaction((tx) => {
    const rows = [...fresh.values()].map((v) => ({ ...withBuckets(v, b), stages: Number(v.stages ?? 1), createdAt: now, lastUpdated: now }));
    const ids = importRepo.insertMany(tx, deps.db, workspaceId, rows);
    [...fresh.keys()].forEach((email, i) => known.set(email, ids[i]!));
    const actor: Actor = opts.userId ? { userId: opts.userId, apiKeyId: opts.apiKeyId ?? null } : "system";
    for (const id of ids) candidateCreated(deps, tx, workspaceId, id, "import", actor);
    let updated = 0;
    const befores = new Map(
      identity
        .rowsById(
          deps.db,
          workspaceId,
          [...updates.keys()].filter((id) => id > 0),
        )
        .map((r) => [r.id, r]),
    );
    for (const [id, v] of updates) {
      const before = befores.get(id);
      if (!before) continue; // created by an earlier chunk of a dry run, or erased meanwhile
      // Only what differs is written: a re-import of the same sheet touches nothing.
      const changed = Object.fromEntries(Object.entries(stringsOf(v)).filter(([k, x]) => before[k as keyof typeof before] !== x));
      const stages = v.stages !== undefined && Number(v.stages) !== before.stages ? { stages: Number(v.stages) } : {};
      if (!Object.keys(changed).length && !("stages" in stages)) continue;
      const merged = { roleApplied: before.roleApplied, jobTitle: before.jobTitle, city: before.city, ...changed };
      const buckets = bucketColumns(b, merged);
      const bucketChanges = Object.fromEntries(Object.entries(buckets).filter(([k, x]) => before[k as keyof typeof before] !== x));
      importRepo.updateOne(tx, workspaceId, id, { ...changed, ...stages, ...bucketChanges, lastUpdated: now });
      candidateChanged(
        deps,
        tx,
        workspaceId,
        id,
        { changedFields: Object.keys({ ...changed, ...stages }), stage: "stages" in stages ? { from: before.stages, to: Number(v.stages) } : null, source: "import" },
        actor,
        "candidate.imported_row",
        { updated: true },
      );
      updated++;
    }
    // The activity log's line for this part of the import (each record's own line is its timeline's).
    recordEvent(deps, tx, {
      workspaceId,
      actor,
      subject: { type: "import", id: null },
      kind: "candidates.imported",
      summary: `${ids.length} created, ${updated} updated`,
      data: { created: ids.length, updated },
    });
  });
}

function stringsOf(v: Values): Partial<Record<Exclude<ImportField, "stages">, string>> {
  const { stages: _s, ...rest } = v;
  return rest as Partial<Record<Exclude<ImportField, "stages">, string>>;
}

function withBuckets(v: Values, b: Buckets) {
  const s = stringsOf(v);
  return { ...s, ...bucketColumns(b, s) };
}
