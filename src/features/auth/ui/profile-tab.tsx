import { useState } from "react";
import { api, ApiError, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";
import type { Profile } from "../profile-types";

const FIELDS: { name: keyof Profile; label: string; type?: string; rows?: number; autoComplete?: string }[] = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "company", label: "Company", autoComplete: "organization" },
  { name: "position", label: "Job Title", autoComplete: "organization-title" },
  { name: "bio", label: "Bio", rows: 3 },
];

/** Every IANA zone the browser knows, with the member's own first when the list lacks it (e.g. "UTC"). */
function zoneChoices(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

/** Profile tab: Edit Profile toggles to Cancel; Save sends the changes and leaves edit mode. */
export function ProfileTab({ profile, onSaved }: { profile: Profile; onSaved: (p: Profile) => void }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const current = (k: keyof Profile) => (editing ? (values[k] ?? "") : String(profile[k] ?? ""));
  const emailChanged = editing && (values.email ?? "").trim().toLowerCase() !== profile.email.toLowerCase();

  function toggle() {
    if (editing) {
      setEditing(false);
      setErrors({});
      return;
    }
    setValues({ ...Object.fromEntries(FIELDS.map((f) => [f.name, String(profile[f.name] ?? "")])), timeZone: profile.timeZone });
    setEditing(true);
  }

  async function save(e: { preventDefault(): void }) {
    e.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const saved = await api<Profile>("/api/auth/profile", { method: "PUT", body: values, noLogoutOn401: true });
      onSaved(saved);
      setEditing(false);
      setValues({});
      toast({ title: "Profile Updated", description: "Your profile has been updated successfully.", variant: "success" });
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(err.body.fields);
      toast({ title: "Error", description: serverMessage(err) ?? "Failed to update profile", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="space-y-3" onSubmit={save} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const common = {
            id: `profile-${f.name}`,
            name: f.name,
            className: `input ${editing ? "" : "bg-slate-50"}`,
            value: current(f.name),
            readOnly: !editing,
            onChange: (ev: { currentTarget: { value: string } }) => setValues((v) => ({ ...v, [f.name]: ev.currentTarget.value })),
          };
          return (
            <div key={f.name} className={f.rows ? "sm:col-span-2" : ""}>
              <label className="label" htmlFor={common.id}>
                {f.label}
              </label>
              {f.rows ? <textarea rows={f.rows} {...common} /> : <input type={f.type ?? "text"} autoComplete={f.autoComplete} {...common} />}
              {errors[f.name] ? <p className="field-error">{errors[f.name]}</p> : null}
            </div>
          );
        })}
        <div>
          <label className="label" htmlFor="profile-timeZone">
            Time zone
          </label>
          {editing ? (
            <select
              id="profile-timeZone"
              name="timeZone"
              className="input"
              value={values.timeZone ?? profile.timeZone}
              onChange={(ev) => setValues((v) => ({ ...v, timeZone: ev.currentTarget.value }))}
            >
              {zoneChoices(values.timeZone ?? profile.timeZone).map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, " ")}
                </option>
              ))}
            </select>
          ) : (
            <input id="profile-timeZone" name="timeZone" className="input bg-slate-50" value={profile.timeZone.replace(/_/g, " ")} readOnly />
          )}
          <p className="mt-1 text-xs text-slate-500">Interviews, the dashboard and your e-mails show times in this zone.</p>
          {errors.timeZone ? <p className="field-error">{errors.timeZone}</p> : null}
        </div>
      </div>
      {emailChanged ? (
        <div>
          <label className="label" htmlFor="profile-currentPassword">
            Current password (needed to change your email)
          </label>
          <input
            id="profile-currentPassword"
            type="password"
            autoComplete="current-password"
            className="input"
            value={values.currentPassword ?? ""}
            onChange={(ev) => setValues((v) => ({ ...v, currentPassword: ev.currentTarget.value }))}
          />
          {errors.currentPassword ? <p className="field-error">{errors.currentPassword}</p> : null}
        </div>
      ) : null}
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className="btn-outline" onClick={toggle}>
          {editing ? "Cancel" : "Edit Profile"}
        </button>
        {editing ? (
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </button>
        ) : null}
      </div>
    </form>
  );
}
