import type { Deps } from "../../deps";
import { REMINDER_BEFORE_MS } from "./model";
import { enqueueInterviewEmails } from "./notify";
import * as reminderRepo from "./repo-reminders";

/**
 * Writes the reminder of every scheduled interview that starts within the next 24 hours
 * and has not had one (run every few minutes by the scheduler). The claim and the e-mails
 * commit in one transaction: a reminder is never marked sent without its e-mails, and an
 * overlapping run (or a second process) finds it claimed.
 */
export async function sendDueReminders(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = reminderRepo.meetingsDueForReminder(deps.db, now, new Date(now.getTime() + REMINDER_BEFORE_MS), REMINDER_BEFORE_MS);
  let sent = 0;
  for (const id of due) {
    const claimed = deps.db.transaction((tx) => {
      if (!reminderRepo.claimReminder(deps.db, id, now)) return false;
      enqueueInterviewEmails(deps, tx, id, "reminder");
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}
