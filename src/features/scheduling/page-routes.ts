import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { setFlash, takeFlash } from "../../lib/flash";
import { renderPage, type Toast } from "../../lib/render";
import { assetUrl } from "../../lib/assets";
import { workspaceSite } from "../auth/workspace-site";
import { authGuard } from "../auth/guard";
import { bookByToken, bookingWorkspaceId, cancelByCandidate, getBookingView, getManageView, manageWorkspaceId, moveByCandidate } from "./booking";
import { BookingPage, SessionNotFound, type Layout } from "./pages/booking-page";
import { ManagePage } from "./pages/manage-page";
import { InterviewDetailsPage, InterviewNotFound } from "./pages/interview-details";
import { getInterview } from "./service";
import { isValidTimeZone } from "./slots";
import { makeShell } from "../../ui/shell";

// Public pages carry their token in the URL: no referrer leaves them, and nothing is cached.
const privateHeaders = { "referrer-policy": "no-referrer", "cache-control": "no-store" };
const see = (location: string) => new Response(null, { status: 303, headers: { location, ...privateHeaders } });
const formSlot = (body: unknown) => {
  const v = (body as Record<string, unknown> | null)?.slotId;
  return typeof v === "string" ? v.slice(0, 64) : "";
};

/** /book/{token}, /booking-option-b/{token}, the candidate's confirmation page, and /interview-details/{id}. */
export function bookingPageRoutes(deps: Deps) {
  // Home and Back to Site go to the workspace's own site when it has one, else nowhere
  // (candidates have nothing to do on the recruiters' sign-in page).
  const siteOf = (workspaceId: () => number): string | null => {
    try {
      return workspaceSite(deps, workspaceId()).siteUrl;
    } catch {
      return null;
    }
  };

  const bookingPage = (token: string, layout: Layout, tzQuery: unknown, extra: { status?: number; toast?: Toast | null; error?: string } = {}) => {
    const path = layout === "b" ? `/booking-option-b/${token}` : `/book/${token}`;
    try {
      const view = getBookingView(deps, token);
      const home = siteOf(() => bookingWorkspaceId(deps, token));
      const tz = typeof tzQuery === "string" && isValidTimeZone(tzQuery) ? tzQuery : view.session.timeZone;
      return renderPage({
        title: "Schedule Your Interview",
        headers: privateHeaders,
        status: extra.status,
        toast: extra.toast,
        // Optional enhancement (slot toggle, disabled confirm, "Booking..."): the page works without it.
        scripts: view.availableSlots.length ? [assetUrl("booking.js")] : [],
        body: BookingPage({ view, layout, action: path, home, tz, error: extra.error }),
      });
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 404) throw e;
      return renderPage({ title: "Session Not Found", status: extra.status ?? 404, headers: privateHeaders, toast: extra.toast, body: SessionNotFound({ home: null }) });
    }
  };

  const book = (layout: Layout) => async ({ params, body, cookie }: any) => {
    const slotId = formSlot(body);
    if (!slotId) {
      const message = "Please select a time slot";
      return bookingPage(params.token, layout, undefined, { status: 400, error: message, toast: { title: "Booking Failed", description: message, variant: "destructive" } });
    }
    try {
      const booked = await bookByToken(deps, params.token, slotId);
      setFlash(cookie, {
        title: "Meeting Scheduled!",
        description: "Your interview has been successfully booked. You'll receive a confirmation email shortly.",
        variant: "success",
      });
      return see(`/book/manage/${booked.manageToken}?booked=1`);
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      const toast: Toast = { title: "Booking Failed", description: e.message || "Failed to book slot", variant: "destructive" };
      return bookingPage(params.token, layout, undefined, { status: e.status, toast, error: e.status === 404 ? undefined : e.message });
    }
  };

  const managePath = (token: string) => `/book/manage/${token}`;

  return new Elysia()
    .use(authGuard(deps))
    .get("/book/:token", ({ params, query, cookie }: any) => bookingPage(params.token, "a", query.tz, { toast: takeFlash(cookie) }))
    .post("/book/:token", book("a"))
    .get("/booking-option-b/:token", ({ params, query, cookie }: any) => bookingPage(params.token, "b", query.tz, { toast: takeFlash(cookie) }))
    .post("/booking-option-b/:token", book("b"))
    .get("/book/manage/:token", ({ params, query, cookie }: any) => {
      const view = getManageView(deps, params.token);
      const home = siteOf(() => manageWorkspaceId(deps, params.token));
      return renderPage({
        title: "Your Interview",
        headers: privateHeaders,
        toast: takeFlash(cookie),
        body: ManagePage({ view, home, action: managePath(params.token), justBooked: query.booked === "1", confirmCancel: query.cancel === "1" }),
      });
    })
    .post("/book/manage/:token/cancel", async ({ params, cookie }: any) => {
      try {
        await cancelByCandidate(deps, params.token);
        setFlash(cookie, { title: "Interview canceled", description: "The hiring manager has been told.", variant: "success" });
      } catch (e) {
        if (!(e instanceof AppError) || e.status === 404 || e.status >= 500) throw e;
        setFlash(cookie, { title: "Cancel Failed", description: e.message, variant: "destructive" });
      }
      return see(managePath(params.token));
    })
    .post("/book/manage/:token/move", async ({ params, body, cookie }: any) => {
      try {
        await moveByCandidate(deps, params.token, formSlot(body));
        setFlash(cookie, { title: "Interview moved", description: "You'll receive an updated invitation shortly.", variant: "success" });
      } catch (e) {
        if (!(e instanceof AppError) || e.status === 404 || e.status >= 500) throw e;
        setFlash(cookie, { title: "Booking Failed", description: e.message || "Failed to book slot", variant: "destructive" });
      }
      return see(managePath(params.token));
    })
    .get(
      "/interview-details/:id",
      ({ params, me }: any) => {
        const shell = me ? makeShell(deps, me.user) : null;
        try {
          const interview = getInterview(deps, params.id);
          return renderPage({ title: interview.title, headers: privateHeaders, body: InterviewDetailsPage({ interview, shell }) });
        } catch (e) {
          if (!(e instanceof AppError) || e.status !== 404) throw e;
          return renderPage({ title: "Interview Not Found", status: 404, headers: privateHeaders, body: InterviewNotFound({ shell }) });
        }
      },
      { withUser: true },
    );
}
