import { Elysia, type Cookie } from "elysia";
import type { SchedulingDeps } from "./needs";
import type { SchedulingPageNeeds } from "./needs";
import type { Web } from "../auth/web";
import type { z } from "zod";
import { memberActor } from "../events/record";
import { flashCookieHeader, setFlash, takeFlash } from "../../lib/flash";
import { renderHtml, renderPage, type Toast } from "../../lib/render";
import { routeOptions, seeOther, type FormFailure, type FormInput } from "../../lib/route-options";
import { CachedPage } from "../../lib/page-cache";
import { loginWithNext } from "../../lib/next-path";
import { StampCache } from "../../db/stamp-cache";
import { assetUrl } from "../../lib/assets";
import { ErrorPage, errorTitle } from "../../ui/error-page";

import { bookByToken, bookedManageToken } from "./booking";
import { cancelByCandidate, moveByCandidate } from "./candidate-changes";
import { InterviewIdParam, TokenParam } from "./views";
import { BookForm, BookingPageQuery, InterviewActionForm, InterviewActionParams, ManagePageQuery, MoveForm } from "./form-inputs";
import { loadBookingPage, loadInterviewDetails, loadManagePage } from "./page-props";
import { BookingPage, SessionNotFound, type Layout } from "./pages/booking-page";
import { ManagePage } from "./pages/manage-page";
import { InterviewDetailsPage, InterviewNotFound } from "./pages/interview-details";
import { interviewFormAction } from "./interview-forms";
import { siteLinks } from "../../ui/links";
import { bookingFrame, manageFrame } from "./embed-frame";
import type { BookingLinkLimiter } from "./link-limit";

// Public pages carry their token in the URL: no referrer leaves them, and nothing is cached.
const privateHeaders = { "referrer-policy": "no-referrer", "cache-control": "no-store", "x-robots-tag": "noindex, nofollow" };
// Every page here lives at a private token address: described, but never indexed.
const BOOKING_PAGE = { noindex: true, description: "Choose a time for your interview from the slots the hiring team offered." };
const MANAGE_PAGE = { noindex: true, description: "Your interview: its time and details, and where to move or cancel it." };
const DETAILS_PAGE = { noindex: true, description: "The details of a scheduled interview." };
const see = (location: string) => seeOther(location, privateHeaders);
/** A cached booking page is rendered again after this long even when nothing was written (expiry). */
const PAGE_TTL_MS = 30_000;

const managePath = (token: string) => `/book/manage/${token}`;
const postedZone = (input: FormInput) => (typeof input.body.timeZone === "string" ? input.body.timeZone.slice(0, 64) : undefined);

/** /book/{token}, /booking-option-b/{token}, the candidate's confirmation page, and /interview-details/{id}. */
export function bookingPageRoutes(deps: SchedulingDeps, web: Web, extras: SchedulingPageNeeds, linkLimit: BookingLinkLimiter) {
  // Without a mail transport nothing reaches the candidate: the pages then promise no e-mail.
  const emailConfigured = !!deps.config.SMTP_URL;
  // An unknown link names no workspace: its page leads to the product's site.
  const productHome = siteLinks(deps.config).external ? siteLinks(deps.config).home : null;

  type Extra = { status?: number; toast?: Toast | null; error?: string };
  const bookingPage = (token: string, layout: Layout, tzQuery: string | undefined, extra: Extra = {}) => {
    const page = renderBookingPage(token, layout, tzQuery, extra);
    return new Response(page.html, { status: page.status, headers: { "content-type": "text/html; charset=utf-8", ...privateHeaders } });
  };

  const renderBookingPage = (token: string, layout: Layout, tzQuery: string | undefined, extra: Extra = {}) => {
    const path = layout === "b" ? `/booking-option-b/${token}` : `/book/${token}`;
    const now = deps.clock.now().getTime();
    const props = loadBookingPage(deps, token, tzQuery);
    if (!props) {
      // Booked already: the candidate sees their interview and its manage link, not "invalid".
      const manage = extra.status === undefined ? bookedManageToken(deps, token) : null;
      if (manage) return new CachedPage("", 303, { ...privateHeaders, location: managePath(manage) }, now + PAGE_TTL_MS);
      const html = renderHtml({ title: "Session Not Found", ...BOOKING_PAGE, styles: "candidate", toast: extra.toast, body: SessionNotFound({ home: productHome }) });
      return new CachedPage(html, extra.status ?? 404, privateHeaders, now + PAGE_TTL_MS);
    }
    const html = renderHtml({
      title: "Schedule Your Interview",
      ...BOOKING_PAGE,
      styles: "candidate",
      toast: extra.toast,
      // Optional enhancement (slot toggle, disabled confirm, "Booking..."): the page works without it.
      scripts: props.view.availableSlots.length ? [assetUrl("booking.js")] : [],
      body: BookingPage({ ...props, layout, action: path, error: extra.error, emailConfigured }),
    });
    // Stale once the first offered slot starts (it leaves the list) or after the TTL.
    const firstStart = props.view.availableSlots.reduce((m, x) => Math.min(m, Date.parse(x.startTime)), Infinity);
    return new CachedPage(html, extra.status ?? 200, privateHeaders, Math.min(now + PAGE_TTL_MS, firstStart));
  };

  // The page a candidate opens (the same for every visit until something is written): kept
  // per token, layout and zone while the database's write stamp is unchanged, so a booking,
  // a move or a cancel (or any other write) renders it again; compressed once per change.
  const pages = new StampCache<CachedPage>(1000);
  const bookingPageGet = (request: Request, token: string, layout: Layout, tzQuery: string | undefined, toast: Toast | null) => {
    if (toast) return bookingPage(token, layout, tzQuery, { toast });
    const key = `${layout}|${token}|${tzQuery ?? ""}`;
    const now = deps.clock.now().getTime();
    return pages
      .get(
        deps.db,
        key,
        () => renderBookingPage(token, layout, tzQuery),
        (p) => p.validUntil > now,
      )
      .response(request);
  };

  // A refused booking shows the page again, its slots and the reason (404: the link is gone).
  const bookingFailed = (layout: Layout) => (failure: FormFailure, input: FormInput) => {
    // Booked meanwhile (another tab of the same link): the candidate sees their interview,
    // not "Session Not Found" under a "choose another" toast (issue 41).
    const manage = bookedManageToken(deps, input.params.token ?? "");
    if (manage) {
      const note = { title: "Already booked", description: "Your interview was already booked with this link. Here it is.", variant: "default" as const };
      return seeOther(managePath(manage), { ...privateHeaders, "set-cookie": flashCookieHeader(note) });
    }
    const toast: Toast = { title: "Booking Failed", description: failure.message || "Failed to book slot", variant: "destructive" };
    return bookingPage(input.params.token ?? "", layout, postedZone(input), { status: failure.status, toast, error: failure.status === 404 ? undefined : failure.message });
  };

  // The confirmation page's forms go back to it with a red toast; a link that is gone is the
  // plain 404 page (nothing to go back to).
  const backToManage = (title: string) => (failure: FormFailure, input: FormInput) => {
    if (failure.status === 404) return renderPage({ title: errorTitle(404), status: 404, headers: privateHeaders, body: ErrorPage({ status: 404, message: failure.message }) });
    return seeOther(managePath(input.params.token ?? ""), {
      ...privateHeaders,
      "set-cookie": flashCookieHeader({ title, description: failure.message || "Failed to book slot", variant: "destructive" }),
    });
  };

  // Both booking layouts post here and land on the same confirmation page.
  const book = async ({ params, body, cookie }: { params: { token: string }; body: z.infer<typeof BookForm>; cookie: Record<string, Cookie<unknown>> }) => {
    const booked = await bookByToken(deps, params.token, body.slotId, { timeZone: body.timeZone ?? null });
    setFlash(cookie, {
      title: "Meeting Scheduled!",
      description: emailConfigured ? "Your interview has been successfully booked. You'll receive a confirmation email shortly." : "Your interview has been successfully booked.",
      variant: "success",
    });
    return see(`/book/manage/${booked.manageToken}?booked=1`);
  };

  const candidatePages = new Elysia()
    .use(routeOptions())
    .onBeforeHandle(({ params, request, server }) => linkLimit.enforce((params as { token?: string }).token ?? "", request, server))
    .get("/book/:token", ({ request, params, query, cookie }) => bookingPageGet(request, params.token, "a", query.tz, takeFlash(cookie)), {
      params: TokenParam,
      query: BookingPageQuery,
      embeddable: bookingFrame(deps),
    })
    .post("/book/:token", book, { params: TokenParam, body: BookForm, form: { render: bookingFailed("a") }, embeddable: bookingFrame(deps) })
    .get("/booking-option-b/:token", ({ request, params, query, cookie }) => bookingPageGet(request, params.token, "b", query.tz, takeFlash(cookie)), {
      params: TokenParam,
      query: BookingPageQuery,
      embeddable: bookingFrame(deps),
    })
    .post("/booking-option-b/:token", book, { params: TokenParam, body: BookForm, form: { render: bookingFailed("b") }, embeddable: bookingFrame(deps) })
    .get(
      "/book/manage/:token",
      ({ params, query, cookie }) => {
        const props = loadManagePage(deps, params.token);
        if (!props) return renderPage({ title: "Session Not Found", ...MANAGE_PAGE, status: 404, headers: privateHeaders, body: SessionNotFound({ home: productHome }) });
        return renderPage({
          title: "Your Interview",
          ...MANAGE_PAGE,
          styles: "candidate",
          headers: privateHeaders,
          toast: takeFlash(cookie),
          body: ManagePage({ ...props, action: managePath(params.token), justBooked: query.booked === "1", confirmCancel: query.cancel === "1", emailConfigured }),
        });
      },
      { params: TokenParam, query: ManagePageQuery, embeddable: manageFrame(deps) },
    )
    .post(
      "/book/manage/:token/cancel",
      async ({ params, cookie }) => {
        await cancelByCandidate(deps, params.token);
        setFlash(cookie, { title: "Interview canceled", description: "The hiring manager has been told.", variant: "success" });
        return see(managePath(params.token));
      },
      { params: TokenParam, form: { render: backToManage("Cancel Failed") }, embeddable: manageFrame(deps) },
    )
    .post(
      "/book/manage/:token/move",
      async ({ params, body, cookie }) => {
        await moveByCandidate(deps, params.token, body.slotId ?? "");
        setFlash(cookie, { title: "Interview moved", description: emailConfigured ? "You'll receive an updated invitation shortly." : "Your interview now has its new time.", variant: "success" });
        return see(managePath(params.token));
      },
      { params: TokenParam, body: MoveForm, form: { render: backToManage("Booking Failed") }, embeddable: manageFrame(deps) },
    );

  const staffPages = new Elysia()
    .use(web.guard)
    .get(
      "/interview-details/:id",
      ({ params, me, cookie, request }) => {
        // Signed out: sign in first and come back here (issue 41).
        if (!me) return seeOther(loginWithNext(request.url));
        const shell = web.shell(me.user);
        const interview = loadInterviewDetails(deps, me?.user.workspaceId, params.id);
        if (!interview) return renderPage({ title: "Interview Not Found", ...DETAILS_PAGE, status: 404, headers: privateHeaders, body: InterviewNotFound({ shell }) });
        return renderPage({
          title: interview.title,
          ...DETAILS_PAGE,
          headers: privateHeaders,
          toast: takeFlash(cookie),
          body: InterviewDetailsPage({ interview, shell, now: deps.clock.now(), extras: me ? extras.interviewExtras(me.user.workspaceId, params.id, me.user) : null }),
        });
      },
      { withUser: true, params: InterviewIdParam },
    )
    .post(
      "/interview-details/:id/:action",
      ({ params, workspaceId, body, cookie, me }) => {
        setFlash(cookie, { title: interviewFormAction(deps, workspaceId, params.id, params.action, body, memberActor(me)), variant: "success" });
        return see(`/interview-details/${encodeURIComponent(params.id)}`);
      },
      {
        auth: true,
        params: InterviewActionParams,
        body: InterviewActionForm,
        form: { back: (input: FormInput) => `/interview-details/${encodeURIComponent(input.params.id ?? "")}`, failed: "Not changed" },
      },
    );

  return new Elysia().use(candidatePages).use(staffPages);
}
