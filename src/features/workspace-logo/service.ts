// The agency's logo (issue 39): kept in the database (at most 512 kB, one a workspace), served
// at an address that names its content, so browsers and mail proxies may keep it for good.
import { createHash, randomBytes } from "node:crypto";
import type { Deps } from "../../deps";
import { AppError, badRequest } from "../../lib/errors";
import { recordEvent, type Actor } from "../events/record";
import { LOGO_CONTENT_TYPES, LOGO_TOO_BIG, MAX_LOGO_BYTES, ONLY_IMAGES, sniffLogo, type Logo, type LogoType } from "./model";
import * as repo from "./repo";
import { stripMetadata } from "./strip-metadata";

const EXT: Record<LogoType, string> = { png: "png", jpeg: "jpg", webp: "webp" };
/**
 * A logo is served under a random name, new with each image (issue 59 item 11): the address
 * names neither the workspace nor anything that can be counted, so logos cannot be listed.
 */
const pathOf = (name: string, type: LogoType) => `/logos/${name}.${EXT[type]}`;
const NAME = /^([0-9a-f]{32})\.(png|jpg|webp)$/;

/** The logo's address on this server (relative), or null without a logo. */
export function logoUrlOf(deps: Deps, workspaceId: number): string | null {
  const m = repo.logoMeta(deps.db, workspaceId);
  return m?.name ? pathOf(m.name, m.type as LogoType) : null;
}

export function getLogo(deps: Deps, workspaceId: number): Logo | null {
  const m = repo.logoMeta(deps.db, workspaceId);
  if (!m?.name) return null;
  const type = m.type as LogoType;
  return { url: pathOf(m.name, type), type, contentType: LOGO_CONTENT_TYPES[type], size: m.size, updatedAt: m.updatedAt.toISOString() };
}

/** PUT /api/workspace/logo and the Settings form: the bytes decide the type; replaces the one before. */
export function setLogo(deps: Deps, workspaceId: number, given: Uint8Array | null, actor: Actor): Logo {
  if (!given || given.length === 0) throw badRequest("Choose an image to upload (PNG, JPEG or WebP)", { file: "Choose an image" });
  if (given.length > MAX_LOGO_BYTES) throw new AppError("payload_too_large", 413, LOGO_TOO_BIG, { file: LOGO_TOO_BIG });
  const type = sniffLogo(given);
  if (!type) throw new AppError("unsupported_media_type", 415, ONLY_IMAGES, { file: ONLY_IMAGES });
  // Kept without what the camera or editor wrote into it (place, camera, author, comments).
  const bytes = stripMetadata(given, type);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const name = randomBytes(16).toString("hex");
  deps.db.transaction((tx) => {
    repo.saveLogo(tx, { workspaceId, type, bytes: Buffer.from(bytes), size: bytes.length, sha256, name, updatedAt: deps.clock.now() });
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
 * GET /logos/{name}.{ext}: the bytes when the name is the current logo's; a former name of the
 * workspace's (an e-mail sent before the logo changed) is sent on to the current one; any other is 404.
 */
export function servedLogo(deps: Deps, file: string): { bytes: Uint8Array; contentType: string } | { moved: string } | null {
  const name = NAME.exec(file)?.[1];
  const workspaceId = name ? repo.workspaceOfLogoName(deps.db, name) : undefined;
  const row = workspaceId ? repo.logoRow(deps.db, workspaceId) : undefined;
  if (!row?.name) return null;
  const type = row.type as LogoType;
  if (row.name === name && file.endsWith(`.${EXT[type]}`)) return { bytes: row.bytes, contentType: LOGO_CONTENT_TYPES[type] };
  return { moved: pathOf(row.name, type) };
}

/**
 * GET /logos/{workspace}/{hash}.{ext}, the address of e-mails sent before logos had random
 * names: sent on to the current logo only when the hash is the current image's (so it is found
 * by who has the image's address, never by counting workspaces).
 */
export function formerLogoAddress(deps: Deps, workspaceId: number, file: string): string | null {
  const row = repo.logoRow(deps.db, workspaceId);
  if (!row?.name) return null;
  const type = row.type as LogoType;
  return file === `${row.sha256.slice(0, 16)}.${EXT[type]}` ? pathOf(row.name, type) : null;
}
