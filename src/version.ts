import pkg from "../package.json";

/** This build's version (package.json), named in start-up refusals and stamped into the database. */
export const FRANK_VERSION: string = pkg.version;
