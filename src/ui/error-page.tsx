import { Logo } from "./logo";

const titles: Record<number, string> = {
  400: "Bad Request",
  403: "Forbidden",
  404: "404 Page Not Found",
  429: "Too Many Requests",
  500: "Something Went Wrong",
};

export function ErrorPage({ status, message }: { status: number; message: string }) {
  const title = titles[status] ?? `Error ${status}`;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center">
      <Logo href="/" />
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="max-w-md text-slate-600">{status === 404 ? "The page you are looking for does not exist or has moved." : message}</p>
      <a href="/" className="btn-primary">
        Go to dashboard
      </a>
    </main>
  );
}

export function errorTitle(status: number) {
  return titles[status] ?? `Error ${status}`;
}
