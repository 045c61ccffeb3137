#!/usr/bin/env bun
// Entry point of the server and the binary. React picks its production build from
// NODE_ENV when it is first imported, so the default is set before anything else loads
// (the development build doubles the render cost of every page).
process.env.NODE_ENV ||= "production";
void import("./cli");

export {};
