/** This session's video link: "" keeps the interviewer's default (their profile). */
export type VideoChoice = "" | "google_meet" | "microsoft_teams" | "fixed" | "none";

/** The video link choice, with the room's address when the link is a fixed one. */
export function VideoLinkFields(props: { video: VideoChoice; url: string; onVideo: (v: VideoChoice) => void; onUrl: (url: string) => void }) {
  return (
    <div className="space-y-2">
      <label className="block text-sm">
        <span className="label">Video link</span>
        <select className="input" value={props.video} onChange={(e) => props.onVideo(e.currentTarget.value as VideoChoice)}>
          <option value="">Interviewer's default</option>
          <option value="google_meet">Google Meet</option>
          <option value="microsoft_teams">Microsoft Teams</option>
          <option value="fixed">A fixed link</option>
          <option value="none">No video link</option>
        </select>
      </label>
      {props.video === "fixed" ? (
        <label className="block text-sm">
          <span className="label">Room link</span>
          <input type="url" className="input" value={props.url} onInput={(e) => props.onUrl(e.currentTarget.value)} placeholder="https://zoom.us/j/…" />
        </label>
      ) : null}
    </div>
  );
}
