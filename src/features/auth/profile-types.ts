// The profile's answer (part1 §3). Types only, so the profile dialog island imports it without server code.

export interface Profile {
  name: string | null;
  email: string;
  /** The member's IANA time zone. */
  timeZone: string;
  phone: string | null;
  company: string | null;
  /** Labelled Job Title. */
  position: string | null;
  bio: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}
