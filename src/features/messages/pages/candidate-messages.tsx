import type { MessageView } from "../model";
import { ComposeForm, type ComposeProps } from "./compose-form";
import { MessageThreads } from "./message-threads";

/** The candidate's e-mails (from the members' mailboxes and written here) and the form to write to them, without script. */
export function CandidateMessages({ messages, compose }: { messages: MessageView[]; compose: ComposeProps }) {
  return (
    <>
      <MessageThreads messages={messages} title="E-mails" empty="No e-mails with this candidate yet." />
      <ComposeForm {...compose} />
    </>
  );
}
