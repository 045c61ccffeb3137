/**
 * Shown to owners and admins (who can do something about it) while no mail transport is set:
 * booking confirmations, reminders and password e-mails are then only recorded, never
 * delivered. One line with a link to the how-to; dismissed for the browser session by a
 * session cookie, so it works without JavaScript and does not flash back on the next page.
 */
const EMAIL_NOT_SET_UP = "E-mail is not set up: candidates receive no confirmations";
export const EMAIL_BANNER_COOKIE = "frank_mail_banner";
const EMAIL_SETUP_PATH = "/settings/email";

export function EmailSetupBanner({ show, back }: { show: boolean; back: string }) {
  if (!show) return null;
  return (
    <div className="border-b border-amber-200 bg-amber-50 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100" role="status" data-testid="email-setup-banner">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-1.5">
        <p className="min-w-0 flex-1 truncate">
          <strong className="font-semibold">
            <span className="sm:hidden">E-mail is not set up.</span>
            <span className="hidden sm:inline">{EMAIL_NOT_SET_UP}.</span>
          </strong>{" "}
          <a className="font-medium underline" href={EMAIL_SETUP_PATH}>
            How to set it up
          </a>
        </p>
        <form method="post" action="/settings/email/dismiss" className="shrink-0">
          <input type="hidden" name="back" value={back} />
          <button type="submit" className="rounded px-2 py-0.5 text-base leading-none hover:bg-amber-100 dark:hover:bg-amber-900" aria-label="Hide this notice until the browser is closed">
            ×
          </button>
        </form>
      </div>
    </div>
  );
}
