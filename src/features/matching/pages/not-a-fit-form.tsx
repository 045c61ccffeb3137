/** The "Not a fit" form of a suggestion, with its reason (a plain POST, with or without JavaScript). */
export function NotAFitForm({ action, label }: { action: string; label: string }) {
  return (
    <form method="post" action={action} className="flex min-w-0 flex-1 basis-56 items-center gap-2">
      <input className="input min-w-0 flex-1 py-1 text-xs" name="reason" required maxLength={500} placeholder="Why not a fit" aria-label={label} />
      <button className="btn-outline btn-sm shrink-0" type="submit">
        Not a fit
      </button>
    </form>
  );
}
