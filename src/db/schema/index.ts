// One file per domain; drizzle-kit reads this index to generate migrations.
export * from "./auth";
export * from "./tasks";
export * from "./mail";
export * from "./candidates";
export * from "./visitors";
export * from "./scheduling";
export * from "./monitor";
export * from "./calendar";
export * from "./billing";
export * from "./chat";
export * from "./candidate-history";
export * from "./team";
export * from "./webhooks";
export * from "./events";
export * from "./clients";
export * from "./pipeline";
export * from "./shares";
