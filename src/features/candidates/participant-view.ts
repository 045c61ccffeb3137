import type { Participant } from "./model";
import type { ParticipantRow } from "./repo";

const iso = (d: Date | number | null | undefined) => (d == null ? null : new Date(d).toISOString());

/** A stored candidate as the API returns it (and outgoing webhooks carry it). */
export function toParticipant(r: ParticipantRow): Participant {
  return {
    id: r.id,
    uniqueId: r.uniqueId,
    name: r.name,
    emailAddress: r.emailAddress,
    city: r.city,
    jobTitle: r.jobTitle,
    roleApplied: r.roleApplied,
    linkedinUrl: r.linkedinUrl,
    phone: r.phone,
    industry: r.industry,
    visaStatus: r.visaStatus,
    salaryExpectation: r.salaryExpectation,
    availability: r.availability,
    stages: r.stages,
    prequalifier: r.prequalifier,
    assessment: r.assessment,
    voiceTranscript: r.voiceTranscript,
    summary: r.summary,
    skills: r.skills,
    jobId: r.jobId,
    campaignId: r.campaignId,
    createdAt: iso(r.createdAt)!,
    lastUpdated: iso(r.lastUpdated)!,
    shortlistId: r.shortlistId ?? null,
    isTest: !!r.isTest,
  };
}
