import type { Action } from "../features/auth/permissions";

/**
 * The settings sections and the action each needs: a section shows only to roles that may use it.
 * The one list behind the settings page's cards and the navigation every settings page shows.
 */
export const SETTINGS_SECTIONS: { href: string; title: string; text: string; action: Action }[] = [
  { href: "/settings/members", title: "Members", text: "Who works in this workspace, and their roles.", action: "members.update" },
  { href: "/settings/members#invitations", title: "Invitations", text: "Invite people by e-mail; revoke or resend pending links.", action: "invitations.read" },
  { href: "/settings/activity", title: "Activity", text: "Who did what: candidates, shortlists, sessions, interviews, members, settings.", action: "activity.read" },
  { href: "/candidates/settings", title: "Candidate records", text: "Duplicates to merge, location and role groups, the privacy notice, retention and test data.", action: "candidates.write" },
  { href: "/settings/candidate-pages", title: "Candidate pages", text: "The prequalifier, assessment and intro calls candidates see.", action: "settings.update" },
  { href: "/settings/api-keys", title: "API keys", text: "Keys for your ATS, website or automation to use Frank's API.", action: "apiKeys.manage" },
  { href: "/settings/careers", title: "Careers site", text: "Your public jobs page: its address, introduction, privacy notice and job feeds.", action: "settings.update" },
  { href: "/settings/logo", title: "Logo", text: "Your agency's logo on the shortlists you share with clients.", action: "settings.update" },
  { href: "/settings/email", title: "E-mail", text: "Whether Frank sends e-mail, and how to set it up.", action: "settings.update" },
  { href: "/settings/webhooks", title: "Webhooks", text: "Tell your own systems when candidates, shortlists and interviews change.", action: "webhooks.manage" },
  { href: "/settings/pipeline", title: "Pipeline", text: "The stages of every job's board and the reasons for Rejected.", action: "pipeline.manage" },
  { href: "/settings/email-templates", title: "E-mail templates", text: "Stage e-mails, offered when a card moves into their stage.", action: "pipeline.manage" },
  { href: "/ical-manager", title: "Calendar", text: "Your own Google calendar and iCal feed.", action: "calendar.own" },
  { href: "/settings/mailbox", title: "Mailbox", text: "Your own mailbox: e-mails with candidates and contacts on their timelines, and sent from Frank.", action: "calendar.own" },
  { href: "/settings/interview-types", title: "Interview types", text: "Named interviews for the Schedule card: duration, video, panel or pool, buffers and notice.", action: "scheduling.write" },
  { href: "/settings/availability", title: "Availability", text: "Your working hours, days off, buffers, notice and daily limit for interviews.", action: "scheduling.write" },
  { href: "/settings/assistant", title: "Assistant", text: "Which of the assistant's suggestions are on: each only suggests, a person decides.", action: "members.read" },
  { href: "/chat/webhook", title: "Chat webhook", text: "Where chat platforms post messages, and the secret they send with them.", action: "chatWebhook.manage" },
  // Billing lives in the profile dialog (its Billing tab): the section opens it.
  { href: "#billing", title: "Billing", text: "The workspace's subscription, plan and invoices.", action: "billing.manage" },
];
