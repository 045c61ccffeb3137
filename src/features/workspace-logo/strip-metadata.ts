// A logo is shown to anyone with the client's page or an e-mail: what the camera or the editor
// wrote into the file (EXIF with its place and camera, XMP, IPTC, comments, text chunks) is
// removed before it is kept (issue 59 item 11). Only the containers are rewritten, never the
// pixels: JPEG segments, PNG chunks and WebP (RIFF) chunks that carry metadata are left out,
// and what keeps the image as drawn (colour profiles, Adobe's colour transform) stays.
import type { LogoType } from "./model";

/** The image without its metadata (the same bytes when it has none). */
export function stripMetadata(bytes: Uint8Array, type: LogoType): Uint8Array {
  if (type === "jpeg") return stripJpeg(bytes);
  if (type === "png") return stripPng(bytes);
  return stripWebp(bytes);
}

// APP1 (EXIF, XMP), APP12 (Ducky), APP13 (Photoshop/IPTC) and comments; APP0 (JFIF), APP2 (ICC)
// and APP14 (Adobe) say how to draw the image and stay.
const JPEG_DROPPED = new Set([0xe1, 0xec, 0xed, 0xfe]);

function stripJpeg(b: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      i++;
      continue;
    }
    // Markers without a length: the scan's entropy-coded data and the end follow as they are.
    if (marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) break;
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (length < 2 || i + 2 + length > b.length) break;
    if (!JPEG_DROPPED.has(marker)) out.push(b.subarray(i, i + 2 + length));
    i += 2 + length;
    // Start of scan: what follows is image data up to the end.
    if (marker === 0xda) break;
  }
  out.push(b.subarray(i));
  return concat(out);
}

// Text, international text, compressed text, EXIF and the last-modified time.
const PNG_DROPPED = new Set(["tEXt", "iTXt", "zTXt", "eXIf", "tIME"]);

function stripPng(b: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [b.subarray(0, 8)];
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 8;
  while (i + 12 <= b.length) {
    const length = view.getUint32(i);
    const end = i + 12 + length;
    if (end > b.length) break;
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    if (!PNG_DROPPED.has(type)) out.push(b.subarray(i, end));
    i = end;
    if (type === "IEND") break;
  }
  out.push(b.subarray(i));
  return concat(out);
}

function stripWebp(b: Uint8Array): Uint8Array {
  if (b.length < 12) return b;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const riffEnd = Math.min(b.length, 8 + view.getUint32(4, true));
  const chunks: Uint8Array[] = [];
  let i = 12;
  while (i + 8 <= riffEnd) {
    const fourcc = String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);
    const size = view.getUint32(i + 4, true);
    const end = Math.min(riffEnd, i + 8 + size + (size & 1));
    if (fourcc === "VP8X" && size >= 1) {
      // The extended header's flags no longer announce EXIF (bit 3) or XMP (bit 2).
      const copy = b.slice(i, end);
      copy[8] = copy[8]! & ~0x0c;
      chunks.push(copy);
    } else if (fourcc !== "EXIF" && fourcc !== "XMP ") chunks.push(b.subarray(i, end));
    i = end;
  }
  const body = concat([...chunks, b.subarray(i, riffEnd)]);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, 4 + body.length, true);
  return concat([header, body, b.subarray(riffEnd)]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
