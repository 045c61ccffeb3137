// The default texts of /terms and /help, used until a workspace writes its own (settings).
// Pure module: the settings page shows them as placeholders.
export const DEFAULT_TERMS = `Hiring Terms of Use

This hiring site is run by the recruiting team that invited you. The details you give in the prequalifier, the assessment or a booking are used only to consider you for the role you applied for and to arrange interviews.

Your answers are stored by the recruiting team and are not sold or shared outside the hiring process. You may ask the team to correct or delete your details at any time.

Interview links are personal: please do not share them. The team may cancel or move an interview; you will be told by e-mail.`;

export const DEFAULT_HELP = `Help & Support

Booking an interview: open the link you received, choose a time and confirm. The confirmation page and e-mail have links to change or cancel it.

A link that no longer works has expired or was canceled: reply to the e-mail you received and the team will send a new one.

Recruiters: sign in, then use the account menu (Profile, Billing, iCal Manager). For anything else, contact the person who runs this Frank server.`;

export const SITE_TEXT_MAX = 20_000;
