import { expect } from "bun:test";
import { apiScenarios } from "../../../test/kits/api-scenario";
import { connectCalendar, makeCalendarTestApp } from "../../../test/kits/calendar";
import { NOT_YOUR_CALENDAR } from "./service";

const { t } = makeCalendarTestApp();

apiScenarios(
  "calendar API",
  t,
  async (w) => {
    expect(await connectCalendar(t, w.headers.owner.cookie!)).toBe("/ical-manager?connected=true");
  },
  [
    {
      name: "connected",
      url: "/api/calendar/status",
      as: "owner",
      status: 200,
      expect: (j) => expect(j).toMatchObject({ isConnected: true, primaryCalendarId: null, notice: null, configured: true }),
    },
    { name: "without a session", url: "/api/calendar/status", as: "anonymous", status: 401, code: "unauthorized" },
    { name: "a read key reads its maker's", url: "/api/calendar/status", as: "readKey", status: 200, expect: (j) => expect(j.isConnected).toBe(true) },
    { name: "another member is not connected", url: "/api/calendar/status", as: "recruiter", status: 200, expect: (j) => expect(j).toMatchObject({ isConnected: false, userEmail: null }) },
    { name: "another workspace's key", url: "/api/calendar/status", as: "strangerKey", status: 200, expect: (j) => expect(j.isConnected).toBe(false) },
    { name: "lists the calendars", url: "/api/calendar/list", as: "owner", status: 200, expect: (j) => expect(j.length).toBeGreaterThan(0) },
    { name: "not connected: an empty list", url: "/api/calendar/list", as: "stranger", status: 200, expect: (j) => expect(j).toEqual([]) },
    {
      name: "set-primary: a calendar is required",
      method: "POST",
      url: "/api/calendar/set-primary",
      body: {},
      as: "owner",
      status: 400,
      code: "validation_failed",
      message: "Choose a calendar first.",
    },
    { name: "set-primary: not a choice", method: "POST", url: "/api/calendar/set-primary", body: { calendarId: "loading" }, as: "owner", status: 400, message: "Choose a calendar first." },
    {
      name: "set-primary: not one of mine",
      method: "POST",
      url: "/api/calendar/set-primary",
      body: { calendarId: "someone-else@group.calendar.google.com" },
      as: "owner",
      status: 400,
      message: NOT_YOUR_CALENDAR,
    },
    { name: "set-primary: a read key may not", method: "POST", url: "/api/calendar/set-primary", body: { calendarId: "primary" }, as: "readKey", status: 403, code: "insufficient_scope" },
    { name: "set-primary: not connected", method: "POST", url: "/api/calendar/set-primary", body: { calendarId: "primary" }, as: "recruiter", status: 409, code: "not_connected" },
    { name: "set-primary", method: "POST", url: "/api/calendar/set-primary", body: { calendarId: "primary" }, as: "writeKey", status: 200, expect: (j) => expect(j.primaryCalendarId).toBe("primary") },
    { name: "sync", method: "POST", url: "/api/calendar/sync", as: "owner", status: 200, expect: (j) => expect(j).toEqual({ created: 0, alreadyThere: 0, failed: 0 }) },
    { name: "sync: not connected", method: "POST", url: "/api/calendar/sync", as: "recruiter", status: 409, code: "not_connected", message: "Connect Google Calendar first." },
    { name: "a new feed address", method: "POST", url: "/api/calendar/feed/regenerate", as: "owner", status: 200, expect: (j) => expect(j.url).toMatch(/\/ical\/[^/]+\.ics$/) },
    { name: "feed: a read key may not", method: "POST", url: "/api/calendar/feed/regenerate", as: "readKey", status: 403, code: "insufficient_scope" },
    { name: "disconnect: a read key may not", method: "POST", url: "/api/calendar/disconnect", as: "readKey", status: 403, code: "insufficient_scope" },
    {
      name: "disconnects",
      method: "POST",
      url: "/api/calendar/disconnect",
      as: "owner",
      status: 200,
      expect: (j) => expect(j).toMatchObject({ success: true, status: { isConnected: false, userEmail: null } }),
    },
    { name: "disconnected", url: "/api/calendar/status", as: "owner", status: 200, expect: (j) => expect(j.isConnected).toBe(false) },
    { name: "sync after disconnecting", method: "POST", url: "/api/calendar/sync", as: "owner", status: 409, code: "not_connected" },
  ],
);
