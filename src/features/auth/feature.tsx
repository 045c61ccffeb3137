import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Actor } from "../../lib/event-recorder";
import { shellMaker, type Shell } from "../../ui/shell";
import { authGuard } from "./guard";
import { authDeps, type AuthDeps, type AuthNeeds } from "./needs";
import { ProfileDialogIsland } from "./pages/profile-dialog";
import { can } from "./permissions";
import { memberZone } from "../../lib/time-zone";
import type { AccessGate } from "./needs";
import { toProfile } from "./profile-service";
import type { UserRow } from "./repo";
import { apiKeyRoutes } from "./api-key-routes";
import { authRoutes } from "./routes";
import { signInAs, type NewSession } from "./service";
import { siteRoutes } from "./site-routes";
import { saveEmbedOrigins } from "./workspace-site";
import type { Web } from "./web";

/** The frame's parts that come from features above auth: billing's state and the calendar's dot. */
interface FrameParts {
  billingEnabled: boolean;
  hasSubscription: boolean;
  calendarAvailable: boolean;
  calendarConnected: boolean;
}

export interface AuthFeatureNeeds extends AuthNeeds {
  /** Billing's subscription gate, whose refused page is drawn in the frame. */
  accessGate(shell: (user: UserRow) => Shell): AccessGate;
  frameParts(user: UserRow): FrameParts;
}

export interface AuthApi {
  /** The guard and the frame every feature's routes use. */
  web: Web;
  /** Auth's services with what they need (tests and the composition root call them). */
  deps: AuthDeps;
  signInAs(userId: number, persistent?: boolean): NewSession;
  saveEmbedOrigins(workspaceId: number, origins: readonly string[], actor: Actor): string[];
}

/**
 * Accounts, sessions, API keys and the workspace's site settings; the guard every feature's routes
 * use and the frame of a signed-in page (with the profile dialog, auth's own part of it).
 */
export function createAuth(deps: Deps, needs: AuthFeatureNeeds): Feature<AuthApi> {
  const ad = authDeps(deps, needs);
  const shell = shellMaker(deps, (user) => {
    const parts = needs.frameParts(user);
    return {
      ...parts,
      canEditSite: can(user, "settings.update"),
      profileDialog: (gated) => (
        <ProfileDialogIsland
          profile={toProfile(ad, user)}
          timeZone={memberZone(user)}
          billingOwner={user.role === "owner"}
          billingEnabled={parts.billingEnabled}
          hasSubscription={parts.hasSubscription}
          gated={gated}
        />
      ),
    };
  });
  const web: Web = { guard: authGuard(ad, needs.accessGate(shell)), shell };
  return {
    routes: [plugin(authRoutes(ad, web)), plugin(apiKeyRoutes(ad, web)), plugin(siteRoutes(ad, web))],
    jobs: [],
    api: {
      web,
      deps: ad,
      signInAs: (userId, persistent) => signInAs(ad, userId, persistent),
      saveEmbedOrigins: (workspaceId, origins, actor) => saveEmbedOrigins(ad, workspaceId, origins, actor),
    },
  };
}
