import { useCallback, useEffect, useRef, useState } from "react";
import { api, SUBSCRIPTION_REQUIRED_EVENT } from "../../client/api";
import { toast } from "../../client/toast";
import { showAccountName } from "../../client/account-name";
import { watchSession } from "../../client/session";
import { dropOneShotParams } from "../../client/one-shot-params";
import type { BillingResponse } from "../../features/billing/types";
import type { Profile } from "../../features/auth/profile-types";
import { BillingTab } from "../../features/billing/ui/billing-tab";
import { MediaTab } from "../../features/billing/ui/media-tab";
import { PlansTab } from "../../features/billing/ui/plans-tab";
import { ProfileTab } from "../../features/auth/ui/profile-tab";
import { initialTab, SUBSCRIPTION_REQUIRED, TABS, type TabId } from "../../features/billing/ui/status";
import type { BillingAnswerBody, ProfileAnswerBody } from "../../client/answers";

export interface ProfileDialogProps {
  profile: Profile;
  /** The member's zone: billing's dates are the days in it (decision 50). */
  timeZone?: string;
  billingEnabled: boolean;
  /** The server's view of the gate when the page was rendered. */
  hasSubscription: boolean;
  /** The page is the server's gate (402): the dialog is open from the first paint. */
  gated?: boolean;
  /** Only a workspace's owner sees and changes billing (issue 18); other members get no Billing or Plans tab. Default true. */
  billingOwner?: boolean;
}

/** Pages where the dialog opens by itself when there is no subscription (part1 §4). */
const AUTO_OPEN = /^\/dashboard[^/]*$/;

/**
 * The profile dialog on every signed-in page: tabs Profile, Billing, Plans, Media. Opens on
 * clicks of [data-open-profile] (its value may name a tab). Without a subscription it
 * cannot be closed; the dashboard opens it by itself once billing has loaded.
 */
export default function ProfileDialog(props: ProfileDialogProps) {
  const [open, setOpen] = useState(!!props.gated);
  const owner = props.billingOwner !== false;
  const tabs = owner ? TABS : TABS.filter((t) => t.id !== "billing" && t.id !== "plans");
  const [tab, setTab] = useState<TabId>(props.gated && owner ? "billing" : "profile");
  const [profile, setProfile] = useState<Profile>(props.profile);
  const [billing, setBilling] = useState<BillingResponse | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  const subscribedBy = (b: BillingResponse | null, p: Profile) => !props.billingEnabled || !!(p.stripeCustomerId && p.stripeSubscriptionId) || (b ? b.hasSubscription : props.hasSubscription);
  const subscribed = subscribedBy(billing, profile);

  const loadBilling = useCallback(async (): Promise<BillingResponse | null> => {
    if (!props.billingEnabled || !owner) return null;
    try {
      const b = await api<BillingAnswerBody>("/api/auth/billing", { noLogoutOn401: true });
      setBilling(b);
      return b;
    } catch {
      return null;
    }
  }, [props.billingEnabled, owner]);

  const loadProfile = useCallback(async () => {
    try {
      const p = await api<ProfileAnswerBody>("/api/auth/profile", { noLogoutOn401: true });
      setProfile(p);
      return p;
    } catch {
      return null;
    }
  }, []);

  const show = useCallback((hint: string | null, isSubscribed: boolean) => {
    document.querySelectorAll("details.account-menu[open]").forEach((d) => d.removeAttribute("open"));
    const next = initialTab(hint, isSubscribed);
    setTab(owner || (next !== "billing" && next !== "plans") ? next : "profile");
    setOpen(true);
  }, []);

  // Closing is refused without a subscription; billing is re-read first, so a payment
  // completed in the other tab lets the dialog close.
  const close = useCallback(() => {
    // Behind the server's gate page is no application: load the real page once subscribed.
    if (props.gated) return location.reload();
    setOpen(false);
  }, [props.gated]);
  const tryClose = useCallback(async () => {
    if (subscribed && !props.gated) return close();
    const [b, p] = await Promise.all([loadBilling(), loadProfile()]);
    if (subscribedBy(b, p ?? profile)) return close();
    toast({ ...SUBSCRIPTION_REQUIRED, variant: "destructive" });
  }, [subscribed, loadBilling, loadProfile, profile, close]);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const trigger = (e.target as Element | null)?.closest?.("[data-open-profile]");
      if (!trigger) return;
      e.preventDefault();
      show(trigger.getAttribute("data-open-profile"), subscribed);
      void loadBilling();
      void loadProfile();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [show, subscribed, loadBilling, loadProfile]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") void tryClose();
    };
    document.addEventListener("keydown", onKey);
    panel.current?.focus();
    return () => document.removeEventListener("keydown", onKey);
  }, [open, tryClose]);

  // Once billing has loaded, the dashboard opens the dialog when there is no subscription.
  // Other pages load billing only when the dialog opens.
  // Every signed-in page carries this island: it starts the 30-second session check and
  // clears the arrival parameters whose toast the server has shown.
  useEffect(() => {
    watchSession();
    dropOneShotParams();
  }, []);

  // An API call answered 402: the subscription ended while this page was open.
  useEffect(() => {
    const onRequired = () =>
      void Promise.all([loadBilling(), loadProfile()]).then(([b, p]) => {
        if (p && !subscribedBy(b, p)) show(null, false);
      });
    window.addEventListener(SUBSCRIPTION_REQUIRED_EVENT, onRequired);
    return () => window.removeEventListener(SUBSCRIPTION_REQUIRED_EVENT, onRequired);
  }, [loadBilling, loadProfile, show]);

  // The gate page opens on the Billing tab: load what it shows.
  useEffect(() => {
    if (props.gated) void loadBilling();
  }, []);

  useEffect(() => {
    if (!props.billingEnabled || !AUTO_OPEN.test(location.pathname) || subscribedBy(null, props.profile)) return;
    void loadBilling().then((b) => {
      if (!subscribedBy(b, props.profile)) show(null, false);
    });
  }, []);

  if (!open) return <div data-testid="profile-dialog-closed" hidden />;
  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/50 p-4 sm:items-center" onClick={(e) => e.target === e.currentTarget && void tryClose()}>
      <div
        ref={panel}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="profile-dialog-title"
        className="relative w-full max-w-3xl rounded-xl bg-white shadow-xl outline-none"
        data-testid="profile-dialog"
      >
        <div className="flex items-start justify-between border-b border-slate-100 px-6 py-4">
          <div>
            <h2 id="profile-dialog-title" className="text-lg font-semibold text-slate-900">
              Your Account
            </h2>
            <p className="text-sm text-slate-500">{profile.email}</p>
          </div>
          <div className="flex items-center gap-1">
            {/* Without a subscription the dialog cannot be closed: Log out is the way out. */}
            <form method="post" action="/logout">
              <button type="submit" className="btn-ghost btn-sm text-red-600">
                Log out
              </button>
            </form>
            <button type="button" className="btn-ghost btn-sm text-lg" aria-label="Close" onClick={() => void tryClose()}>
              ×
            </button>
          </div>
        </div>
        <div className="flex gap-1 border-b border-slate-100 px-4" role="tablist">
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              className={`relative flex items-center gap-1.5 border-b-2 px-3 py-2.5 text-sm font-medium ${tab === t.id ? "border-brand-600 text-brand-700" : "border-transparent text-slate-500 hover:text-slate-800"}`}
              onClick={() => setTab(t.id)}
            >
              {t.label}
              {t.id === "billing" && props.billingEnabled && !subscribed ? <span className="dot animate-pulse bg-red-500" data-testid="billing-dot" aria-label="No subscription" /> : null}
            </button>
          ))}
        </div>
        <div className="max-h-[70vh] overflow-y-auto px-6 py-5" role="tabpanel">
          {!owner && props.billingEnabled && !subscribed ? (
            <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-800" data-testid="owner-billing-note">
              Billing is managed by the workspace's owner: ask them to choose a plan.
            </p>
          ) : null}
          {tab === "profile" ? (
            <ProfileTab
              profile={profile}
              onSaved={(p) => {
                setProfile(p);
                showAccountName(p);
                void loadProfile();
              }}
            />
          ) : null}
          {tab === "billing" ? <BillingTab enabled={props.billingEnabled} timeZone={props.timeZone ?? "UTC"} billing={billing} onPlans={() => setTab("plans")} onChanged={setBilling} /> : null}
          {tab === "plans" ? <PlansTab enabled={props.billingEnabled} billing={billing} onChanged={setBilling} /> : null}
          {tab === "media" ? <MediaTab /> : null}
        </div>
      </div>
    </div>
  );
}
