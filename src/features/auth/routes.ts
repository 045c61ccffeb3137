import { Elysia } from "elysia";
import type { AuthDeps } from "./needs";
import type { Web } from "./web";
import type { Server } from "bun";
import { renderPage } from "../../lib/render";
import { clientIp } from "../../lib/client-ip";
import { setFlash, takeFlash } from "../../lib/flash";
import { AppError } from "../../lib/errors";
import { posted, seeOther, type FormFailure, type FormInput } from "../../lib/route-options";
import { Success } from "../../lib/route-schemas";
import { siteLinks } from "../../ui/links";
import { safeNext } from "../../lib/next-path";
import { DemoLoginInput, ForgotPageQuery, MeQuery, NextQuery, ForgotPasswordInput, LoginForm, LoginInput, MessageAnswer, ResetPageQuery, ResetPasswordInput, UserAnswer } from "./model";
import * as auth from "./service";

import { profileRoutes } from "./profile-routes";
import { clearSessionCookie, setSessionCookie } from "./session-cookie";
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, resetPageTitle } from "./pages/auth-pages";

const noReferrer = { "referrer-policy": "no-referrer" };

/** /api/auth/* (JSON) and the sign-in pages with their no-JavaScript form posts. */
export function authRoutes(deps: AuthDeps, web: Web) {
  const links = siteLinks(deps.config);
  const ipOf = (request: Request, server: Server<unknown> | null) => clientIp(request, server, deps.config.TRUST_PROXY);
  // Outside demo mode the demo sign-in does not exist: 404 before its input is looked at.
  const demoOnly = () => {
    if (!deps.config.demo) throw new AppError("not_found", 404, "Not found");
  };

  const api = new Elysia({ prefix: "/api/auth", tags: ["Auth"] })
    .use(web.guard)
    .post(
      "/login",
      async ({ body, cookie, request, server }) => {
        const { session, user } = await auth.login(deps, body, ipOf(request, server));
        setSessionCookie(deps, cookie, session);
        return { user: auth.toCurrentUser(deps, user) };
      },
      { body: LoginInput, response: { 200: UserAnswer }, detail: { summary: "Sign in with e-mail and password (sets the session cookie)" } },
    )
    .post(
      "/logout",
      ({ cookie }) => {
        auth.logout(deps, cookie[auth.SESSION_COOKIE]?.value as string | undefined);
        clearSessionCookie(deps, cookie);
        return { success: true as const };
      },
      { response: { 200: Success }, detail: { summary: "Sign out (ends the session of the cookie)" } },
    )
    // The session itself (the 30-second check, the profile ids the dialog's gate reads) answers
    // with or without a subscription: it is part of getting one, like profile and billing.
    // ?timeZone= (the browser's) becomes the member's zone when they have none yet (issue 41).
    .get("/me", ({ me, query }) => ({ user: auth.toCurrentUser(deps, me.apiKey ? me.user : auth.adoptBrowserZone(deps, me.user, query.timeZone)) }), {
      account: true,
      query: MeQuery,
      response: { 200: UserAnswer },
      detail: { summary: "The signed-in user" },
    })
    .post(
      "/demo-login",
      ({ cookie }) => {
        // The body may name an e-mail (older clients send one); it is checked and ignored.
        const { session, user } = auth.demoLogin(deps);
        setSessionCookie(deps, cookie, session);
        return { user: auth.toCurrentUser(deps, user) };
      },
      { transform: demoOnly, body: DemoLoginInput, response: { 200: UserAnswer }, detail: { summary: "Sign in as the demo account (demo mode only)" } },
    )
    .post(
      "/forgot-password",
      async ({ body, request, server }) => {
        await auth.forgotPassword(deps, body.email, ipOf(request, server));
        return { message: "If an account exists for this email, a reset link has been sent." };
      },
      { body: ForgotPasswordInput, response: { 200: MessageAnswer }, detail: { summary: "E-mail a password reset link (the same answer whether or not the account exists)" } },
    )
    .post(
      "/reset-password",
      async ({ body }) => {
        await auth.resetPassword(deps, body);
        return { message: "Password reset successful" };
      },
      { body: ResetPasswordInput, response: { 200: MessageAnswer }, detail: { summary: "Set a new password with a reset link's token" } },
    );

  const loginFailed = (f: FormFailure, input: FormInput) =>
    renderPage({
      title: "Sign in",
      status: f.status,
      headers: f.headers,
      body: LoginPage({ links, demo: deps.config.demo, email: posted(input, "email", 320), errors: f.fields, next: safeNext(input.body.next) }),
      toast: { title: "Login failed", description: f.message || "Invalid email or password. Please try again.", variant: "destructive" },
    });
  const forgotFailed = (f: FormFailure, input: FormInput) =>
    renderPage({
      title: "Forgot password",
      status: f.status,
      headers: f.headers,
      body: ForgotPasswordPage({ links, sent: false, email: posted(input, "email", 320), error: f.message }),
      toast: { title: "Error", description: f.message || "Failed to send reset link. Please try again.", variant: "destructive" },
    });
  const resetFailed = (f: FormFailure, input: FormInput) => {
    const welcome = input.body.welcome === "1";
    return renderPage({
      title: resetPageTitle(welcome),
      status: f.status,
      headers: noReferrer,
      body: ResetPasswordPage({ links, token: posted(input, "token", 4096), done: false, errors: f.fields, welcome }),
      toast: { title: "Reset failed", description: f.message || "Failed to reset password. The link may be expired or invalid.", variant: "destructive" },
    });
  };

  const pages = new Elysia()
    .use(web.guard)
    .get(
      "/login",
      ({ me, cookie, query }) => {
        const next = safeNext(query.next);
        if (me) return seeOther(next);
        return renderPage({ title: "Sign in", body: LoginPage({ links, demo: deps.config.demo, next }), toast: takeFlash(cookie) });
      },
      { withUser: true, query: NextQuery },
    )
    .post(
      "/login",
      async ({ body, cookie, request, server }) => {
        const { session } = await auth.login(deps, body, ipOf(request, server));
        setSessionCookie(deps, cookie, session);
        setFlash(cookie, { title: "Login successful!", description: "Welcome back! Redirecting to your dashboard...", variant: "success" });
        return seeOther(safeNext(body.next));
      },
      { body: LoginForm, form: { render: loginFailed } },
    )
    .post(
      "/demo-login",
      ({ cookie }) => {
        const { session } = auth.demoLogin(deps);
        setSessionCookie(deps, cookie, session);
        return seeOther("/dashboard");
      },
      { transform: demoOnly },
    )
    .post("/logout", ({ cookie }) => {
      auth.logout(deps, cookie[auth.SESSION_COOKIE]?.value as string | undefined);
      clearSessionCookie(deps, cookie);
      setFlash(cookie, { title: "Logged out successfully", variant: "success" });
      return seeOther("/login");
    })
    .get("/forgot-password", ({ query, cookie }) => renderPage({ title: "Forgot password", body: ForgotPasswordPage({ links, sent: query.sent === "1" }), toast: takeFlash(cookie) }), {
      query: ForgotPageQuery,
    })
    .post(
      "/forgot-password",
      async ({ body, cookie, request, server }) => {
        await auth.forgotPassword(deps, body.email, ipOf(request, server));
        setFlash(cookie, { title: "Reset link sent", description: "Check your email for password reset instructions.", variant: "success" });
        return seeOther("/forgot-password?sent=1");
      },
      { body: ForgotPasswordInput, form: { render: forgotFailed } },
    )
    .get(
      "/reset-password",
      ({ query, cookie }) => {
        if (query.done === "1") {
          return renderPage({ title: "Password Updated", headers: noReferrer, body: ResetPasswordPage({ links, token: "", done: true }), toast: takeFlash(cookie) });
        }
        if (!query.token) {
          setFlash(cookie, { title: "Invalid reset link", variant: "destructive" });
          return seeOther("/");
        }
        const welcome = query.welcome === "1";
        return renderPage({ title: resetPageTitle(welcome), headers: noReferrer, body: ResetPasswordPage({ links, token: query.token, done: false, welcome }) });
      },
      { query: ResetPageQuery },
    )
    .post(
      "/reset-password",
      async ({ body, cookie }) => {
        await auth.resetPassword(deps, body);
        setFlash(cookie, { title: "Password reset successful", variant: "success" });
        return seeOther("/reset-password?done=1");
      },
      { body: ResetPasswordInput, form: { render: resetFailed } },
    );

  return new Elysia().use(api).use(profileRoutes(deps, web)).use(pages);
}
