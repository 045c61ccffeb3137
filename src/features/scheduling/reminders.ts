import type { Deps } from "../../deps";
import { REMINDER_BEFORE_MS } from "./model";
import { sendInterviewEmails } from "./notify";
import * as reminderRepo from "./repo-reminders";

/**
 * Sends the reminder of every scheduled interview that starts within the next 24 hours
 * and has not had one (run every few minutes by src/jobs.ts). Each reminder is claimed
 * before it is sent, so overlapping runs never send it twice.
 */
export async function sendDueReminders(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = reminderRepo.meetingsDueForReminder(deps.db, now, new Date(now.getTime() + REMINDER_BEFORE_MS), REMINDER_BEFORE_MS);
  let sent = 0;
  for (const id of due) {
    if (!reminderRepo.claimReminder(deps.db, id, now)) continue;
    await sendInterviewEmails(deps, id, "reminder");
    sent++;
  }
  return sent;
}
