// Stored file names lose control and format characters (issue 59 item 11): a right-to-left override
// (U+202E) would make `cv‮fdp.exe` read as `cvexe.pdf`; zero-width and bidi marks, C0 and C1
// controls and line separators go the same way.
import { expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { tinyPdf } from "../../../test/kits/cv-fixtures";
import { upsertParticipantFromVisitor } from "../candidates/service";

const t = makeTestApp();

test("control, bidi and zero-width characters are stripped from an uploaded file's name", async () => {
  const u = await t.signUp();
  const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "fn-1", name: "Ada Lovelace", emailAddress: "ada@example.com" });
  const upload = async (name: string) => {
    const form = new FormData();
    form.append("file", new File([tinyPdf([["Ada Lovelace"]]) as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" }));
    const res = await t.request(`/api/participants/${p.id}/files`, { method: "POST", body: form, cookie: u.cookie, headers: { origin: "http://localhost" } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { file: { name: string } }).file.name;
  };
  expect(await upload("cv\u202Efdp.exe")).toBe("cvfdp.exe");
  expect(await upload("Ada\u200B\u2066CV\u2069\u200F.pdf")).toBe("AdaCV.pdf");
  expect(await upload("a\u0085b\u009Bc\u2028d\u0007.pdf")).toBe("abcd.pdf");
  expect(await upload("Ünïcödé résumé 履歴書.pdf")).toBe("Ünïcödé résumé 履歴書.pdf");
});
