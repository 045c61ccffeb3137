import { AuthCard } from "../../../ui/auth-card";
import { Island } from "../../../lib/render";
import type { SiteLinks } from "../../../ui/links";
import LoginForm from "../../../../islands/login-form";
import ForgotForm from "../../../../islands/forgot-form";
import ResetForm from "../../../../islands/reset-form";

export function LoginPage({ links, demo, email, errors }: { links: SiteLinks; demo: boolean; email?: string; errors?: Record<string, string> }) {
  return (
    <AuthCard title="Sign in to your account" subtitle="Welcome back. Enter your details to continue." homeHref={links.home}>
      <Island name="login-form" component={LoginForm} props={{ email, errors, demo, forgotHref: "/forgot-password", signUpHref: links.pricing }} />
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

export function ResetPasswordPage({ links, token, done, errors }: { links: SiteLinks; token: string; done: boolean; errors?: Record<string, string> }) {
  return (
    <AuthCard title="Reset password" subtitle="Choose a new password of at least 8 characters." homeHref={links.home}>
      <Island name="reset-form" component={ResetForm} props={{ token, done, errors }} />
    </AuthCard>
  );
}
