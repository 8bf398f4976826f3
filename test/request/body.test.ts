// server/request/body.ts on its own: the parsers it registers and readForm() on real requests
// to a bare Fastify app with small limits: urlencoded, JSON and multipart fields, uploads kept
// in a temporary folder until cleanup, and each refusal as the error naming its setting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { SERVER_DEFAULTS, type ServerSettings } from "../../config/server-settings.js";
import { readForm, registerBodyParsers, requestError } from "../../server/request/body.js";
import { QuarryError } from "../../engine/errors.js";
import { stageServer, type StageServer } from "./harness.js";

const LIMITS: ServerSettings = {
  ...SERVER_DEFAULTS,
  maxBodyBytes: 200,
  maxFields: 3,
  maxBodyDepth: 2,
  maxFiles: 1,
  maxFileBytes: 10,
};

let s: StageServer;
/** The temporary files of the last upload, and whether they were there before cleanup. */
let uploaded: { files: string[]; contents: string[] } = { files: [], contents: [] };

beforeAll(async () => {
  s = await stageServer(async (app) => {
    await registerBodyParsers(app, LIMITS);
    app.setErrorHandler((err, _req, reply) => {
      const e = requestError(err, LIMITS);
      const q = e as QuarryError & { status: number };
      return reply.code(q.status ?? 500).send({ code: q.code, message: q.message });
    });
    app.route({
      method: ["GET", "POST"],
      url: "/form",
      bodyLimit: LIMITS.maxBodyBytes,
      handler: async (req, reply) => {
        let form;
        try {
          form = await readForm(req, LIMITS);
        } catch (err) {
          const e = err as QuarryError & { status: number };
          return reply.code(e.status).send({ code: e.code, message: e.message });
        }
        uploaded = { files: form.files, contents: form.files.map((f) => readFileSync(f, "utf8")) };
        await form.cleanup();
        return { fields: form.fields };
      },
    });
  });
});
afterAll(() => s.close());

const post = (body: string | URLSearchParams | FormData, headers: Record<string, string> = {}) =>
  fetch(`${s.base}/form`, { method: "POST", body, headers }).then(
    async (r) => [r.status, (await r.json()) as Record<string, unknown>] as const,
  );

describe("the body stage", () => {
  it("reads urlencoded and JSON fields as sent (a repeated field as a list); a GET has none", async () => {
    expect(
      await post(
        new URLSearchParams([
          ["a", "1"],
          ["a", "2"],
          ["b", "x"],
        ]),
      ),
    ).toEqual([200, { fields: { a: ["1", "2"], b: "x" } }]);
    expect(await post(JSON.stringify({ n: 1, o: { p: true } }), { "content-type": "application/json" })).toEqual([
      200,
      { fields: { n: 1, o: { p: true } } },
    ]);
    expect(await (await fetch(`${s.base}/form`)).json()).toEqual({ fields: {} });
  });

  it("streams an upload to a temporary file of its own, removed by cleanup", async () => {
    const fd = new FormData();
    fd.set("title", "notes");
    fd.set("doc", new Blob(["hello"], { type: "text/plain" }), "a.txt");
    const [status, body] = await post(fd);
    expect(status).toBe(200);
    expect(body).toEqual({
      fields: {
        title: "notes",
        doc: { fileName: "a.txt", contentType: "text/plain", size: 5, tempFile: uploaded.files[0] },
      },
    });
    expect(uploaded.contents).toEqual(["hello"]);
    expect(existsSync(uploaded.files[0]!)).toBe(false);
  });

  it("refuses a body over each limit with QRY_ERR_REQUEST_LIMIT naming the setting", async () => {
    expect(await post(new URLSearchParams({ a: "1", b: "2", c: "3", d: "4" }))).toEqual([
      413,
      { code: "QRY_ERR_REQUEST_LIMIT", message: "Request has more fields than server.maxFields allows (3)" },
    ]);
    expect(await post(new URLSearchParams({ a: "x".repeat(300) }))).toEqual([
      413,
      { code: "QRY_ERR_REQUEST_LIMIT", message: "Request body is larger than server.maxBodyBytes allows (200 bytes)" },
    ]);
    expect(await post(JSON.stringify({ a: { b: { c: 1 } } }), { "content-type": "application/json" })).toEqual([
      400,
      { code: "QRY_ERR_REQUEST_LIMIT", message: "Request body is nested deeper than server.maxBodyDepth allows (2)" },
    ]);
    const big = new FormData();
    big.set("doc", new Blob(["x".repeat(11)]), "big.bin");
    expect(await post(big)).toEqual([
      413,
      { code: "QRY_ERR_REQUEST_LIMIT", message: "Uploaded file is larger than server.maxFileBytes allows (10 bytes)" },
    ]);
  });

  it("answers malformed input as the client's mistake: 400 QRY_ERR_BAD_REQUEST", async () => {
    const [status, body] = await post("{not json", { "content-type": "application/json" });
    expect(status).toBe(400);
    expect(body.code).toBe("QRY_ERR_BAD_REQUEST");
    expect(await post("--x\r\n", { "content-type": "multipart/form-data; boundary=" + "b".repeat(71) })).toEqual([
      400,
      { code: "QRY_ERR_BAD_REQUEST", message: "Malformed multipart body: the boundary must be 1 to 70 characters" },
    ]);
  });
});
