import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";

/** What a signed-in page shows without a subscription (status 402); the profile dialog opens over it. */
export function SubscriptionRequiredPage({ shell }: { shell: Shell }) {
  return (
    <AppShell shell={shell} wide={false}>
      <section className="card mx-auto mt-10 max-w-lg text-center" data-testid="subscription-required">
        <div className="card-body">
          <h1 className="text-xl font-semibold text-slate-900">Subscription Required</h1>
          <p className="mt-2 text-sm text-slate-600">Please subscribe to a plan to access the application.</p>
          <div className="mt-4 flex justify-center gap-2">
            <button type="button" className="btn-primary" data-open-profile="plans">
              View Plans
            </button>
            <form method="post" action="/logout">
              <button type="submit" className="btn-outline">
                Log out
              </button>
            </form>
          </div>
        </div>
      </section>
    </AppShell>
  );
}
