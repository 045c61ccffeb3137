import { useState } from "react";
import { api, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";

export interface ForgotFormProps {
  sent: boolean;
  email?: string;
  error?: string;
}

/** Forgot password: posts to /forgot-password without JavaScript; with it, calls the API and shows the confirmation. */
export default function ForgotForm(props: ForgotFormProps) {
  const [sent, setSent] = useState(props.sent);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState(props.error);

  async function onSubmit(e: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "");
    setPending(true);
    try {
      await api("/api/auth/forgot-password", { body: { email }, noLogoutOn401: true });
      setSent(true);
      toast({ title: "Reset link sent", description: "Check your email for password reset instructions.", variant: "success" });
    } catch (err) {
      const msg = serverMessage(err);
      setError(msg);
      toast({ title: "Error", description: msg ?? "Failed to send reset link. Please try again.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <div className="space-y-4 text-center" data-testid="forgot-sent">
        <h2 className="text-lg font-semibold">Check your email</h2>
        <p className="text-sm text-slate-600">If an account exists for that address, we sent a link to reset its password. The link expires in 1 hour.</p>
        <a href="/" className="btn-outline w-full">
          Back to login
        </a>
      </div>
    );
  }
  return (
    <form method="post" action="/forgot-password" className="space-y-4" onSubmit={onSubmit} noValidate>
      <div>
        <label className="label" htmlFor="email">
          Email address
        </label>
        <input className="input" id="email" name="email" type="email" autoComplete="email" defaultValue={props.email} required />
        {error ? <p className="field-error">{error}</p> : null}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? "Sending..." : "Send reset link"}
      </button>
      <p className="text-center text-sm">
        <a href="/login" className="text-brand-600 hover:underline">
          Back to login
        </a>
      </p>
    </form>
  );
}
