import { useEffect, useState } from "react";
import { formatDateTime } from "../../../lib/when";
import { api } from "../../../client/api";
import { conversationPreview, stageLabel } from "../../candidates/classify";
import type { Participant } from "../../candidates/model";

const FIELDS: [keyof Participant, string][] = [
  ["emailAddress", "Email"],
  ["city", "City"],
  ["roleApplied", "Role applied"],
  ["jobTitle", "Current title"],
  ["industry", "Industry"],
  ["visaStatus", "Visa status"],
  ["salaryExpectation", "Salary expectation"],
  ["availability", "Availability"],
];

/** Candidate details dialog: the participant's fields and the conversation preview (shown above 50 characters, cut at 1000). */
export function CandidateDetailsDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const [p, setP] = useState<Participant | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api<Participant>(`/api/participants/${id}`)
      .then(setP)
      .catch(() => setFailed(true));
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [id]);
  const conversation = p ? conversationPreview(p.prequalifier) : null;

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4" onClick={onClose}>
      <div role="dialog" aria-modal="true" aria-labelledby="candidate-details-title" className="card max-h-[90vh] w-full max-w-2xl overflow-y-auto" onClick={(e) => e.stopPropagation()}>
        <div className="card-header flex items-start justify-between gap-4">
          <div>
            <h2 id="candidate-details-title" className="card-title">
              {p?.name || "Candidate details"}
            </h2>
            {p ? (
              <p className="text-sm text-slate-500">
                Candidate #{p.id} · {`Screening progress: ${stageLabel(p.stages)}`}
              </p>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            <a className="btn-outline btn-sm" href={`/candidates/${id}`}>
              Open candidate page
            </a>
            <button type="button" className="btn-ghost btn-sm" onClick={onClose} aria-label="Close">
              ✕
            </button>
          </div>
        </div>
        <div className="card-body space-y-4">
          {failed ? (
            <p className="text-sm text-red-600">Failed to load candidate details. Please try again.</p>
          ) : !p ? (
            <p className="text-sm text-slate-500">Loading...</p>
          ) : (
            <>
              <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                {FIELDS.map(([key, label]) => (
                  <div key={key}>
                    <dt className="text-xs text-slate-500">{label}</dt>
                    <dd className="break-words">{(p[key] as string | null) || "—"}</dd>
                  </div>
                ))}
                <div>
                  <dt className="text-xs text-slate-500">LinkedIn</dt>
                  <dd className="break-words">
                    {p.linkedinUrl ? (
                      <a className="text-brand-600 hover:underline" href={p.linkedinUrl} target="_blank" rel="noopener noreferrer">
                        {p.linkedinUrl}
                      </a>
                    ) : (
                      "—"
                    )}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Applied</dt>
                  <dd>{formatDateTime(p.createdAt, Intl.DateTimeFormat().resolvedOptions().timeZone)}</dd>
                </div>
              </dl>
              <div>
                <h3 className="mb-1 text-sm font-semibold">Conversation</h3>
                {conversation ? (
                  <pre className="whitespace-pre-wrap rounded-md bg-slate-50 p-3 font-sans text-sm text-slate-700" data-testid="conversation">
                    {conversation}
                  </pre>
                ) : (
                  <p className="text-sm text-slate-500">No conversation data available</p>
                )}
              </div>
              {p.assessment ? (
                <div>
                  <h3 className="mb-1 text-sm font-semibold">Assessment</h3>
                  <p className="text-sm text-slate-700">{p.assessment}</p>
                </div>
              ) : null}
              {p.voiceTranscript ? (
                <div>
                  <h3 className="mb-1 text-sm font-semibold">Voice interview</h3>
                  <p className="text-sm text-slate-700">{p.voiceTranscript}</p>
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
