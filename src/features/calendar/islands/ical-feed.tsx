import { useState } from "react";
import { api } from "../../../client/api";
import { toast } from "../../../client/toast";
import type { FeedAnswerBody } from "../../../client/answers";

export interface IcalFeedProps {
  url: string;
}

/** The private iCal feed URL: copy it into any calendar app; regenerate it to cut off the old one. */
export default function IcalFeed(props: IcalFeedProps) {
  const [url, setUrl] = useState(props.url);
  const [copied, setCopied] = useState(false);
  const [pending, setPending] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: "Copy failed", description: "Select the address and copy it by hand.", variant: "warning" });
    }
  }

  async function regenerate(e: { preventDefault(): void }) {
    e.preventDefault();
    if (!confirm("Regenerate the feed address? Calendars subscribed to the old address stop updating.")) return;
    setPending(true);
    try {
      const r = await api<FeedAnswerBody>("/api/calendar/feed/regenerate", { body: {} });
      setUrl(r.url);
      toast({ title: "Feed URL Regenerated", description: "The old address no longer works. Subscribe again with the new one.", variant: "success" });
    } catch {
      toast({ title: "Regenerate Failed", description: "Failed to regenerate the feed address. Please try again.", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-3">
      <label className="label" htmlFor="ical-feed-url">
        Private feed address
      </label>
      <div className="flex gap-2">
        <input id="ical-feed-url" className="input font-mono text-xs" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn-outline btn-sm shrink-0" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="text-xs text-slate-500">Anyone with this address can read your interview schedule. Keep it private; regenerate it if it leaks.</p>
      <form method="post" action="/ical-manager/feed" onSubmit={regenerate}>
        <button type="submit" className="btn-ghost btn-sm" disabled={pending}>
          {pending ? "Regenerating..." : "Regenerate URL"}
        </button>
      </form>
    </div>
  );
}
