import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { makeTestApp } from "../../../test/helpers";
import { startFakeS3Objects } from "../../../test/fakes/s3-objects";
import { docxBomb, tinyDocx, tinyPdf, zip } from "../../../test/kits/cv-fixtures";
import { checkZipExpands } from "./read-file";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { diskStore } from "../../lib/files/disk-store";
import { participantFiles } from "../../db/schema";
import { eq } from "drizzle-orm";

// The same scenarios against both stores: the data folder, and an S3-compatible bucket (a fake
// on 127.0.0.1 that checks every request's signature) named by FILES_S3_URL.
const bucket = startFakeS3Objects();
afterAll(() => bucket.stop());
const apps = { disk: makeTestApp(), s3: makeTestApp({ FILES_S3_URL: bucket.filesUrl("cvs") }) };
let n = 0;

for (const kind of ["disk", "s3"] as const) {
  const t = apps[kind];

  /** The stored bytes of a file (null: not stored), and where they are, in this store. */
  function stored(workspaceId: number, key: string): { bytes: Uint8Array | null; where: string } {
    if (kind === "s3") {
      const name = `cvs/${workspaceId}/${key}`;
      return { bytes: bucket.objects.get(name) ?? null, where: name };
    }
    const path = diskStore(t.deps.config.dataDir).pathOf(workspaceId, key);
    return { bytes: existsSync(path) ? readFileSync(path) : null, where: path };
  }

  async function workspace() {
    const u = await t.signUp();
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `cv-${++n}`, name: "Ada Lovelace", emailAddress: `ada${n}@example.com` });
    const upload = async (bytes: Uint8Array, name: string, opts: { cookie?: string; candidateId?: number; path?: string } = {}) => {
      const form = new FormData();
      form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/octet-stream" }));
      const res = await t.request(opts.path ?? `/api/participants/${opts.candidateId ?? p.id}/files`, {
        method: "POST",
        body: form,
        cookie: opts.cookie ?? u.cookie,
        headers: { origin: "http://localhost" },
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text.startsWith("{") ? (JSON.parse(text) as any) : text };
    };
    const call = async (path: string, init: { method?: string; cookie?: string } = {}) => t.request(path, { cookie: u.cookie, ...init });
    return { ...u, p, upload, call };
  }

  const keyOf = (id: number) => t.deps.db.select().from(participantFiles).where(eq(participantFiles.id, id)).get()!;

  describe(`CVs on a candidate (${kind === "s3" ? "FILES_S3_URL bucket" : "data folder"})`, () => {
    test("a PDF, a DOCX and plain text: typed from the bytes, kept 0600, listed, downloaded as attachments, deleted with their bytes", async () => {
      const w = await workspace();
      const pdf = tinyPdf([["Ada Lovelace", "Kubernetes and payments"], ["Page two"]]);
      const up = await w.upload(pdf, "Ada CV.pdf");
      expect(up.status).toBe(201);
      expect(up.body.file).toMatchObject({ candidateId: w.p.id, name: "Ada CV.pdf", type: "pdf", contentType: "application/pdf", size: pdf.length });
      // A PDF behind a .txt name is still a PDF (the name does not decide).
      expect((await w.upload(pdf, "notes.txt")).body.file.type).toBe("pdf");
      expect((await w.upload(tinyDocx(["Ada Lovelace", "ada@example.com"]), "cv.docx")).body.file.type).toBe("docx");
      expect((await w.upload(new TextEncoder().encode("Ada Lovelace\nKubernetes, Go, Postgres\n"), "cv.txt")).body.file.type).toBe("txt");

      const list = await (await w.call(`/api/participants/${w.p.id}/files`)).json();
      expect(list.files.map((f: any) => f.type)).toEqual(["pdf", "pdf", "docx", "txt"]);

      const row = keyOf(up.body.file.id);
      const { bytes, where } = stored(w.workspaceId, row.storageKey);
      expect(Buffer.from(bytes!).equals(Buffer.from(pdf))).toBe(true);
      expect(where).not.toContain("Ada");
      if (kind === "disk") expect(statSync(where).mode & 0o777).toBe(0o600);
      else {
        // Only in the bucket, and every request to it signed.
        expect(existsSync(diskStore(t.deps.config.dataDir).pathOf(w.workspaceId, row.storageKey))).toBe(false);
        expect(bucket.requests.filter((r) => r.refused)).toEqual([]);
      }

      const dl = await w.call(`/api/files/${up.body.file.id}`);
      expect(dl.status).toBe(200);
      expect(dl.headers.get("content-type")).toBe("application/pdf");
      expect(dl.headers.get("content-disposition")).toBe(`attachment; filename="Ada CV.pdf"; filename*=UTF-8''Ada%20CV.pdf`);
      expect(dl.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await dl.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

      const del = await w.call(`/api/files/${up.body.file.id}`, { method: "DELETE" });
      expect(del.status).toBe(200);
      expect(stored(w.workspaceId, row.storageKey).bytes).toBeNull();
      expect((await w.call(`/api/files/${up.body.file.id}`)).status).toBe(404);
    });

    test("refused: a wrong type behind a right name, an oversized file, a zip bomb in DOCX clothing, the 21st file; other workspaces see nothing", async () => {
      const w = await workspace();
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
      const wrong = await w.upload(png, "cv.pdf");
      expect(wrong.status).toBe(415);
      expect(wrong.body.message).toBe("Only PDF, DOCX or plain text (.txt) files can be uploaded");
      const exe = await w.upload(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]), "cv.docx");
      expect(exe.status).toBe(415);
      const notWord = await w.upload(new Uint8Array(Buffer.from("PK\x03\x04" + "x".repeat(100))), "cv.docx");
      expect(notWord.status).toBe(415);

      const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(65);
      const tooBig = await w.upload(big, "cv.txt");
      expect(tooBig.status).toBe(413);

      const bomb = docxBomb(60);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const started = performance.now();
      const refused = await w.upload(bomb, "cv.docx");
      expect(refused.status).toBe(415);
      expect(refused.body.message).toBe("This DOCX would expand to more than 50 MB: it is refused (a CV is far smaller)");
      expect(performance.now() - started).toBeLessThan(2000); // read, not inflated
      expect((await (await w.call(`/api/participants/${w.p.id}/files`)).json()).files).toHaveLength(0);

      const txt = new TextEncoder().encode("A short CV\n");
      for (let i = 0; i < 20; i++) expect((await w.upload(txt, `cv${i}.txt`)).status).toBe(201);
      const more = await w.upload(txt, "cv21.txt");
      expect([more.status, more.body.message]).toEqual([400, "A candidate can have at most 20 files: delete one first"]);

      const other = await workspace();
      const id = (await (await w.call(`/api/participants/${w.p.id}/files`)).json()).files[0].id;
      expect((await other.call(`/api/files/${id}`)).status).toBe(404);
      expect((await other.call(`/api/files/${id}`, { method: "DELETE" })).status).toBe(404);
      expect((await other.call(`/api/participants/${w.p.id}/files`)).status).toBe(404);
      expect((await other.upload(txt, "x.txt", { candidateId: w.p.id })).status).toBe(404);
    });

    test("the text is read in the job queue after the upload: PDF, DOCX, plain text; a scan without text says so", async () => {
      const w = await workspace();
      const found = async (q: string) => (await (await w.call(`/api/participants?search=${encodeURIComponent(q)}`)).json()).participants.map((p: any) => p.id);
      // Searched (and kept) before any CV: the text read later must still reach the kept search.
      expect(await found("Kubernetes")).toEqual([]);
      expect(await found("terraform")).toEqual([]);
      const pdf = (await w.upload(tinyPdf([["Ada Lovelace", "Kubernetes and payments"], ["Second page: Go and Postgres"]]), "cv.pdf")).body.file;
      const docx = (await w.upload(tinyDocx(["Ada Lovelace", "Terraform on AWS"]), "cv.docx")).body.file;
      const txt = (await w.upload(new TextEncoder().encode("Ada Lovelace\nRust and WebAssembly\n"), "cv.txt")).body.file;
      const scan = (await w.upload(tinyPdf([[]]), "scan.pdf")).body.file;
      expect(pdf.textStatus).toBe("pending");
      await t.deps.jobs.runDue();
      await t.deps.jobs.idle();
      const text = (id: number) => keyOf(id).text ?? "";
      expect(text(pdf.id)).toContain("Kubernetes and payments");
      expect(text(pdf.id)).toContain("Second page: Go and Postgres");
      expect(text(docx.id)).toContain("Terraform on AWS");
      expect(text(txt.id)).toContain("Rust and WebAssembly");
      expect(text(scan.id)).toBe("");
      const files = (await (await w.call(`/api/participants/${w.p.id}/files`)).json()).files;
      expect(files.map((f: any) => [f.name, f.textStatus, f.textNote])).toEqual([
        ["cv.pdf", "done", null],
        ["cv.docx", "done", null],
        ["cv.txt", "done", null],
        ["scan.pdf", "empty", "No text found in this file"],
      ]);
      expect(await (await w.call(`/candidates/${w.p.id}`)).text()).toContain("No text found in this file");

      // Candidate search reads the CVs' text; a deleted CV no longer finds them.
      expect(await found("Kubernetes")).toEqual([w.p.id]);
      expect(await found("terraform")).toEqual([w.p.id]);
      expect(await found("webassembly")).toEqual([w.p.id]);
      await w.call(`/api/files/${docx.id}`, { method: "DELETE" });
      expect(await found("terraform")).toEqual([]);
      expect(await found("Kubernetes")).toEqual([w.p.id]);
      // A change to the record keeps the CV's words in the index.
      expect((await t.request(`/api/participants/${w.p.id}`, { method: "PATCH", json: { city: "London" }, cookie: w.cookie })).status).toBe(200);
      expect(await found("Kubernetes london")).toEqual([w.p.id]);
      // Three files read in children (a process start each, below the tests' priority): seconds on a busy machine.
    }, 120_000);

    test("a DOCX whose headers understate its size stops inflating at the stated size", () => {
      const lying = zip([
        { name: "[Content_Types].xml", data: new TextEncoder().encode("<Types/>") },
        { name: "word/document.xml", data: new Uint8Array(5 * 1024 * 1024).fill(32), declare: 1000 },
      ]);
      expect(() => checkZipExpands(lying)).toThrow();
      expect(() => checkZipExpands(tinyDocx(["fine"]))).not.toThrow();
    });

    test("the candidate page's plain form uploads; erasing the candidate deletes the bytes", async () => {
      const w = await workspace();
      const posted = await w.upload(tinyDocx(["Ada"]), "Ada.docx", { path: `/candidates/${w.p.id}/files` });
      expect(posted.status).toBe(303);
      const page = await (await w.call(`/candidates/${w.p.id}`)).text();
      expect(page).toContain("Ada.docx");
      expect(page.toLowerCase()).toContain('enctype="multipart/form-data"');
      const [file] = (await (await w.call(`/api/participants/${w.p.id}/files`)).json()).files;
      const key = keyOf(file.id).storageKey;
      expect(stored(w.workspaceId, key).bytes).not.toBeNull();
      expect((await w.call(`/api/participants/${w.p.id}`, { method: "DELETE" })).status).toBe(200);
      await t.deps.jobs.runDue();
      await t.deps.jobs.idle();
      expect(stored(w.workspaceId, key).bytes).toBeNull();
    });
  });
}
