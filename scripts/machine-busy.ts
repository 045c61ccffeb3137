import { readFileSync } from "node:fs";

/**
 * CPU-seconds every core of the machine has spent busy since it started (user, nice, system,
 * interrupts and steal, from Linux's /proc/stat), or null where there is no /proc/stat. A test
 * run keeps both cores busy, so the difference across a run tells a slower machine from a slower
 * suite, where its own wall time cannot.
 */
export function machineBusySeconds(): number | null {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).map(Number);
    return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
  } catch {
    return null;
  }
}
