/**
 * The one error type services throw. The error plugin turns it into
 * `{ message, code, fields?, requestId }` for /api and into an error page for HTML routes.
 */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = "Not found") => new AppError("not_found", 404, what);
export const unauthorized = (message = "Session expired") => new AppError("unauthorized", 401, message);
export const conflict = (message: string) => new AppError("conflict", 409, message);
export const badRequest = (message: string, fields?: Record<string, string>) => new AppError("validation_failed", 400, message, fields);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError("rate_limited", 429, "Too many attempts. Please wait and try again.", undefined, {
    "retry-after": String(retryAfterSeconds),
  });
