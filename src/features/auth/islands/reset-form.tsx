import { useState } from "react";
import { api, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";

export interface ResetFormProps {
  token: string;
  done: boolean;
  errors?: Record<string, string>;
  /** The first password of an account made by a paid sign-up. */
  welcome?: boolean;
}

/** Reset password: posts to /reset-password without JavaScript; with it, calls the API. */
export default function ResetForm(props: ResetFormProps) {
  const [done, setDone] = useState(props.done);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>(props.errors ?? {});

  async function onSubmit(e: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setPending(true);
    setErrors({});
    try {
      await api("/api/auth/reset-password", {
        body: { token: props.token, password: String(f.get("password") ?? ""), confirmPassword: String(f.get("confirmPassword") ?? "") },
        noLogoutOn401: true,
      });
      setDone(true);
      toast({ title: "Password reset successful", variant: "success" });
    } catch (err) {
      const fields = (err as { body?: { fields?: Record<string, string> } }).body?.fields;
      if (fields) setErrors(fields);
      toast({ title: "Reset failed", description: serverMessage(err) ?? "Failed to reset password. The link may be expired or invalid.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <div className="space-y-4 text-center" data-testid="reset-done">
        <h2 className="text-lg font-semibold">Password Updated</h2>
        <p className="text-sm text-slate-600">Your password has been changed. Sign in with the new one.</p>
        <a href="/" className="btn-primary w-full">
          Continue to Login
        </a>
      </div>
    );
  }
  return (
    <form method="post" action="/reset-password" className="space-y-4" onSubmit={onSubmit} noValidate>
      <input type="hidden" name="token" value={props.token} />
      {props.welcome ? <input type="hidden" name="welcome" value="1" /> : null}
      <div>
        <label className="label" htmlFor="password">
          New password
        </label>
        <input className="input" id="password" name="password" type="password" autoComplete="new-password" minLength={8} required />
        {errors.password ? <p className="field-error">{errors.password}</p> : null}
      </div>
      <div>
        <label className="label" htmlFor="confirmPassword">
          Confirm password
        </label>
        <input className="input" id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" minLength={8} required />
        {errors.confirmPassword ? <p className="field-error">{errors.confirmPassword}</p> : null}
      </div>
      {errors.token ? <p className="field-error">{errors.token}</p> : null}
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? "Updating..." : props.welcome ? "Set password" : "Reset password"}
      </button>
    </form>
  );
}
