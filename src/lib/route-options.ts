import { Elysia } from "elysia";
import { AppError } from "./errors";
import { flashCookieHeader } from "./flash";
import { validationFields } from "./validate";
import { allowFraming } from "./framing";

/**
 * Route options every feature may declare (docs/decisions/0020):
 *   { crossSite: true } → the route takes posts from other sites (webhooks from Stripe or the chat
 *                         provider): the same-origin rule (lib/same-origin.ts) skips it. The mark is kept in
 *                         the route's OpenAPI detail, where the http plugin reads it.
 *   { form: {...} }     → a no-JavaScript form post: a refused input or an AppError below 500 (other
 *                         than 401/402) either re-renders the page (`render`) or goes back with a toast
 *                         (`back` + `failed`). Success is the handler's `seeOther(...)`.
 *   { embeddable: fn }  → a page a workspace may embed in its own site: `fn` names the origins allowed to
 *                         frame it (from the raw path, query or form), and the answer — the page, its
 *                         redirect or its refusal — says `frame-ancestors <origins>` instead of 'none'.
 */
export const CROSS_SITE = "x-cross-site";

export interface FormFailure {
  status: number;
  /** The error envelope's code ("validation_failed" for a refused input). */
  code: string;
  message: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

/** What a failed form post still knows: the fields as posted (not validated), the path and query. */
export interface FormInput {
  body: Record<string, unknown>;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  request: Request;
}

/** The raw input of a request before validation (strings as sent). */
export interface RawInput {
  params: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  body: unknown;
}
export type EmbeddableOption = (input: RawInput) => readonly string[];

export type FormOption = { render: (failure: FormFailure, input: FormInput) => Response | Promise<Response> } | { back: string | ((input: FormInput) => string); failed: string };

const failureHandlers = new WeakMap<Request, FormOption>();

/** The one 303 of the house, with extra headers (a cookie) when given. */
export const seeOther = (location: string, headers: Record<string, string> = {}) => new Response(null, { status: 303, headers: { ...headers, location } });

/** The posted value of a text field as a string (for re-rendering what was typed). */
export const posted = (input: FormInput, name: string, max = 1000): string => {
  const v = input.body[name];
  return typeof v === "string" ? v.slice(0, max) : "";
};

function failureOf(code: string | number, error: unknown): FormFailure | null {
  if (code === "VALIDATION" && (error as { type?: string }).type !== "response") {
    const fields = validationFields(error);
    return { status: 400, code: "validation_failed", message: Object.values(fields)[0] ?? "Invalid request", fields };
  }
  // A 401 of an expired session goes to /login; a refused sign-in (invalid_credentials) is the form's to show.
  if (error instanceof AppError && error.status < 500 && (error.status !== 401 || error.code !== "unauthorized") && error.status !== 402) {
    return { status: error.status, code: error.code, message: error.message, fields: error.fields, headers: error.headers };
  }
  return null;
}

/**
 * The answer of a failed form post, or undefined when the request is not a form post or the failure
 * is not the form's to show (a crash, an expired session, the subscription gate).
 */
export async function formFailure(ctx: { request: Request; code: string | number; error: unknown; body?: unknown; params?: unknown; query?: unknown }): Promise<Response | undefined> {
  const option = failureHandlers.get(ctx.request);
  if (!option) return undefined;
  const failure = failureOf(ctx.code, ctx.error);
  if (!failure) return undefined;
  const input: FormInput = {
    body: ctx.body && typeof ctx.body === "object" ? (ctx.body as Record<string, unknown>) : {},
    params: (ctx.params ?? {}) as Record<string, string>,
    query: (ctx.query ?? {}) as Record<string, string | undefined>,
    request: ctx.request,
  };
  if ("render" in option) return option.render(failure, input);
  const back = typeof option.back === "function" ? option.back(input) : option.back;
  return seeOther(back, { ...failure.headers, "set-cookie": flashCookieHeader({ title: option.failed, description: failure.message, variant: "destructive" }) });
}

// Elysia's detail type knows only OpenAPI's own fields; an `x-` extension is valid OpenAPI too.
const crossSiteDetail = { [CROSS_SITE]: true } as { description?: string };

export function routeOptions() {
  return new Elysia({ name: "route-options" }).macro({
    crossSite: { detail: crossSiteDetail },
    embeddable: (originsOf: EmbeddableOption) => ({
      // Transform runs before validation, so a refused input is framed like the page it belongs to.
      transform({ params, query, body, set }) {
        allowFraming(set.headers, originsOf({ params: params as RawInput["params"], query: query as RawInput["query"], body }));
      },
    }),
    form: (option: FormOption) => ({
      // Transform runs before validation, so a refused input finds the form's handler.
      transform({ request }) {
        failureHandlers.set(request, option);
      },
    }),
  });
}
