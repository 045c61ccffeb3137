import type { OpenApiDocument, Operation } from "../document";
import { schemaShape } from "../schema-shape";

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-emerald-100 text-emerald-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-amber-100 text-amber-900",
  delete: "bg-red-100 text-red-900",
};

interface Entry {
  method: string;
  path: string;
  op: Operation;
}

/** The document's descriptions are CommonMark; here only their `code` spans are shown as code. */
const withCode = (text: string) =>
  text.split("`").map((part, i) =>
    i % 2 ? (
      <code key={i} className="font-mono text-sm">
        {part}
      </code>
    ) : (
      part
    ),
  );

const anchor = (e: Entry) => `${e.method}-${e.path}`.replace(/[^a-zA-Z0-9]+/g, "-").replace(/-+$/, "");

/** /api/docs: the OpenAPI document as a readable page, rendered on the server (no script, strict CSP). */
export function ReferencePage({ doc }: { doc: OpenApiDocument }) {
  const groups = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op });
    }
  }
  const tags = [...groups.keys()].sort();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">{doc.info.title}</h1>
        <p className="mt-1 text-sm text-slate-500">
          Version {doc.info.version} · OpenAPI {doc.openapi}
        </p>
        <p className="mt-4 max-w-3xl text-slate-700">{withCode(doc.info.description ?? "")}</p>
        <p className="mt-3 text-sm">
          <a className="font-medium text-brand-700 underline" href="/api/openapi.json">
            Download the OpenAPI document (JSON)
          </a>
        </p>
      </header>
      <nav aria-label="Endpoint groups" className="mb-8 flex flex-wrap gap-2">
        {tags.map((t) => (
          <a key={t} href={`#tag-${t.replace(/[^a-zA-Z0-9]+/g, "-")}`} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-100">
            {t}
          </a>
        ))}
      </nav>
      {tags.map((t) => (
        <section key={t} id={`tag-${t.replace(/[^a-zA-Z0-9]+/g, "-")}`} className="mb-10">
          <h2 className="mb-3 text-xl font-semibold">{t}</h2>
          <div className="space-y-4">
            {groups.get(t)!.map((e) => (
              <OperationCard key={anchor(e)} entry={e} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function OperationCard({ entry: { method, path, op } }: { entry: Entry }) {
  const body = op.requestBody?.content["application/json"]?.schema ?? Object.values(op.requestBody?.content ?? {})[0]?.schema;
  const success = Object.entries(op.responses ?? {}).filter(([s]) => s.startsWith("2") || s.startsWith("3"));
  const errors = Object.keys(op.responses ?? {}).filter((s) => !s.startsWith("2") && !s.startsWith("3"));
  return (
    <article id={anchor({ method, path, op })} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${METHOD_STYLE[method] ?? "bg-slate-100 text-slate-900"}`}>{method}</span>
        <span className="break-all">{path}</span>
      </h3>
      {op.summary ? <p className="mt-2 text-slate-800">{op.summary}</p> : null}
      <p className="mt-1 text-xs text-slate-500">{op.security?.length ? "Needs an API key or a signed-in session" : "Public"}</p>
      {op.parameters?.length ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">Parameters</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code className="font-mono">{p.name}</code>{" "}
                <span className="text-slate-500">
                  ({p.in}
                  {p.required ? ", required" : ""})
                </span>
                : <code className="font-mono text-slate-700">{schemaShape(p.schema)}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {body ? <Shape title="Request body" schema={body} /> : null}
      {success.map(([status, r]) => (
        <Shape key={status} title={`${status} ${r.description}`} schema={r.content?.["application/json"]?.schema} />
      ))}
      {errors.length ? (
        <p className="mt-3 text-xs text-slate-500">
          Errors: {errors.join(", ")}, as {"{ message, code, fields?, requestId }"}
        </p>
      ) : null}
    </article>
  );
}

function Shape({ title, schema }: { title: string; schema: unknown }) {
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold">{title}</h4>
      {schema ? <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 font-mono text-xs text-slate-800">{schemaShape(schema)}</pre> : null}
    </div>
  );
}
