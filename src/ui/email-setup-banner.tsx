/**
 * Shown on every signed-in page while no mail transport is set: booking confirmations,
 * reminders and password e-mails are then only recorded, never delivered.
 */
export const EMAIL_NOT_SET_UP = "E-mail is not set up: candidates receive no confirmations";

export function EmailSetupBanner({ configured }: { configured: boolean }) {
  if (configured) return null;
  return (
    <div className="border-b border-amber-200 bg-amber-50 text-sm text-amber-900" role="status" data-testid="email-setup-banner">
      <div className="mx-auto max-w-7xl px-4 py-2">
        <strong className="font-semibold">{EMAIL_NOT_SET_UP}</strong>
        <span className="block sm:inline">
          {" "}To send e-mail, set <code>SMTP_URL</code> (for example <code className="break-all">smtp://user:pass@mail.example.com:587</code>) and{" "}
          <code>MAIL_FROM</code> in Frank's environment, then restart it.
        </span>
      </div>
    </div>
  );
}
