import { useEffect, useRef, useState } from "react";
import { api } from "../../../client/api";
import { toast } from "../../../client/toast";
import { useSelectedJob } from "../components/island-events";
import { EmbedSnippet } from "../../../ui/embed-snippet";
import type { CampaignAnswer, CampaignListAnswer } from "../../../client/answers";

/** How long a copy button says "Copied". */
const COPIED_MS = 2000;

export interface DashboardCampaign {
  id: number;
  name: string;
  label: string | null;
  description: string | null;
  code: string;
  campaignUrl: string;
  clickCount: number;
}

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older browsers and non-secure origins: the selection fallback.
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

/** Campaign Links card for the selected job: list with copy (2 s 'Copied'), create (a name is required). */
export default function DashboardCampaigns({ appUrl }: { appUrl: string }) {
  const job = useSelectedJob();
  const [campaigns, setCampaigns] = useState<DashboardCampaign[]>([]);
  const [loading, setLoading] = useState(false);
  const [name, setName] = useState("");
  const [label, setLabel] = useState("");
  const [copied, setCopied] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    setCampaigns([]);
    if (!job) return;
    let live = true;
    setLoading(true);
    api<CampaignListAnswer>(`/api/jobs/${job.id}/campaigns`)
      .then((r) => live && setCampaigns(r.campaigns))
      .catch(() => {})
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [job?.id]);

  async function create(e: { preventDefault(): void }) {
    e.preventDefault();
    if (!job || !name.trim()) return;
    try {
      const { campaign } = await api<CampaignAnswer>(`/api/jobs/${job.id}/campaigns`, { body: { name, label: label || name, description: "" } });
      setCampaigns((cs) => [...cs, campaign]);
      setName("");
      setLabel("");
      toast({ title: "Campaign Created", description: `${campaign.name} is ready to share.`, variant: "success" });
    } catch {
      toast({ title: "Error", description: "Failed to create campaign", variant: "destructive" });
    }
  }

  async function copy(c: DashboardCampaign) {
    // The fallback link is the prequalifier with the campaign code.
    await copyText(c.campaignUrl || `${appUrl}/prequalifier?c=${c.code}`);
    setCopied(c.id);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPIED_MS);
    toast({ title: "Copied!", description: "Campaign link copied to clipboard." });
  }

  return (
    <section className="card h-full" aria-labelledby="campaigns-title">
      <div className="card-header">
        <h2 id="campaigns-title" className="card-title">
          Campaign Links
        </h2>
        <p className="text-sm text-slate-500">{job ? `For ${job.title}` : "Select a job to manage its campaign links."}</p>
      </div>
      <div className="card-body space-y-4">
        {job ? (
          <>
            <form onSubmit={create} className="space-y-2">
              <label className="label" htmlFor="campaign-name">
                Campaign name
              </label>
              <input id="campaign-name" className="input" placeholder="e.g. LinkedIn March" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} maxLength={200} />
              <input aria-label="Campaign label" className="input" placeholder="Label (optional)" value={label} onInput={(e) => setLabel((e.target as HTMLInputElement).value)} maxLength={200} />
              <button type="submit" className="btn-primary w-full" disabled={!name.trim()}>
                Create Campaign
              </button>
            </form>
            {loading ? (
              <p className="text-sm text-slate-500">Loading...</p>
            ) : campaigns.length === 0 ? (
              <p className="py-4 text-center text-sm text-slate-500">No campaigns yet</p>
            ) : (
              <ul className="max-h-64 space-y-2 overflow-y-auto" aria-label="Campaigns">
                {campaigns.map((c) => (
                  <li key={c.id} className="rounded-md border border-slate-200 p-2">
                    <div className="flex items-center justify-between gap-2">
                      <span className="truncate text-sm font-medium">{c.name}</span>
                      <span className="badge-secondary shrink-0">{c.clickCount} clicks</span>
                    </div>
                    <div className="mt-1 flex items-center gap-2">
                      <code className="min-w-0 flex-1 truncate text-xs text-slate-600" title={c.campaignUrl}>
                        {c.campaignUrl}
                      </code>
                      <button type="button" className="btn-outline btn-sm shrink-0" onClick={() => copy(c)} aria-label={`Copy link of ${c.name}`}>
                        {copied === c.id ? "Copied" : "Copy"}
                      </button>
                    </div>
                    <EmbedSnippet url={c.campaignUrl} title={`Apply for ${job.title}`} height={720} label={c.name} />
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="py-4 text-center text-sm text-slate-500">No job selected</p>
        )}
      </div>
    </section>
  );
}
