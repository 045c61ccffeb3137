// The address check behind outgoing webhooks: what is public, what is not, and the fetch that
// connects to the checked address with the name kept in the Host header.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isPublicAddress } from "./public-address";
import { BlockedAddressError, publicFetch, publicUrlProblem } from "./public-fetch";

describe("isPublicAddress", () => {
  test("public IPv4 and IPv6 addresses pass", () => {
    for (const a of ["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "2a00:1450:4001:82a::200e"]) expect({ a, ok: isPublicAddress(a) }).toEqual({ a, ok: true });
  });
  test("loopback, private, link-local, unspecified, multicast, CGNAT, mapped and embedded forms are refused", () => {
    const refused = [
      "127.0.0.1",
      "127.255.0.9",
      "0.0.0.0",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.254",
      "224.0.0.1",
      "239.255.255.250",
      "255.255.255.255",
      "240.0.0.1",
      "::",
      "::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::127.0.0.1",
      "fc00::1",
      "fdff::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "64:ff9b::7f00:1",
      "2002:a00:1::",
      "2001:db8::1",
      "not-an-ip",
      "",
    ];
    for (const a of refused) expect({ a, ok: isPublicAddress(a) }).toEqual({ a, ok: false });
    expect(isPublicAddress("172.32.0.1")).toBe(true);
    expect(isPublicAddress("100.128.0.1")).toBe(true);
  });
  test("the server's own address is refused", () => {
    expect(isPublicAddress("8.8.4.4", ["8.8.4.4"])).toBe(false);
    expect(isPublicAddress("::ffff:8.8.4.4", ["8.8.4.4"])).toBe(false);
  });
});

describe("publicFetch", () => {
  test("refuses a name that resolves to loopback before connecting; with private allowed it connects to the checked address and keeps the name as Host", async () => {
    const hosts: string[] = [];
    const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (req) => (hosts.push(req.headers.get("host") ?? ""), new Response("ok", { status: 302, headers: { location: "/elsewhere" } })) });
    try {
      const url = `http://localhost:${server.port}/x`;
      await expect(publicFetch(url, { method: "POST" }, { allowPrivate: false })).rejects.toBeInstanceOf(BlockedAddressError);
      const res = await publicFetch(url, { method: "POST", body: "{}" }, { allowPrivate: true });
      // Redirects are answers, never followed.
      expect(res.status).toBe(302);
      expect(hosts).toEqual([`localhost:${server.port}`]);
    } finally {
      server.stop(true);
    }
  });
});

describe("publicUrlProblem", () => {
  test("the server's own public name is refused whatever it resolves to; a name that does not resolve now is kept", async () => {
    expect(await publicUrlProblem("https://hire.agency.example/api/auth/logout", { allowPrivate: false, ownHost: "hire.agency.example" })).toBe("Webhook URLs must point to a public address");
    expect(await publicUrlProblem("https://hooks.agency.example/frank", { allowPrivate: false, ownHost: "hire.agency.example" })).toBeNull();
    expect(await publicUrlProblem("http://127.0.0.1/x", { allowPrivate: true })).toBeNull();
  });
});

describe("publicFetch over https", () => {
  /** A CA and a certificate for `name`, made with openssl in a temporary folder. */
  function certificateFor(name: string) {
    const dir = mkdtempSync(join(tmpdir(), "frank-tls-"));
    const run = (args: string[]) => {
      const r = Bun.spawnSync(["openssl", ...args], { cwd: dir, stdout: "ignore", stderr: "pipe" });
      if (r.exitCode !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr.toString()}`);
    };
    run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Frank test CA"]);
    run(["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "srv.key", "-out", "srv.csr", "-subj", `/CN=${name}`]);
    writeFileSync(join(dir, "ext.cnf"), `subjectAltName=DNS:${name}\n`);
    run(["x509", "-req", "-in", "srv.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "srv.pem", "-days", "2", "-extfile", "ext.cnf"]);
    const read = (f: string) => readFileSync(join(dir, f), "utf8");
    const out = { ca: read("ca.pem"), cert: read("srv.pem"), key: read("srv.key") };
    rmSync(dir, { recursive: true, force: true });
    return out;
  }

  test("the connection goes to the checked address, and the certificate is checked against the URL's name (not the address)", async () => {
    const good = certificateFor("localhost");
    const other = certificateFor("hooks.example");
    const serve = (c: { cert: string; key: string }) => Bun.serve({ hostname: "127.0.0.1", port: 0, tls: { cert: c.cert, key: c.key }, fetch: (req) => new Response(req.headers.get("host") ?? "") });
    const right = serve(good);
    const wrong = serve(other);
    try {
      const res = await publicFetch(`https://localhost:${right.port}/hook`, { method: "POST", body: "{}" }, { allowPrivate: true, ca: good.ca });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(`localhost:${right.port}`);
      // A certificate for another name is refused, although the address is the one asked for.
      await expect(publicFetch(`https://localhost:${wrong.port}/hook`, { method: "POST", body: "{}" }, { allowPrivate: true, ca: other.ca })).rejects.toThrow();
    } finally {
      right.stop(true);
      wrong.stop(true);
    }
  });
});
