import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { setFlash, takeFlash } from "../../lib/flash";
import { renderHtml, renderPage, type Toast } from "../../lib/render";
import { CachedPage } from "../../lib/page-cache";
import { StampCache } from "../../db/stamp-cache";
import { assetUrl } from "../../lib/assets";
import { workspaceSite } from "../auth/workspace-site";
import { authGuard } from "../auth/guard";
import { bookByToken, bookedManageToken, bookingWorkspaceId, cancelByCandidate, getBookingView, getManageView, manageWorkspaceId, moveByCandidate } from "./booking";
import { BookingPage, SessionNotFound, type Layout } from "./pages/booking-page";
import { ManagePage } from "./pages/manage-page";
import { InterviewDetailsPage, InterviewNotFound } from "./pages/interview-details";
import { interviewForStaff } from "./interview-access";
import { interviewFormAction } from "./interview-forms";
import { isValidTimeZone } from "./slots";
import { makeShell } from "../../ui/shell";
import { bookingFrame, manageFrame } from "./embed-frame";

// Public pages carry their token in the URL: no referrer leaves them, and nothing is cached.
const privateHeaders = { "referrer-policy": "no-referrer", "cache-control": "no-store", "x-robots-tag": "noindex, nofollow" };
// Every page here lives at a private token address: described, but never indexed.
const BOOKING_PAGE = { noindex: true, description: "Choose a time for your interview from the slots the hiring team offered." };
const MANAGE_PAGE = { noindex: true, description: "Your interview: its time and details, and where to move or cancel it." };
const DETAILS_PAGE = { noindex: true, description: "The details of a scheduled interview." };
const see = (location: string) => new Response(null, { status: 303, headers: { location, ...privateHeaders } });
/** A cached booking page is rendered again after this long even when nothing was written (expiry). */
const PAGE_TTL_MS = 30_000;

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
  // Without a mail transport nothing reaches the candidate: the pages then promise no e-mail.
  const emailConfigured = !!deps.config.SMTP_URL;

  const bookingPage = (token: string, layout: Layout, tzQuery: unknown, extra: { status?: number; toast?: Toast | null; error?: string } = {}) => {
    const page = renderBookingPage(token, layout, tzQuery, extra);
    return new Response(page.html, { status: page.status, headers: { "content-type": "text/html; charset=utf-8", ...privateHeaders } });
  };

  const renderBookingPage = (token: string, layout: Layout, tzQuery: unknown, extra: { status?: number; toast?: Toast | null; error?: string } = {}) => {
    const path = layout === "b" ? `/booking-option-b/${token}` : `/book/${token}`;
    const now = deps.clock.now().getTime();
    try {
      const view = getBookingView(deps, token);
      const home = siteOf(() => bookingWorkspaceId(deps, token));
      const tz = typeof tzQuery === "string" && isValidTimeZone(tzQuery) ? tzQuery : view.session.timeZone;
      const html = renderHtml({
        title: "Schedule Your Interview",
        ...BOOKING_PAGE,
        styles: "candidate",
        toast: extra.toast,
        // Optional enhancement (slot toggle, disabled confirm, "Booking..."): the page works without it.
        scripts: view.availableSlots.length ? [assetUrl("booking.js")] : [],
        body: BookingPage({ view, layout, action: path, home, tz, error: extra.error, emailConfigured }),
      });
      // Stale once the first offered slot starts (it leaves the list) or after the TTL.
      const firstStart = view.availableSlots.reduce((m, x) => Math.min(m, Date.parse(x.startTime)), Infinity);
      return new CachedPage(html, extra.status ?? 200, privateHeaders, Math.min(now + PAGE_TTL_MS, firstStart));
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 404) throw e;
      // Booked already: the candidate sees their interview and its manage link, not "invalid".
      const manage = extra.status === undefined ? bookedManageToken(deps, token) : null;
      if (manage) return new CachedPage("", 303, { ...privateHeaders, location: `/book/manage/${manage}` }, now + PAGE_TTL_MS);
      const html = renderHtml({ title: "Session Not Found", ...BOOKING_PAGE, styles: "candidate", toast: extra.toast, body: SessionNotFound({ home: null }) });
      return new CachedPage(html, extra.status ?? 404, privateHeaders, now + PAGE_TTL_MS);
    }
  };

  // The page a candidate opens (the same for every visit until something is written): kept
  // per token, layout and zone while the database's write stamp is unchanged, so a booking,
  // a move or a cancel (or any other write) renders it again; compressed once per change.
  const pages = new StampCache<CachedPage>(1000);
  const bookingPageGet = (request: Request, token: string, layout: Layout, tzQuery: unknown, toast: Toast | null) => {
    if (toast) return bookingPage(token, layout, tzQuery, { toast });
    const key = `${layout}|${token}|${typeof tzQuery === "string" ? tzQuery : ""}`;
    const now = deps.clock.now().getTime();
    return pages.get(deps.db, key, () => renderBookingPage(token, layout, tzQuery), (p) => p.validUntil > now).response(request);
  };

  const book = (layout: Layout) => async ({ params, body, cookie }: any) => {
    const slotId = formSlot(body);
    const formZone = (body as Record<string, unknown> | null)?.timeZone;
    const zone = typeof formZone === "string" ? formZone.slice(0, 64) : undefined;
    if (!slotId) {
      const message = "Please select a time slot";
      return bookingPage(params.token, layout, zone, { status: 400, error: message, toast: { title: "Booking Failed", description: message, variant: "destructive" } });
    }
    try {
      const booked = await bookByToken(deps, params.token, slotId, { timeZone: zone ?? null });
      setFlash(cookie, {
        title: "Meeting Scheduled!",
        description: emailConfigured ? "Your interview has been successfully booked. You'll receive a confirmation email shortly." : "Your interview has been successfully booked.",
        variant: "success",
      });
      return see(`/book/manage/${booked.manageToken}?booked=1`);
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      const toast: Toast = { title: "Booking Failed", description: e.message || "Failed to book slot", variant: "destructive" };
      return bookingPage(params.token, layout, zone, { status: e.status, toast, error: e.status === 404 ? undefined : e.message });
    }
  };

  const managePath = (token: string) => `/book/manage/${token}`;

  return new Elysia()
    .use(authGuard(deps))
    .get("/book/:token", ({ request, params, query, cookie }: any) => bookingPageGet(request, params.token, "a", query.tz, takeFlash(cookie)), { embeddable: bookingFrame(deps) })
    .post("/book/:token", book("a"), { embeddable: bookingFrame(deps) })
    .get("/booking-option-b/:token", ({ request, params, query, cookie }: any) => bookingPageGet(request, params.token, "b", query.tz, takeFlash(cookie)), { embeddable: bookingFrame(deps) })
    .post("/booking-option-b/:token", book("b"), { embeddable: bookingFrame(deps) })
    .get("/book/manage/:token", ({ params, query, cookie }: any) => {
      let view: ReturnType<typeof getManageView>;
      try {
        view = getManageView(deps, params.token);
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 404) throw e;
        return renderPage({ title: "Session Not Found", ...MANAGE_PAGE, status: 404, headers: privateHeaders, body: SessionNotFound({ home: null }) });
      }
      const home = siteOf(() => manageWorkspaceId(deps, params.token));
      return renderPage({
        title: "Your Interview",
        ...MANAGE_PAGE,
        styles: "candidate",
        headers: privateHeaders,
        toast: takeFlash(cookie),
        body: ManagePage({ view, home, action: managePath(params.token), justBooked: query.booked === "1", confirmCancel: query.cancel === "1", emailConfigured }),
      });
    }, { embeddable: manageFrame(deps) })
    .post("/book/manage/:token/cancel", async ({ params, cookie }: any) => {
      try {
        await cancelByCandidate(deps, params.token);
        setFlash(cookie, { title: "Interview canceled", description: "The hiring manager has been told.", variant: "success" });
      } catch (e) {
        if (!(e instanceof AppError) || e.status === 404 || e.status >= 500) throw e;
        setFlash(cookie, { title: "Cancel Failed", description: e.message, variant: "destructive" });
      }
      return see(managePath(params.token));
    }, { embeddable: manageFrame(deps) })
    .post("/book/manage/:token/move", async ({ params, body, cookie }: any) => {
      try {
        await moveByCandidate(deps, params.token, formSlot(body));
        setFlash(cookie, { title: "Interview moved", description: emailConfigured ? "You'll receive an updated invitation shortly." : "Your interview now has its new time.", variant: "success" });
      } catch (e) {
        if (!(e instanceof AppError) || e.status === 404 || e.status >= 500) throw e;
        setFlash(cookie, { title: "Booking Failed", description: e.message || "Failed to book slot", variant: "destructive" });
      }
      return see(managePath(params.token));
    }, { embeddable: manageFrame(deps) })
    .get(
      "/interview-details/:id",
      ({ params, me, cookie }: any) => {
        const shell = me ? makeShell(deps, me.user) : null;
        try {
          const interview = interviewForStaff(deps, me?.user.workspaceId, params.id);
          return renderPage({ title: interview.title, ...DETAILS_PAGE, headers: privateHeaders, toast: takeFlash(cookie), body: InterviewDetailsPage({ interview, shell, now: deps.clock.now() }) });
        } catch (e) {
          if (!(e instanceof AppError) || e.status !== 404) throw e;
          return renderPage({ title: "Interview Not Found", ...DETAILS_PAGE, status: 404, headers: privateHeaders, body: InterviewNotFound({ shell }) });
        }
      },
      { withUser: true },
    )
    .post(
      "/interview-details/:id/:action",
      ({ params, workspaceId, body, cookie }: any) => {
        const form = (body ?? {}) as Record<string, string | undefined>;
        try {
          const done = interviewFormAction(deps, workspaceId, params.id, params.action, form);
          setFlash(cookie, { title: done, variant: "success" });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          setFlash(cookie, { title: "Not changed", description: e.message, variant: "destructive" });
        }
        return see(`/interview-details/${encodeURIComponent(params.id)}`);
      },
      { auth: true },
    )
;
}
