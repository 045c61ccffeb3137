import { AuthCard } from "../../../ui/auth-card";
import type { InvitationPageData } from "../invitations";

/** /invite/{token}: a new person sets a name and password; a signed-in person with the e-mail joins. Works without JavaScript. */
export function InvitePage({
  token,
  data,
  signedInAs,
  homeHref,
  errors,
  name,
}: {
  token: string;
  data: InvitationPageData;
  signedInAs: string | null;
  homeHref: string;
  errors?: Record<string, string>;
  name?: string;
}) {
  if (data.state !== "valid") {
    return (
      <AuthCard title="Invitation not valid" subtitle="This invitation link is invalid, was already used, or has expired. Ask for a new one." homeHref={homeHref}>
        <a className="btn-primary w-full" href="/login">
          Sign in
        </a>
      </AuthCard>
    );
  }
  const action = `/invite/${encodeURIComponent(token)}`;
  const subtitle = `Join ${data.workspaceName} as ${data.role === "admin" || data.role === "owner" ? "an" : "a"} ${data.role}.`;
  if (signedInAs === data.email) {
    return (
      <AuthCard title={`Join ${data.workspaceName}`} subtitle={subtitle} homeHref={homeHref}>
        <form method="post" action={action}>
          <button className="btn-primary w-full" type="submit">
            Join the workspace
          </button>
        </form>
      </AuthCard>
    );
  }
  if (signedInAs || data.accountExists) {
    return (
      <AuthCard title={`Join ${data.workspaceName}`} subtitle={subtitle} homeHref={homeHref}>
        <p className="text-sm text-slate-600">
          This invitation is for <strong>{data.email}</strong>, which already has an account. {signedInAs ? `You are signed in as ${signedInAs}: sign out, then ` : ""}Sign in with {data.email} and
          open this link again to join.
        </p>
        <a className="btn-primary mt-4 w-full" href="/login">
          Sign in
        </a>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join ${data.workspaceName}`} subtitle={subtitle} homeHref={homeHref}>
      <form method="post" action={action} className="space-y-4" noValidate>
        <div>
          <label className="label" htmlFor="invite-email">
            E-mail
          </label>
          <input className="input" id="invite-email" value={data.email} readOnly />
        </div>
        <div>
          <label className="label" htmlFor="name">
            Your name
          </label>
          <input
            className="input"
            id="name"
            name="name"
            required
            maxLength={200}
            autoComplete="name"
            defaultValue={name}
            aria-invalid={errors?.name ? true : undefined}
            aria-describedby={errors?.name ? "name-error" : undefined}
          />
          {errors?.name ? (
            <p className="field-error" id="name-error">
              {errors.name}
            </p>
          ) : null}
        </div>
        <div>
          <label className="label" htmlFor="password">
            Password
          </label>
          <input
            className="input"
            id="password"
            name="password"
            type="password"
            required
            minLength={8}
            autoComplete="new-password"
            aria-invalid={errors?.password ? true : undefined}
            aria-describedby={errors?.password ? "password-error" : undefined}
          />
          {errors?.password ? (
            <p className="field-error" id="password-error">
              {errors.password}
            </p>
          ) : null}
        </div>
        <button className="btn-primary w-full" type="submit">
          Create account and join
        </button>
      </form>
    </AuthCard>
  );
}
