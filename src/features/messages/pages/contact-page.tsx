import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { MessageView } from "../model";
import { ComposeForm, type ComposeProps } from "./compose-form";
import { MessageThreads } from "./message-threads";

export interface ContactPageData {
  clientId: number;
  clientName: string;
  contact: { id: number; name: string; email: string | null; role: string | null; phone: string | null };
  messages: MessageView[];
  compose: ComposeProps;
  /** The reading member's zone (decision 50). */
  timeZone: string;
}

/** /clients/{id}/contacts/{contactId}: a client's contact, their e-mails by thread and the form to write to them (no script). */
export function ContactPage({ shell, data }: { shell: Shell; data: ContactPageData }) {
  const { contact: c } = data;
  return (
    <AppShell shell={shell} title={c.name}>
      <p className="text-sm">
        <a className="underline" href="/clients">
          Clients
        </a>
        {" / "}
        <a className="underline" href={`/clients/${data.clientId}`}>
          {data.clientName}
        </a>
      </p>
      <h1 className="mt-1 text-2xl font-semibold" data-testid="contact-name">
        {c.name}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{[c.role, c.email, c.phone].filter(Boolean).join(" · ")}</p>
      <MessageThreads messages={data.messages} title="Messages" empty="No messages with this contact yet." timeZone={data.timeZone} />
      <ComposeForm {...data.compose} />
    </AppShell>
  );
}
