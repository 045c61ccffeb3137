// The agency's logo (issue 39): kept in the database (at most 512 kB, one a workspace), served
// at an address that names its content, so browsers and mail proxies may keep it for good.
import { createHash } from "node:crypto";
import type { Deps } from "../../deps";
import { AppError, badRequest } from "../../lib/errors";
import { recordEvent, type Actor } from "../events/record";
import { LOGO_CONTENT_TYPES, LOGO_TOO_BIG, MAX_LOGO_BYTES, ONLY_IMAGES, sniffLogo, type Logo, type LogoType } from "./model";
import * as repo from "./repo";

const EXT: Record<LogoType, string> = { png: "png", jpeg: "jpg", webp: "webp" };
const pathOf = (workspaceId: number, sha256: string, type: LogoType) => `/logos/${workspaceId}/${sha256.slice(0, 16)}.${EXT[type]}`;

/** The logo's address on this server (relative), or null without a logo. */
export function logoUrlOf(deps: Deps, workspaceId: number): string | null {
  const m = repo.logoMeta(deps.db, workspaceId);
  return m ? pathOf(workspaceId, m.sha256, m.type as LogoType) : null;
}

export function getLogo(deps: Deps, workspaceId: number): Logo | null {
  const m = repo.logoMeta(deps.db, workspaceId);
  if (!m) return null;
  const type = m.type as LogoType;
  return { url: pathOf(workspaceId, m.sha256, type), type, contentType: LOGO_CONTENT_TYPES[type], size: m.size, updatedAt: m.updatedAt.toISOString() };
}

/** PUT /api/workspace/logo and the Settings form: the bytes decide the type; replaces the one before. */
export function setLogo(deps: Deps, workspaceId: number, bytes: Uint8Array | null, actor: Actor): Logo {
  if (!bytes || bytes.length === 0) throw badRequest("Choose an image to upload (PNG, JPEG or WebP)", { file: "Choose an image" });
  if (bytes.length > MAX_LOGO_BYTES) throw new AppError("payload_too_large", 413, LOGO_TOO_BIG, { file: LOGO_TOO_BIG });
  const type = sniffLogo(bytes);
  if (!type) throw new AppError("unsupported_media_type", 415, ONLY_IMAGES, { file: ONLY_IMAGES });
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  deps.db.transaction((tx) => {
    repo.saveLogo(tx, { workspaceId, type, bytes: Buffer.from(bytes), size: bytes.length, sha256, updatedAt: deps.clock.now() });
    recordEvent(deps, tx, {
      workspaceId,
      actor,
      subject: { type: "settings", id: "workspace.logo" },
      kind: "settings.changed",
      summary: `Workspace logo: a ${type.toUpperCase()} image of ${Math.ceil(bytes.length / 1024)} kB`,
    });
  });
  return getLogo(deps, workspaceId)!;
}

/** DELETE /api/workspace/logo: the pages show the name alone again. */
export function deleteLogo(deps: Deps, workspaceId: number, actor: Actor): void {
  deps.db.transaction((tx) => {
    if (repo.removeLogo(tx, workspaceId))
      recordEvent(deps, tx, { workspaceId, actor, subject: { type: "settings", id: "workspace.logo" }, kind: "settings.changed", summary: "Workspace logo removed" });
  });
}

/**
 * GET /logos/{workspace}/{hash}.{ext}: the bytes when the hash is the current logo's; an older
 * address (an e-mail sent before the logo changed) is sent on to the current one; none is 404.
 */
export function servedLogo(deps: Deps, workspaceId: number, file: string): { bytes: Uint8Array; contentType: string } | { moved: string } | null {
  const row = repo.logoRow(deps.db, workspaceId);
  if (!row) return null;
  const type = row.type as LogoType;
  const current = pathOf(workspaceId, row.sha256, type);
  if (current.endsWith(`/${file}`)) return { bytes: row.bytes, contentType: LOGO_CONTENT_TYPES[type] };
  return /^[0-9a-f]{16}\.(png|jpg|webp)$/.test(file) ? { moved: current } : null;
}
