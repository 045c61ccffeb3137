import { AuthCard } from "../../../ui/auth-card";
import { Island } from "../../../lib/render";
import type { SiteLinks } from "../../../ui/links";
import LoginForm from "../islands/login-form";
import ForgotForm from "../islands/forgot-form";
import ResetForm from "../islands/reset-form";

export function LoginPage({ links, demo, email, errors, next = "/dashboard" }: { links: SiteLinks; demo: boolean; email?: string; errors?: Record<string, string>; next?: string }) {
  return (
    <AuthCard title="Sign in to your account" subtitle="Welcome back. Enter your details to continue." homeHref={links.home}>
      <Island name="login-form" component={LoginForm} props={{ email, errors, demo, next, forgotHref: "/forgot-password", signUpHref: links.pricing }} />
    </AuthCard>
  );
}

export function ForgotPasswordPage({ links, sent, email, error }: { links: SiteLinks; sent: boolean; email?: string; error?: string }) {
  return (
    <AuthCard title="Forgot password" subtitle="Enter your e-mail and we will send you a reset link." homeHref={links.home}>
      <Island name="forgot-form" component={ForgotForm} props={{ sent, email, error }} />
    </AuthCard>
  );
}

/** The page's title: a new account from a paid sign-up sets its first password, others reset theirs. */
export const resetPageTitle = (welcome: boolean) => (welcome ? "Set your password" : "Reset password");

export function ResetPasswordPage({ links, token, done, errors, welcome = false }: { links: SiteLinks; token: string; done: boolean; errors?: Record<string, string>; welcome?: boolean }) {
  const subtitle = welcome ? "Your Frank account is ready. Choose a password of at least 8 characters." : "Choose a new password of at least 8 characters.";
  return (
    <AuthCard title={resetPageTitle(welcome)} subtitle={subtitle} homeHref={links.home}>
      <Island name="reset-form" component={ResetForm} props={{ token, done, errors, welcome }} />
    </AuthCard>
  );
}
