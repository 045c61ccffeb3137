import { useEffect, useState } from "react";

/** True once the island runs in the browser (server HTML keeps forms usable without JavaScript). */
export function useHydrated(): boolean {
  const [h, setH] = useState(false);
  useEffect(() => setH(true), []);
  return h;
}
