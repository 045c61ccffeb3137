import type { MessageView } from "../model";
import { ComposeForm, type ComposeProps } from "./compose-form";
import { MessageThreads } from "./message-threads";
import { CandidateSequences } from "./candidate-sequences";
import type { EnrolmentView } from "../model";

/** The candidate's e-mails (from the members' mailboxes and written here) and the form to write to them, without script. */
export function CandidateMessages({
  messages,
  compose,
  sequences,
  timeZone,
}: {
  messages: MessageView[];
  /** The reading member's zone (decision 50). */
  timeZone: string;
  compose: ComposeProps;
  sequences: { candidateId: number; enrolments: EnrolmentView[]; sequences: { id: number; name: string }[] };
}) {
  return (
    <>
      <MessageThreads messages={messages} title="Messages" empty="No messages with this candidate yet." timeZone={timeZone} />
      <ComposeForm {...compose} />
      <CandidateSequences {...sequences} timeZone={timeZone} />
    </>
  );
}
