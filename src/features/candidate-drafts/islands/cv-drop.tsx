import { useRef, useState } from "react";

export interface CvDropProps {
  /** The page the form is on, where a refused upload comes back to. */
  back: "/candidates" | "/candidates/drafts";
}

const ACCEPT = ".pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain";

/**
 * "Add candidates from CVs": a plain multipart form (several files, works without JavaScript)
 * that becomes a drop zone with it: CVs dropped on it are put in the file field and sent at once.
 */
export default function CvDrop({ back }: CvDropProps) {
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [sending, setSending] = useState(false);
  const hasFiles = (e: { dataTransfer: DataTransfer | null }) => !!e.dataTransfer && [...e.dataTransfer.types].includes("Files");
  return (
    <form
      ref={form}
      method="post"
      action="/candidates/drafts"
      encType="multipart/form-data"
      aria-labelledby="cv-drop-title"
      data-testid="cv-drop"
      className={`rounded-lg border-2 border-dashed p-4 text-sm transition-colors ${over ? "border-brand-500 bg-brand-50 dark:bg-slate-800" : "border-slate-300 dark:border-slate-700"}`}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!hasFiles(e) || !input.current || !form.current) return;
        e.preventDefault();
        setOver(false);
        input.current.files = e.dataTransfer!.files;
        setSending(true);
        form.current.requestSubmit();
      }}
      onSubmit={() => setSending(true)}
    >
      <input type="hidden" name="back" value={back} />
      <h2 id="cv-drop-title" className="font-semibold">
        Add candidates from CVs
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Drop CVs here or choose them (PDF, DOCX or plain text, up to 20 at a time, at most 10 MB each). Each becomes a draft: you check its fields before it becomes a candidate.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <label className="min-w-0">
          <span className="sr-only">CV files</span>
          <input ref={input} className="input max-w-full" type="file" name="file" multiple required accept={ACCEPT} aria-label="CV files" />
        </label>
        <button className="btn-primary" type="submit" disabled={sending}>
          {sending ? "Uploading…" : "Upload CVs"}
        </button>
      </div>
    </form>
  );
}
