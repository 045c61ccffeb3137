import { z } from "zod";

export const LATEST_ROWS = 10; // part2 §9: latest 10 rows listed
export const MAX_BACKUP_LIMIT = 100;
export const MAX_DEBUG_LIMIT = 1000;

export const BackupQuery = z.object({
  limit: z.coerce.number().int().min(1, `Limit must be between 1 and ${MAX_BACKUP_LIMIT}`).max(MAX_BACKUP_LIMIT, `Limit must be between 1 and ${MAX_BACKUP_LIMIT}`).default(LATEST_ROWS),
});

export const DebugQuery = z.object({
  limit: z.coerce.number().int().min(1, `Limit must be between 1 and ${MAX_DEBUG_LIMIT}`).max(MAX_DEBUG_LIMIT, `Limit must be between 1 and ${MAX_DEBUG_LIMIT}`).default(500),
});
