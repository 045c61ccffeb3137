import { useState } from "react";
import { api, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";
import { safeNext } from "../../../lib/next-path";

/** The browser's IANA time zone ("Europe/London"), or nothing when it cannot say. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export interface LoginFormProps {
  email?: string;
  errors?: Record<string, string>;
  forgotHref: string;
  signUpHref: string;
  demo: boolean;
  /** The page to come back to after signing in (already checked by the server). */
  next?: string;
}

export const LOGIN_REDIRECT_DELAY = 1500;

/** Sign-in form: posts to /login without JavaScript; with it, calls the API, toasts and redirects after 1.5 s. */
export default function LoginForm(props: LoginFormProps) {
  const [pending, setPending] = useState(false);
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>(props.errors ?? {});

  async function onSubmit(e: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setErrors({});
    try {
      await api("/api/auth/login", {
        body: { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? ""), rememberMe: form.get("rememberMe") === "on", timeZone: browserTimeZone() },
        noLogoutOn401: true,
      });
      toast({ title: "Login successful!", description: "Welcome back! Redirecting to your dashboard...", variant: "success" });
      setTimeout(() => location.assign(safeNext(props.next)), LOGIN_REDIRECT_DELAY);
    } catch (err) {
      setPending(false);
      const fields = (err as { body?: { fields?: Record<string, string> } }).body?.fields;
      if (fields) setErrors(fields);
      toast({ title: "Login failed", description: serverMessage(err) ?? "Invalid email or password. Please try again.", variant: "destructive" });
    }
  }

  return (
    <div>
      <form method="post" action="/login" className="space-y-4" onSubmit={onSubmit} noValidate>
        {props.next && props.next !== "/dashboard" ? <input type="hidden" name="next" value={props.next} /> : null}
        <div>
          <label className="label" htmlFor="email">
            Email address
          </label>
          <input className="input" id="email" name="email" type="email" autoComplete="email" placeholder="you@company.com" defaultValue={props.email} required />
          {errors.email ? <p className="field-error">{errors.email}</p> : null}
        </div>
        <div>
          <div className="flex items-center justify-between">
            <label className="label" htmlFor="password">
              Password
            </label>
            <a href={props.forgotHref} className="mb-1 text-xs font-medium text-brand-600 hover:underline">
              Forgot password?
            </a>
          </div>
          <div className="relative">
            <input className="input pr-16" id="password" name="password" type={show ? "text" : "password"} autoComplete="current-password" required />
            <button
              type="button"
              className="absolute inset-y-0 right-0 px-3 text-xs font-medium text-slate-500 hover:text-slate-800"
              onClick={() => setShow(!show)}
              aria-label={show ? "Hide password" : "Show password"}
              aria-pressed={show}
            >
              {show ? "Hide" : "Show"}
            </button>
          </div>
          {errors.password ? <p className="field-error">{errors.password}</p> : null}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="rememberMe" className="h-4 w-4 rounded border-slate-300" /> Remember me
        </label>
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? "Signing in..." : "Sign in"}
        </button>
      </form>
      {props.demo ? (
        <form method="post" action="/demo-login" className="mt-3">
          <button type="submit" className="btn-outline w-full">
            Demo Login
          </button>
        </form>
      ) : null}
      <p className="mt-6 text-center text-sm text-slate-500">
        New to Frank?{" "}
        <a href={props.signUpHref} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-600 hover:underline">
          Sign Up
        </a>
      </p>
    </div>
  );
}
