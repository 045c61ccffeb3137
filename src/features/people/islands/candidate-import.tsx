import { useState } from "react";
import { ApiError, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";
import { csvLine, parseCsv, type CsvRecord } from "../../../lib/csv";
import { fieldOfHeader, IMPORT_FIELDS } from "../../candidates/import-columns";
import type { ImportFailure, ImportResult } from "../../candidates/import";
import type { ImportAnswer } from "../../../client/answers";

export interface ImportProps {
  /** A result rendered by the server (the form posted without JavaScript). */
  result: ImportResult | null;
}

const ROWS_PER_REQUEST = 5000;

/**
 * The CSV import page: pick a file, see the first rows, map each column to a field, then a
 * dry run or the import. The file is read in the browser and sent in parts of
 * ROWS_PER_REQUEST rows, so a large file shows its progress and no request is huge.
 */
export default function CandidateImport(props: ImportProps) {
  const [header, setHeader] = useState<string[]>([]);
  const [records, setRecords] = useState<CsvRecord[]>([]);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(props.result);
  const [fileName, setFileName] = useState("");

  async function choose(file: File | undefined) {
    setResult(null);
    if (!file) return;
    setFileName(file.name);
    const all = [...parseCsv(await file.text())];
    const head = all.shift();
    if (!head || head.error) return void toast({ title: "Not a CSV file", description: "The first row must name the columns.", variant: "destructive" });
    setHeader(head.cells);
    setRecords(all);
    setMapping(Object.fromEntries(head.cells.map((h) => [h, fieldOfHeader(h) ?? ""])));
  }

  async function run(dryRun: boolean) {
    if (!Object.values(mapping).includes("emailAddress")) {
      return void toast({ title: "Map a column to emailAddress", description: "Rows are matched by e-mail (one person, one record).", variant: "destructive" });
    }
    const total: ImportResult = { imported: 0, updated: 0, failed: [], failedCount: 0, dryRun };
    const broken = records.filter((r) => r.error);
    for (const r of broken) total.failed.push({ row: r.line, message: r.error! });
    total.failedCount = broken.length;
    const good = records.filter((r) => !r.error);
    setProgress(0);
    try {
      for (let i = 0; i < good.length || i === 0; i += ROWS_PER_REQUEST) {
        const part = good.slice(i, i + ROWS_PER_REQUEST);
        const body = csvLine(header) + part.map((r) => csvLine(r.cells)).join("");
        const res = await fetch(`/api/participants/import?dryRun=${dryRun ? 1 : 0}&mapping=${encodeURIComponent(JSON.stringify(mapping))}`, {
          method: "POST",
          credentials: "include",
          headers: { "content-type": "text/csv" },
          body,
        });
        const json = await res.json();
        if (!res.ok) throw new ApiError(`${res.status}`, res.status, json);
        const r = json as ImportAnswer;
        total.imported += r.imported;
        total.updated += r.updated;
        total.failedCount += r.failedCount;
        // Rows are numbered within the part (its header is row 1): back to the file's lines.
        total.failed.push(...r.failed.map((f: ImportFailure) => ({ row: part[f.row - 2]?.line ?? f.row, message: f.message })));
        setProgress(Math.min(1, (i + part.length) / Math.max(1, good.length)));
        if (!part.length) break;
      }
      total.failed.sort((a, b) => a.row - b.row);
      setResult(total);
      toast({ title: dryRun ? "Dry run finished" : "Import finished", description: `${total.imported} new, ${total.updated} updated, ${total.failedCount} refused`, variant: "success" });
    } catch (e) {
      toast({ title: "Import failed", description: serverMessage(e) ?? "Please try again.", variant: "destructive" });
    } finally {
      setProgress(null);
    }
  }

  const preview = records.slice(0, 5);
  return (
    <div className="space-y-6">
      <form method="post" action="/candidates/import" encType="multipart/form-data" className="card card-body space-y-3" onSubmit={(e) => e.preventDefault()}>
        <label className="label" htmlFor="csv-file">
          CSV file
        </label>
        <input id="csv-file" name="file" type="file" accept=".csv,text/csv" className="input" onChange={(e) => void choose((e.target as HTMLInputElement).files?.[0])} />
        <p className="text-xs text-slate-500">The first row names the columns: {IMPORT_FIELDS.join(", ")}. A row with an e-mail already in your workspace updates that candidate.</p>
        <noscript>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="dryRun" value="1" /> Dry run (check only)
          </label>
          <button type="submit" className="btn-primary">
            Upload
          </button>
        </noscript>
      </form>

      {header.length ? (
        <section className="card" aria-labelledby="mapping-title">
          <div className="card-header">
            <h2 id="mapping-title" className="card-title">
              {fileName}: {records.length} row{records.length === 1 ? "" : "s"}
            </h2>
            <p className="text-sm text-slate-500">Choose the field each column fills; the first rows are shown below.</p>
          </div>
          <div className="card-body space-y-4">
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="import-preview">
                <thead>
                  <tr>
                    {header.map((h) => (
                      <th key={h} className="min-w-40 py-2 pr-3 align-bottom">
                        <div className="text-xs text-slate-500">{h || "(no name)"}</div>
                        <select
                          className="input mt-1"
                          aria-label={`Field for column ${h}`}
                          value={mapping[h] ?? ""}
                          onChange={(e) => setMapping({ ...mapping, [h]: (e.target as HTMLSelectElement).value })}
                        >
                          <option value="">Skip this column</option>
                          {IMPORT_FIELDS.map((f) => (
                            <option key={f} value={f}>
                              {f}
                            </option>
                          ))}
                        </select>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {preview.map((r) => (
                    <tr key={r.line}>
                      {header.map((h, i) => (
                        <td key={h} className="max-w-60 truncate py-1.5 pr-3">
                          {r.error ? (i === 0 ? r.error : "") : r.cells[i]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <button type="button" className="btn-outline" disabled={progress !== null} onClick={() => run(true)}>
                Dry run
              </button>
              <button type="button" className="btn-primary" disabled={progress !== null} onClick={() => run(false)}>
                Import {records.length} rows
              </button>
              {progress !== null ? (
                <div className="flex min-w-60 flex-1 items-center gap-2">
                  <progress className="w-full" max={1} value={progress} aria-label="Import progress" />
                  <span className="text-sm text-slate-500">{Math.round(progress * 100)}%</span>
                </div>
              ) : null}
            </div>
          </div>
        </section>
      ) : null}

      {result ? (
        <section className="card" aria-labelledby="result-title" data-testid="import-result">
          <div className="card-header">
            <h2 id="result-title" className="card-title">
              {result.dryRun ? "Dry run: nothing was saved" : "Import finished"}
            </h2>
            <p className="text-sm text-slate-600">
              {result.imported} new · {result.updated} updated · {result.failedCount} refused
            </p>
          </div>
          {result.failed.length ? (
            <ul className="card-body max-h-96 space-y-1 overflow-y-auto text-sm">
              {result.failed.map((f, i) => (
                <li key={i}>
                  <span className="font-mono">Row {f.row}</span>: {f.message}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
