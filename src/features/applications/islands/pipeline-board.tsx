import { useEffect, useRef, useState } from "react";
import { api, ApiError } from "../../../client/api";
import { toast } from "../../../client/toast";
import type { TemplatePreviewAnswer } from "../../../client/answers";

interface Stage {
  id: number;
  name: string;
  kind: "open" | "rejected";
}
interface Template {
  id: number;
  stageId: number;
  name: string;
}
interface Props {
  jobId: number;
  stages: Stage[];
  reasons: string[];
  templates: Template[];
  /** The closing success stage: a card moved there goes on to its placement's form. */
  placed: { stageId: number; form: string } | null;
}
interface Pending {
  card: HTMLElement;
  to: Stage;
  template: Template | null;
}

const cardName = (card: HTMLElement) => card.dataset.name ?? "Candidate";
const stageOf = (card: HTMLElement) => Number(card.closest<HTMLElement>("[data-column]")?.dataset.column);

/**
 * Enhances a job's server-rendered board: cards move by drag and drop or by the arrow keys (one
 * stage left or right), each move said aloud through a live region. A move into Rejected asks
 * for the reason; into a stage with an e-mail template it offers the e-mail with a preview (ticked).
 * Without JavaScript each card's own Move form does the same.
 */
export default function PipelineBoard({ jobId, stages, reasons, templates, placed }: Props) {
  const [said, say] = useState("");
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState("");
  const [send, setSend] = useState(true);
  const [preview, setPreview] = useState<{ subject: string; text: string } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  const move = async (card: HTMLElement, to: Stage, extra: { rejectedReason?: string; sendEmail?: boolean } = {}) => {
    const from = stageOf(card);
    if (from === to.id) return;
    try {
      await api(`/api/applications/${card.dataset.card}`, { method: "PATCH", body: { stage: to.id, ...extra } });
    } catch (e) {
      const message = e instanceof ApiError ? (e.body?.message ?? e.message) : String(e);
      toast({ title: "Not moved", description: message, variant: "destructive" });
      say(`${cardName(card)} was not moved: ${message}`);
      return;
    }
    const list = document.querySelector(`[data-board="${jobId}"] [data-column-list="${to.id}"]`);
    list?.append(card);
    // A folded column (Rejected) opens to show the card it just received, which keeps the focus.
    const column = list?.closest("details");
    if (column) column.open = true;
    card.scrollIntoView({ block: "nearest", inline: "nearest" });
    for (const id of [from, to.id]) {
      const count = document.querySelector(`[data-board="${jobId}"] [data-count="${id}"]`);
      const n = document.querySelectorAll(`[data-board="${jobId}"] [data-column-list="${id}"] [data-card]`).length;
      if (count) count.textContent = String(Math.max(n, Number(count.textContent) + (id === to.id ? 1 : -1)));
    }
    const select = card.querySelector<HTMLSelectElement>("select[name=stage]");
    if (select) select.value = String(to.id);
    card.focus();
    const n = document.querySelector(`[data-board="${jobId}"] [data-count="${to.id}"]`)?.textContent ?? "";
    say(`${cardName(card)} moved to ${to.name}${extra.rejectedReason ? ` (${extra.rejectedReason})` : ""}. ${to.name} has ${n}.${extra.sendEmail ? " E-mail queued." : ""}`);
    if (placed && to.id === placed.stageId) window.location.assign(`${placed.form}${card.dataset.card}`);
  };

  /** A move that needs a reason or offers an e-mail asks first; any other goes at once. */
  const request = (card: HTMLElement, to: Stage) => {
    if (stageOf(card) === to.id) return;
    const template = templates.find((t) => t.stageId === to.id) ?? null;
    if (to.kind !== "rejected" && !template) return void move(card, to);
    setReason("");
    setSend(true);
    setPreview(null);
    setPending({ card, to, template });
    if (template) {
      api<TemplatePreviewAnswer>(`/api/email-templates/${template.id}/preview?applicationId=${card.dataset.card}`)
        .then(setPreview)
        .catch(() => setPreview(null));
    }
  };

  useEffect(() => {
    const board = document.querySelector<HTMLElement>(`[data-board="${jobId}"]`);
    if (!board) return;
    for (const card of board.querySelectorAll<HTMLElement>("[data-card]")) card.draggable = true;
    // The hint that the board scrolls sideways shows whenever a column is out of sight (a narrow
    // window, or more stages than fit), not only below the width the default six fit in.
    const hint = document.querySelector<HTMLElement>(`[data-board-hint="${jobId}"]`);
    const fit = () => {
      if (hint) hint.style.display = board.scrollWidth > board.clientWidth + 1 ? "block" : "none";
    };
    fit();
    window.addEventListener("resize", fit);
    const onDragStart = (e: DragEvent) => {
      const card = (e.target as HTMLElement).closest<HTMLElement>("[data-card]");
      if (card && e.dataTransfer) {
        e.dataTransfer.setData("text/plain", card.dataset.card!);
        e.dataTransfer.effectAllowed = "move";
      }
    };
    const onDragOver = (e: DragEvent) => {
      if ((e.target as HTMLElement).closest("[data-column]")) e.preventDefault();
    };
    const onDrop = (e: DragEvent) => {
      const column = (e.target as HTMLElement).closest<HTMLElement>("[data-column]");
      const id = e.dataTransfer?.getData("text/plain");
      const card = id ? board.querySelector<HTMLElement>(`[data-card="${CSS.escape(id)}"]`) : null;
      const to = stages.find((s) => s.id === Number(column?.dataset.column));
      if (!column || !card || !to) return;
      e.preventDefault();
      request(card, to);
    };
    const onKey = (e: KeyboardEvent) => {
      const card = e.target as HTMLElement;
      if (!card.matches?.("[data-card]") || (e.key !== "ArrowRight" && e.key !== "ArrowLeft")) return;
      e.preventDefault();
      // Every column in the board's order, Rejected (the last) included: it asks for the reason.
      const at = stages.findIndex((s) => s.id === stageOf(card));
      const next = at < 0 ? undefined : stages[at + (e.key === "ArrowRight" ? 1 : -1)];
      if (next) request(card, next);
      else say(`${cardName(card)} is already in the ${e.key === "ArrowRight" ? "last" : "first"} stage.`);
    };
    board.addEventListener("dragstart", onDragStart);
    board.addEventListener("dragover", onDragOver);
    board.addEventListener("drop", onDrop);
    board.addEventListener("keydown", onKey);
    return () => {
      board.removeEventListener("dragstart", onDragStart);
      board.removeEventListener("dragover", onDragOver);
      board.removeEventListener("drop", onDrop);
      board.removeEventListener("keydown", onKey);
      window.removeEventListener("resize", fit);
    };
  }, []);

  useEffect(() => {
    if (pending && dialog.current && !dialog.current.open) dialog.current.showModal();
    if (!pending && dialog.current?.open) dialog.current.close();
  }, [pending]);

  const confirm = (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!pending) return;
    const { card, to, template } = pending;
    setPending(null);
    void move(card, to, { ...(to.kind === "rejected" ? { rejectedReason: reason } : {}), ...(template ? { sendEmail: send } : {}) });
  };

  return (
    <div>
      <div className="sr-only" aria-live="polite" role="status" data-testid="board-announcer">
        {said}
      </div>
      <dialog
        ref={dialog}
        // Centred in the window: the page's reset takes the margin a dialog is centred with.
        className="m-auto max-h-[calc(100dvh-2rem)] max-w-[calc(100vw-2rem)] rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/40 dark:bg-slate-900 dark:text-slate-100"
        onClose={() => setPending(null)}
        aria-labelledby="move-title"
        data-testid="move-dialog"
      >
        {pending ? (
          <form method="dialog" className="grid w-96 max-w-full gap-3 p-4" onSubmit={confirm}>
            <h2 id="move-title" className="text-lg font-semibold">{`Move ${cardName(pending.card)} to ${pending.to.name}`}</h2>
            {pending.to.kind === "rejected" ? (
              <label className="text-sm">
                Reason
                <select className="input" required value={reason} onChange={(e) => setReason((e.target as HTMLSelectElement).value)} data-testid="reject-reason">
                  <option value="">Choose a reason</option>
                  {reasons.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {pending.template ? (
              <div className="grid gap-1 text-sm">
                <label className="flex items-center gap-2">
                  <input type="checkbox" checked={send} onChange={(e) => setSend((e.target as HTMLInputElement).checked)} data-testid="send-template" />
                  {`Send ‘${pending.template.name}’ to ${cardName(pending.card).split(" ")[0]}`}
                </label>
                {preview ? (
                  <div className="max-h-48 overflow-auto rounded border border-slate-200 p-2 text-xs dark:border-slate-700" data-testid="template-preview">
                    <p className="font-medium">{preview.subject}</p>
                    <p className="whitespace-pre-wrap">{preview.text}</p>
                  </div>
                ) : null}
              </div>
            ) : null}
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-outline" onClick={() => setPending(null)}>
                Cancel
              </button>
              <button type="submit" className="btn-primary">
                Move
              </button>
            </div>
          </form>
        ) : null}
      </dialog>
    </div>
  );
}
