import { z } from "zod";

/** The agency's logo (issue 39): PNG, JPEG or WebP, recognised from the bytes; never SVG (it can carry script). */
export const MAX_LOGO_BYTES = 512 * 1024;
const LOGO_TYPES = ["png", "jpeg", "webp"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const LOGO_CONTENT_TYPES: Record<LogoType, string> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" };
export const ONLY_IMAGES = "Only PNG, JPEG or WebP images can be a logo (no SVG)";
export const LOGO_TOO_BIG = "A logo can be at most 512 kB";

const LogoView = z.object({
  /** Where the logo is served (the address changes with the image, so it may be cached for good). */
  url: z.string(),
  type: z.enum(LOGO_TYPES),
  contentType: z.string(),
  size: z.number().int(),
  updatedAt: z.string(),
});
export type Logo = z.infer<typeof LogoView>;
export const LogoAnswer = z.object({ logo: LogoView.nullable() });
/** /logos/{name}.{ext}; the former /logos/{workspaceId}/{hash}.{ext} shares its first segment's parameter (one router node). */
export const LogoFileParam = z.object({ file: z.string().max(80) });
export const FormerLogoParam = z.object({ file: z.coerce.number().int().positive(), hashFile: z.string().max(80) });

/** The type of an image from its first bytes, or null for anything else (SVG and the rest). */
export function sniffLogo(b: Uint8Array): LogoType | null {
  const at = (i: number, ...xs: number[]) => xs.every((x, j) => b[i + j] === x);
  if (b.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (b.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  // RIFF <size> WEBP
  if (b.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}
