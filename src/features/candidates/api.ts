// The type other features name when they receive the candidates' api (app.ts hands it over).
export type { CandidatesApi } from "./feature";
