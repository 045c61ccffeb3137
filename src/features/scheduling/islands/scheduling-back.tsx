/** Back to the previous page; a plain link to the fallback when there is no history (or no JavaScript). */
export default function SchedulingBack({ fallback }: { fallback: string }) {
  return (
    <a
      href={fallback}
      className="btn-ghost btn-sm"
      onClick={(e) => {
        if (history.length > 1 && document.referrer.startsWith(location.origin)) {
          e.preventDefault();
          history.back();
        }
      }}
    >
      ← Back
    </a>
  );
}
