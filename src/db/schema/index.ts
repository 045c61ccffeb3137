// One file per domain; drizzle-kit reads this index to generate migrations.
export * from "./auth";
export * from "./mail";
export * from "./candidates";
