#!/usr/bin/env bun
// Entry point of the server and the binary. React picks its production build from
// NODE_ENV when it is first imported, so the default is set before anything else loads
// (the development build doubles the render cost of every page).
process.env.NODE_ENV ||= "production";
// `__cage` is the program started again as a killable child for heavy work (lib/cage.ts): it
// loads only that work's code, none of the server's.
if (process.argv[2] === "__cage") void import("./cage-child");
else void import("./cli");

export {};
