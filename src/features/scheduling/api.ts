// The type other features name when they receive scheduling's api (app.ts hands it over).
export type { SchedulingApi } from "./feature";
