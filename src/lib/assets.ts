import { assets, inlineStyles, islands } from "../assets.gen";

/**
 * Built files (CSS, island bundles, plain page scripts) are embedded in the binary and listed in
 * assets.gen.ts by scripts/build-client.ts: public URL → embedded file path.
 */
export function assetUrl(name: string): string {
  const url = assets.byName[name];
  if (!url) throw new Error(`asset not built: ${name} (run npm run build:assets)`);
  return url;
}

/** A stylesheet built to be inlined in a <style> element (candidate pages). */
export function inlineStyle(name: "candidate"): string {
  const css = inlineStyles[name];
  if (css === undefined) throw new Error(`style not built: ${name} (run npm run build:assets)`);
  return css;
}

export function islandScript(name: string): string {
  const url = islands[name];
  if (!url) throw new Error(`island not built: ${name} (run npm run build:assets)`);
  return url;
}

const types: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  map: "application/json",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
};

/** Answers GET /assets/* from the embedded files; gzip when the client takes it. */
export function serveAsset(pathname: string, acceptEncoding: string | null): Response | null {
  const file = assets.files[pathname];
  if (!file) return null;
  const type = types[pathname.split(".").pop() ?? ""] ?? "application/octet-stream";
  const headers: Record<string, string> = {
    "content-type": type,
    // File names carry a content hash, so they never change.
    "cache-control": "public, max-age=31536000, immutable",
    vary: "accept-encoding",
  };
  const gz = assets.files[pathname + ".gz"];
  if (gz && acceptEncoding?.includes("gzip")) {
    return new Response(Bun.file(gz), { headers: { ...headers, "content-encoding": "gzip" } });
  }
  return new Response(Bun.file(file), { headers });
}
