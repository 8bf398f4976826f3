// The body stage, within bounds: the parsers the plugin registers, and the `form` scope of a
// request. Urlencoded and JSON bodies are capped by `server.maxBodyBytes` (Fastify's bodyLimit),
// their field count and nesting too; multipart bodies are never buffered: each file streams into
// a temporary folder of its own request, removed once the page has run. Every refusal is a
// RequestLimitError naming the setting that refused it.
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyFormbody from "@fastify/formbody";
import fastifyMultipart from "@fastify/multipart";
import { parse as parseQueryString } from "node:querystring";
import { codes, RequestError } from "../../engine/errors.js";
import type { ServerSettings } from "../../config/server-settings.js";
import { nestedDeeperThan } from "../../engine/values.js";

/** A request outside the configured bounds: 413 (too large, too many) or 400 (too deep). */
export class RequestLimitError extends RequestError {
  constructor(message: string, status = 413) {
    super(codes.REQUEST_LIMIT, status, message);
  }
}

/** What the server answers for an error Fastify or a body parser raised before the page ran. */
export function requestError(err: unknown, s: ServerSettings): unknown {
  const limit = limitError(err, s);
  if (limit) return limit;
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  // Malformed JSON, an unsupported media type, a broken multipart body: the client's to fix.
  if (
    !(err instanceof RequestError) &&
    err instanceof Error &&
    typeof status === "number" &&
    status >= 400 &&
    status < 500
  )
    return new RequestError(codes.BAD_REQUEST, status, err.message);
  if (err instanceof Error && MALFORMED_MULTIPART.test(err.message))
    return new RequestError(codes.BAD_REQUEST, 400, `Malformed multipart body: ${err.message}`);
  return err;
}

/** What busboy (and its Dicer) throw for a body the client broke: plain Errors, no code. */
const MALFORMED_MULTIPART =
  /^(Multipart: |Unexpected end of multipart data$|\w+ terminated early due to unexpected end)/;

/** RFC 2046: a boundary is 1 to 70 characters; busboy takes an empty one and finds no parts. */
function checkBoundary(req: FastifyRequest): void {
  const m = /;\s*boundary=(?:"([^"]*)"|([^\s;]*))/i.exec(req.headers["content-type"] ?? "");
  const boundary = m ? (m[1] ?? m[2] ?? "") : "";
  if (boundary.length < 1 || boundary.length > 70)
    throw new RequestError(codes.BAD_REQUEST, 400, "Malformed multipart body: the boundary must be 1 to 70 characters");
}

const tooMany = (what: string, key: keyof ServerSettings, limit: number) =>
  new RequestLimitError(`Request has more ${what} than server.${key} allows (${limit})`);

/** Fastify and multipart errors about size, as the RequestLimitError that names the setting. */
export function limitError(err: unknown, s: ServerSettings): RequestLimitError | null {
  if (err instanceof RequestLimitError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new RequestLimitError(`Request body is larger than server.maxBodyBytes allows (${s.maxBodyBytes} bytes)`);
    case "FST_REQ_FILE_TOO_LARGE":
      return new RequestLimitError(`Uploaded file is larger than server.maxFileBytes allows (${s.maxFileBytes} bytes)`);
    case "FST_FILES_LIMIT":
      return tooMany("files", "maxFiles", s.maxFiles);
    case "FST_FIELDS_LIMIT":
      return tooMany("fields", "maxFields", s.maxFields);
    case "FST_PARTS_LIMIT":
      return tooMany("parts", "maxFields", s.maxFields + s.maxFiles);
    default:
      return null;
  }
}

/** Registers the body parsers the host app has not registered already. */
export async function registerBodyParsers(app: FastifyInstance, s: ServerSettings): Promise<void> {
  if (!app.hasContentTypeParser("application/x-www-form-urlencoded")) {
    await app.register(fastifyFormbody, {
      bodyLimit: s.maxBodyBytes,
      // Counted before parsing, so a body of a million `&`s costs one scan, not a million keys.
      parser: (body: string) => {
        let fields = body.length > 0 ? 1 : 0;
        for (let i = body.indexOf("&"); i !== -1 && fields <= s.maxFields; i = body.indexOf("&", i + 1)) fields++;
        if (fields > s.maxFields) throw tooMany("fields", "maxFields", s.maxFields);
        return parseQueryString(body, "&", "=", { maxKeys: 0 });
      },
    });
  }
  if (!app.hasContentTypeParser("multipart/form-data")) {
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: s.maxFileBytes,
        files: s.maxFiles,
        fields: s.maxFields,
        fieldSize: s.maxFieldBytes,
        parts: s.maxFields + s.maxFiles,
        headerPairs: 100,
      },
    });
  }
}

/** The `form` data of a request, and what to remove once its page has run. */
export interface FormBody {
  fields: Record<string, unknown>;
  /** The temporary files of the uploads (the only files fileReadBinary() may read). */
  files: string[];
  cleanup(): Promise<void>;
}

const NOTHING: FormBody = { fields: {}, files: [], cleanup: async () => {} };

/** Reads the body of a POST into form fields: urlencoded or JSON as parsed, multipart streamed. */
export async function readForm(req: FastifyRequest, s: ServerSettings): Promise<FormBody> {
  if (req.method !== "POST") return NOTHING;
  if (typeof req.isMultipart === "function" && req.isMultipart()) return readMultipart(req, s);
  const body = req.body;
  if (body === null || typeof body !== "object" || Buffer.isBuffer(body)) return NOTHING;
  checkDepth(body, s.maxBodyDepth);
  return { fields: { ...(body as Record<string, unknown>) }, files: [], cleanup: () => NOTHING.cleanup() };
}

/** Refuses JSON nested deeper than `max`. */
function checkDepth(body: object, max: number): void {
  if (nestedDeeperThan(body, max))
    throw new RequestLimitError(`Request body is nested deeper than server.maxBodyDepth allows (${max})`, 400);
}

async function readMultipart(req: FastifyRequest, s: ServerSettings): Promise<FormBody> {
  const fields: Record<string, unknown> = {};
  const files: string[] = [];
  let dir: string | null = null;
  const cleanup = async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  };
  const add = (name: string, value: unknown) => {
    const had = fields[name];
    fields[name] = had === undefined ? value : Array.isArray(had) ? [...(had as unknown[]), value] : [had, value];
  };
  try {
    checkBoundary(req);
    let n = 0;
    for await (const part of req.parts()) {
      if (part.type === "field") {
        if (part.valueTruncated)
          throw new RequestLimitError(
            `Form field ${JSON.stringify(part.fieldname)} is larger than server.maxFieldBytes allows (${s.maxFieldBytes} bytes)`,
          );
        add(part.fieldname, part.value);
        continue;
      }
      dir ??= await mkdtemp(join(s.uploadDir ?? tmpdir(), "quarry-upload-"));
      const tempFile = join(dir, String(++n));
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, count, createWriteStream(tempFile, { mode: 0o600 }));
      if (part.file.truncated) throw limitError({ code: "FST_REQ_FILE_TOO_LARGE" }, s)!;
      add(part.fieldname, { fileName: part.filename ?? "", contentType: part.mimetype ?? "", size, tempFile });
      files.push(tempFile);
    }
  } catch (err) {
    await cleanup();
    throw requestError(err, s);
  }
  return { fields, files, cleanup };
}
