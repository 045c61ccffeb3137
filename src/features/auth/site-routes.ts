import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { setFlash } from "../../lib/flash";
import { AppError } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { makeShell } from "../../ui/shell";
import { authGuard } from "./guard";
import { WorkspaceSiteInput } from "./model";
import { saveWorkspaceSite, siteText, workspaceSite } from "./workspace-site";
import { SiteTextPage } from "./pages/site-text-page";

/** Where the settings form lives (the candidate pages' settings). */
export const SITE_SETTINGS_PAGE = "/settings/candidate-pages";

/**
 * /terms and /help (served when MARKETING_URL is not set; open to anyone: a signed-in user
 * reads their workspace's text), and the settings of the workspace's own site.
 */
export function siteRoutes(deps: Deps) {
  const page = (kind: "terms" | "help", title: string) => ({ me }: { me: { user: Parameters<typeof makeShell>[1] } | null }) =>
    renderPage({ title, body: SiteTextPage({ shell: me ? makeShell(deps, me.user) : null, text: siteText(deps, me?.user.workspaceId ?? null, kind), fallbackTitle: title }) });

  return new Elysia()
    .use(authGuard(deps))
    .get("/terms", page("terms", "Hiring Terms of Use"), { withUser: true })
    .get("/help", page("help", "Help & Support"), { withUser: true })
    .get("/api/workspace/site", ({ workspaceId }) => workspaceSite(deps, workspaceId), { auth: true })
    .put("/api/workspace/site", ({ workspaceId, body }) => saveWorkspaceSite(deps, workspaceId, parseInput(WorkspaceSiteInput, body)), { can: "settings.update" })
    // The settings form without JavaScript: 303 back with a toast.
    .post(
      "/settings/site",
      ({ workspaceId, body, cookie }) => {
        try {
          saveWorkspaceSite(deps, workspaceId, parseInput(WorkspaceSiteInput, body ?? {}));
          setFlash(cookie as any, { title: "Site settings saved", variant: "success" });
        } catch (e) {
          if (!(e instanceof AppError) || e.status >= 500) throw e;
          setFlash(cookie as any, { title: "Not saved", description: e.message, variant: "destructive" });
        }
        return new Response(null, { status: 303, headers: { location: SITE_SETTINGS_PAGE } });
      },
      { can: "settings.update" },
    );
}
