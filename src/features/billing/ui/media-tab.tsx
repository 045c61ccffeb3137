import { dollars, MEDIA_ADDONS } from "../plans";

// part1 §9: the Media tab shows fixed sample figures; they are placeholder data, and say so.
const SAMPLE = {
  allowance: 500,
  remaining: 425,
  campaigns: [
    { name: "Senior Frontend Engineer", spend: 45, impressions: 8200, clicks: 214 },
    { name: "Sales Development Rep", spend: 30, impressions: 4250, clicks: 128 },
  ],
  analytics: { impressions: 12450, clicks: 342, ctr: "2.7%", applications: 28 },
};

/** The Media tab: sample allowance, campaigns and analytics, and add-on buttons without behaviour. */
export function MediaTab() {
  const used = SAMPLE.allowance - SAMPLE.remaining;
  return (
    <div className="space-y-5" data-testid="media-tab">
      <p className="rounded-md bg-slate-100 px-3 py-2 text-xs text-slate-600">Sample data: these figures are placeholders until LinkedIn media is connected.</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Figure label="Monthly allowance (sample)" value={dollars(SAMPLE.allowance)} />
        <Figure label="Remaining (sample)" value={dollars(SAMPLE.remaining)} />
        <Figure label="Used (sample)" value={dollars(used)} />
      </div>
      <div>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Campaigns (sample)</h4>
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-slate-500">
            {/* Padded and numbers right-aligned, so the headers never run together ("SpendImpressionsClicks"). */}
            <tr>
              <th scope="col" className="py-1 pr-4">
                Campaign
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                Spend
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                Impressions
              </th>
              <th scope="col" className="py-1 text-right">
                Clicks
              </th>
            </tr>
          </thead>
          <tbody>
            {SAMPLE.campaigns.map((c) => (
              <tr key={c.name} className="border-t border-slate-100">
                <td className="py-1.5 pr-4">{c.name}</td>
                <td className="py-1.5 pr-4 text-right tabular-nums">{dollars(c.spend)}</td>
                <td className="py-1.5 pr-4 text-right tabular-nums">{c.impressions.toLocaleString("en-US")}</td>
                <td className="py-1.5 text-right tabular-nums">{c.clicks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        <Figure label="Impressions (sample)" value={SAMPLE.analytics.impressions.toLocaleString("en-US")} />
        <Figure label="Clicks (sample)" value={String(SAMPLE.analytics.clicks)} />
        <Figure label="CTR (sample)" value={SAMPLE.analytics.ctr} />
        <Figure label="Applications (sample)" value={String(SAMPLE.analytics.applications)} />
      </div>
      <div>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Add media budget</h4>
        <div className="flex flex-wrap gap-2">
          {MEDIA_ADDONS.map((a) => (
            <button key={a} type="button" className="btn-outline">
              +{dollars(a)}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <div className="text-xs text-slate-500">{label}</div>
      <div className="mt-1 text-lg font-semibold text-slate-900">{value}</div>
    </div>
  );
}
