import { useState } from "react";
import { toast } from "../../../client/toast";

/** A copy button: puts `value` on the clipboard, says so in a toast, and shows "Copied" for 2 s. */
export default function SchedulingCopy({ value, label, toastTitle }: { value: string; label: string; toastTitle?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast(toastTitle ? { title: toastTitle } : { title: "Copied!", description: `${label} copied to clipboard.` });
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: "Copy failed", description: "Select the text and copy it.", variant: "destructive" });
    }
  };
  return (
    <button type="button" className="btn-outline btn-sm" onClick={copy} aria-label={`Copy ${label}`}>
      {copied ? "Copied" : "Copy"}
    </button>
  );
}
