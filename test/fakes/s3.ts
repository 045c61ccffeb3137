// A local S3-compatible store for tests: s3rver (the S3 API on 127.0.0.1, objects in a
// temporary folder), with one bucket made up front.
import S3rver from "s3rver";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

export const S3_KEY = "S3RVER";
export const S3_SECRET = "S3RVER";

export async function startFakeS3(bucket: string) {
  const dir = mkdtempSync(join(tmpdir(), "frank-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new Bun.S3Client({ accessKeyId: S3_KEY, secretAccessKey: S3_SECRET, endpoint, bucket, region: "us-east-1" });
  return {
    endpoint,
    client,
    env: { S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: S3_KEY, S3_SECRET_ACCESS_KEY: S3_SECRET, S3_REGION: "us-east-1" },
    async keys(prefix: string): Promise<string[]> {
      return ((await client.list({ prefix })).contents ?? []).map((o) => o.key).sort();
    },
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
