import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { clientIp } from "../../lib/http";
import { setFlash, takeFlash } from "../../lib/flash";
import { formBool, parseInput } from "../../lib/validate";
import { AppError } from "../../lib/errors";
import { siteLinks } from "../../ui/links";
import { DemoLoginInput, ForgotPasswordInput, LoginInput, ResetPasswordInput } from "./model";
import * as auth from "./service";
import { authGuard } from "./guard";
import { clearSessionCookie, setSessionCookie } from "./session-cookie";
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, resetPageTitle } from "./pages/auth-pages";

const noReferrer = { "referrer-policy": "no-referrer" };
const see = (location: string) => new Response(null, { status: 303, headers: { location } });

/** /api/auth/* (JSON) and the sign-in pages with their no-JavaScript form posts. */
export function authRoutes(deps: Deps) {
  const links = siteLinks(deps.config);
  const ipOf = (request: Request, server: any) => clientIp(request, server, deps.config.TRUST_PROXY);

  const api = new Elysia({ prefix: "/api/auth" })
    .use(authGuard(deps))
    .post("/login", async ({ body, cookie, request, server }) => {
      const input = parseInput(LoginInput, body);
      const { session, user } = await auth.login(deps, input, ipOf(request, server));
      setSessionCookie(deps, cookie as any, session);
      return { user: auth.toCurrentUser(user) };
    })
    .post("/logout", ({ cookie }) => {
      auth.logout(deps, cookie[auth.SESSION_COOKIE]?.value as string | undefined);
      clearSessionCookie(deps, cookie as any);
      return { success: true };
    })
    // The session itself (the 30-second check, the profile ids the dialog's gate reads) answers
    // with or without a subscription: it is part of getting one, like profile and billing.
    .get("/me", ({ me }) => ({ user: auth.toCurrentUser(me.user) }), { account: true })
    .post("/demo-login", ({ body, cookie }) => {
      if (!deps.config.demo) throw new AppError("not_found", 404, "Not found");
      // The body may name an e-mail (older clients send one); it is checked and ignored.
      parseInput(DemoLoginInput, body ?? {});
      const { session, user } = auth.demoLogin(deps);
      setSessionCookie(deps, cookie as any, session);
      return { user: auth.toCurrentUser(user) };
    })
    .post("/forgot-password", async ({ body, request, server }) => {
      const input = parseInput(ForgotPasswordInput, body);
      await auth.forgotPassword(deps, input.email, ipOf(request, server));
      return { message: "If an account exists for this email, a reset link has been sent." };
    })
    .post("/reset-password", async ({ body }) => {
      const input = parseInput(ResetPasswordInput, body);
      await auth.resetPassword(deps, input);
      return { message: "Password reset successful" };
    });

  const pages = new Elysia()
    .use(authGuard(deps))
    .get("/login", ({ me, cookie }) => {
      if (me) return see("/dashboard");
      return renderPage({ title: "Sign in", body: LoginPage({ links, demo: deps.config.demo }), toast: takeFlash(cookie as any) });
    }, { withUser: true })
    .post("/login", async ({ body, cookie, request, server }) => {
      const form = (body ?? {}) as Record<string, unknown>;
      const email = typeof form.email === "string" ? form.email.slice(0, 320) : "";
      try {
        const input = parseInput(LoginInput, { email: form.email, password: form.password, rememberMe: formBool(form.rememberMe) });
        const { session } = await auth.login(deps, input, ipOf(request, server));
        setSessionCookie(deps, cookie as any, session);
        setFlash(cookie as any, { title: "Login successful!", description: "Welcome back! Redirecting to your dashboard...", variant: "success" });
        return see("/dashboard");
      } catch (e) {
        if (!(e instanceof AppError) || e.status === 500) throw e;
        return renderPage({
          title: "Sign in",
          status: e.status,
          headers: e.headers,
          body: LoginPage({ links, demo: deps.config.demo, email, errors: e.fields }),
          toast: { title: "Login failed", description: e.message || "Invalid email or password. Please try again.", variant: "destructive" },
        });
      }
    })
    .post("/demo-login", ({ cookie }) => {
      if (!deps.config.demo) throw new AppError("not_found", 404, "Not found");
      const { session } = auth.demoLogin(deps);
      setSessionCookie(deps, cookie as any, session);
      return see("/dashboard");
    })
    .post("/logout", ({ cookie }) => {
      auth.logout(deps, cookie[auth.SESSION_COOKIE]?.value as string | undefined);
      clearSessionCookie(deps, cookie as any);
      setFlash(cookie as any, { title: "Logged out successfully", variant: "success" });
      return see("/login");
    })
    .get("/forgot-password", ({ query, cookie }) =>
      renderPage({ title: "Forgot password", body: ForgotPasswordPage({ links, sent: query.sent === "1" }), toast: takeFlash(cookie as any) }),
    )
    .post("/forgot-password", async ({ body, cookie, request, server }) => {
      const form = (body ?? {}) as Record<string, unknown>;
      try {
        const input = parseInput(ForgotPasswordInput, { email: form.email });
        await auth.forgotPassword(deps, input.email, ipOf(request, server));
        setFlash(cookie as any, { title: "Reset link sent", description: "Check your email for password reset instructions.", variant: "success" });
        return see("/forgot-password?sent=1");
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        return renderPage({
          title: "Forgot password",
          status: e.status,
          headers: e.headers,
          body: ForgotPasswordPage({ links, sent: false, email: typeof form.email === "string" ? form.email.slice(0, 320) : "", error: e.message }),
          toast: { title: "Error", description: e.message || "Failed to send reset link. Please try again.", variant: "destructive" },
        });
      }
    })
    .get("/reset-password", ({ query, cookie }) => {
      const token = typeof query.token === "string" ? query.token : "";
      if (query.done === "1") {
        return renderPage({ title: "Password Updated", headers: noReferrer, body: ResetPasswordPage({ links, token: "", done: true }), toast: takeFlash(cookie as any) });
      }
      if (!token) {
        setFlash(cookie as any, { title: "Invalid reset link", variant: "destructive" });
        return see("/");
      }
      const welcome = query.welcome === "1";
      return renderPage({ title: resetPageTitle(welcome), headers: noReferrer, body: ResetPasswordPage({ links, token, done: false, welcome }) });
    })
    .post("/reset-password", async ({ body, cookie }) => {
      const form = (body ?? {}) as Record<string, unknown>;
      const token = typeof form.token === "string" ? form.token : "";
      try {
        const input = parseInput(ResetPasswordInput, form);
        await auth.resetPassword(deps, input);
        setFlash(cookie as any, { title: "Password reset successful", variant: "success" });
        return see("/reset-password?done=1");
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        const welcome = form.welcome === "1";
        return renderPage({
          title: resetPageTitle(welcome),
          status: e.status,
          headers: noReferrer,
          body: ResetPasswordPage({ links, token, done: false, errors: e.fields, welcome }),
          toast: { title: "Reset failed", description: e.message || "Failed to reset password. The link may be expired or invalid.", variant: "destructive" },
        });
      }
    });

  return new Elysia().use(api).use(pages);
}
