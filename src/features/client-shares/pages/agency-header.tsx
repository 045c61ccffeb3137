/** The agency as the client sees it: its logo (when it has one) beside its name. */
export function AgencyMark({ agency, logoUrl }: { agency: string; logoUrl: string | null }) {
  return (
    <p className="flex items-center gap-3" data-testid="agency">
      {logoUrl ? <img src={logoUrl} alt={`${agency} logo`} className="h-10 w-auto max-w-40 object-contain" /> : null}
      <span className="text-sm font-semibold uppercase tracking-wide text-slate-500">{agency}</span>
    </p>
  );
}
