// Password hashing as ACF 2021+ names it: bcrypt and Argon2 from @node-rs (Rust, prebuilt for
// each platform through npm's optional packages), scrypt from node:crypto. All three compute on
// libuv's thread pool, never on the event loop, so the other visitors are not held up by a hash;
// a page past its time limit (or whose visitor left) stops waiting at once, and a hash that has
// not started yet is cancelled. Costs are bounded: a template cannot ask for a minute-long hash.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { createRequire } from "node:module";
import type { Options as Argon2Options } from "@node-rs/argon2";
import { category, str, num, argError } from "./define.js";
import { pageStop, untilStopped } from "../clock.js";
import { toAbortSignal } from "../cancel.js";
import type { RenderContext } from "../context.js";
import { isStruct, type Struct } from "../values.js";

// The native addons are loaded by the first hash, not by every server start (issue 23).
type Bcrypt = typeof import("@node-rs/bcrypt");
type Argon2 = typeof import("@node-rs/argon2");
let bcryptLib: Bcrypt | null = null;
let argon2Lib: Argon2 | null = null;
const bcrypt = () => (bcryptLib ??= createRequire(import.meta.url)("@node-rs/bcrypt") as Bcrypt);
const argon2 = () => (argon2Lib ??= createRequire(import.meta.url)("@node-rs/argon2") as Argon2);

/**
 * Hashes running at once, per process: each holds a thread of libuv's pool (4 by default) for
 * up to seconds, and file reads and DNS lookups need the others.
 */
const SLOTS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inSlot<T>(signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
  if (running < SLOTS) running++;
  else await new Promise<void>((go) => waiting.push(go));
  try {
    // A page that stopped while it waited for a slot gives it up without hashing.
    if (signal?.aborted) throw signal.reason;
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Runs a hash off the event loop, no longer than the page may run. */
function offLoop<T>(ctx: RenderContext, run: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  const stop = pageStop(ctx.page);
  const signal = stop ? toAbortSignal(stop) : undefined;
  return untilStopped(
    ctx.page,
    inSlot(signal, () => run(signal)),
    null,
  );
}

function bounded(fn: string, what: string, v: unknown, min: number, max: number): number {
  const n = num(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw argError(`${fn}: ${what} must be an integer from ${min} to ${max}, got ${str(v)}`);
  return n;
}

/** An option of an ACF options struct, looked up case-insensitively. */
function option(opts: Struct | null, ...names: string[]): unknown {
  if (opts === null) return undefined;
  for (const k of Object.keys(opts)) if (names.includes(k.toLowerCase())) return opts[k];
  return undefined;
}

function optionsArg(fn: string, v: unknown): Struct | null {
  if (v === undefined || v === null) return null;
  if (!isStruct(v)) throw argError(`${fn}: options must be a struct`);
  return v;
}

// bcrypt: cost 4 is the algorithm's least; 15 takes seconds already (each step doubles it).
const BCRYPT_MAX = 15;
const BCRYPT = /^\$2[abxy]\$(\d\d)\$[./A-Za-z0-9]{53}$/;

// Argon2 and scrypt bounds: Lucee's documented ranges for Argon2; scrypt's memory (128·N·r bytes) at most 128 MiB.
const ARGON2 = /^\$argon2(id|i|d)\$/;
const VARIANTS: Record<string, 0 | 1 | 2> = { argon2d: 0, argon2i: 1, argon2id: 2 };
const SCRYPT_MEM = 128 * 1024 * 1024;
const SCRYPT = /^\$([0-9a-f]+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

function scrypt(password: string, salt: Buffer, keylen: number, o: ScryptOptions): Promise<Buffer> {
  return new Promise((done, fail) => scryptCb(password, salt, keylen, o, (err, key) => (err ? fail(err) : done(key))));
}

function scryptParams(fn: string, n: number, r: number, p: number): ScryptOptions {
  if (n < 2 || n > 1 << 20 || (n & (n - 1)) !== 0)
    throw argError(`${fn}: cpuCost must be a power of 2 from 2 to 1048576, got ${n}`);
  bounded(fn, "memoryCost", r, 1, 255);
  bounded(fn, "parallelization", p, 1, 16);
  if (128 * n * r > SCRYPT_MEM) throw argError(`${fn}: cpuCost × memoryCost × 128 must be at most 128 MiB`);
  return { N: n, r, p, maxmem: SCRYPT_MEM + 1024 * 1024 };
}

export default category("passwords", {
  generateBCryptHash: [
    {
      params: "plaintext, [options]",
      awaits: true,
      doc: `A salted bcrypt hash of the text (ACF 2021): options \`{rounds: 10, version: "$2a"}\` (rounds from 4 to ${BCRYPT_MAX}, or the rounds alone as a number; version "$2a", "$2b" or "$2y"). Runs off the event loop. Only the first 72 bytes of the text count. Compare with verifyBCryptHash, not EQ (EQ ignores case).`,
      example: 'left(generateBCryptHash("secret", {rounds: 4}), 7)',
      result: "$2a$04$",
    },
    async (ctx, text: unknown, options: unknown) => {
      const fn = "generateBCryptHash";
      const opts = typeof options === "number" || typeof options === "string" ? null : optionsArg(fn, options);
      const rounds = bounded(
        fn,
        "rounds",
        opts ? (option(opts, "rounds", "cost") ?? 10) : (options ?? 10),
        4,
        BCRYPT_MAX,
      );
      const version = str(option(opts, "version") ?? "$2a").replace(/^\$/, "");
      if (!/^2[aby]$/.test(version)) throw argError(`${fn}: version must be "$2a", "$2b" or "$2y", got "${version}"`);
      const plain = str(text);
      const h = await offLoop(ctx, (signal) => bcrypt().hash(plain, rounds, null, signal));
      // The three versions compute the same hash for a valid UTF-8 text: only the label differs.
      return `$${version}${h.slice(3)}`;
    },
  ],
  verifyBCryptHash: [
    {
      params: "plaintext, hashedString",
      awaits: true,
      doc: "true when the text is the one a bcrypt hash was made from (a timing-safe check, off the event loop).",
      example: 'verifyBCryptHash("secret", generateBCryptHash("secret", {rounds: 4}))',
      result: "true",
    },
    async (ctx, text: unknown, hashed: unknown) => {
      const h = str(hashed);
      const m = BCRYPT.exec(h);
      if (!m) throw argError("verifyBCryptHash: the second argument is not a bcrypt hash ($2a$10$…, 60 characters)");
      bounded("verifyBCryptHash", "the hash's rounds", m[1], 4, BCRYPT_MAX);
      const plain = str(text);
      return offLoop(ctx, (signal) => bcrypt().verify(plain, h, signal));
    },
  ],
  generateArgon2Hash: [
    {
      params: "input, [variant], [parallelismFactor], [memoryCost], [iterations]",
      awaits: true,
      doc: 'A salted Argon2 hash of the text in the PHC format ($argon2id$v=19$…): variant "argon2id" (the default), "argon2i" or "argon2d"; parallelism 1-10 (1), memory in KiB 8-100000 (19456), iterations 1-20 (2) — OWASP\'s defaults. Runs off the event loop.',
      example: 'listFirst(generateArgon2Hash("secret", "argon2id", 1, 64, 1), "$")',
      result: "argon2id",
    },
    async (ctx, text: unknown, variant: unknown, par: unknown, mem: unknown, iter: unknown) => {
      const fn = "generateArgon2Hash";
      const v = str(variant ?? "argon2id").toLowerCase();
      if (!Object.hasOwn(VARIANTS, v))
        throw argError(`${fn}: variant must be argon2id, argon2i or argon2d, got "${v}"`);
      const parallelism = bounded(fn, "parallelismFactor", par ?? 1, 1, 10);
      const memoryCost = bounded(fn, "memoryCost", mem ?? 19456, 8 * parallelism, 100000);
      const timeCost = bounded(fn, "iterations", iter ?? 2, 1, 20);
      const o: Argon2Options = { algorithm: VARIANTS[v], parallelism, memoryCost, timeCost };
      const plain = str(text);
      return offLoop(ctx, (signal) => argon2().hash(plain, o, signal));
    },
  ],
  argon2CheckHash: [
    {
      params: "input, hash",
      awaits: true,
      doc: "true when the text is the one an Argon2 hash was made from (its parameters are read from the hash; bounded as generateArgon2Hash bounds them).",
      example: 'argon2CheckHash("secret", generateArgon2Hash("secret", "argon2id", 1, 64, 1))',
      result: "true",
    },
    async (ctx, text: unknown, hashed: unknown) => {
      const fn = "argon2CheckHash";
      const h = str(hashed);
      const m = /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(h);
      if (!ARGON2.test(h) || !m)
        throw argError(`${fn}: the second argument is not an Argon2 hash ($argon2id$v=19$m=…)`);
      bounded(fn, "the hash's parallelism", m[3], 1, 10);
      bounded(fn, "the hash's memory", m[1], 8, 100000);
      bounded(fn, "the hash's iterations", m[2], 1, 20);
      const plain = str(text);
      return offLoop(ctx, (signal) =>
        argon2()
          .verify(h, plain, null, signal)
          .catch((err: unknown) => {
            throw argError(`${fn}: ${err instanceof Error ? err.message : String(err)}`);
          }),
      );
    },
  ],
  generateSCryptHash: [
    {
      params: "plaintext, [options]",
      awaits: true,
      doc: "A salted scrypt hash of the text, in ACF's format ($params$salt$key): options `{cpuCost: 16384, memoryCost: 8, parallel: 1, keyLength: 32, saltLength: 8}` (N, r, p as scrypt names them; at most 128 MiB of memory). Runs off the event loop.",
      example: 'listFirst(generateSCryptHash("secret", {cpuCost: 1024, memoryCost: 8}), "$")',
      result: "a0801",
    },
    async (ctx, text: unknown, options: unknown) => {
      const fn = "generateSCryptHash";
      const opts = optionsArg(fn, options);
      const n = bounded(fn, "cpuCost", option(opts, "cpucost") ?? 16384, 2, 1 << 20);
      const r = bounded(fn, "memoryCost", option(opts, "memorycost") ?? 8, 1, 255);
      const p = bounded(fn, "parallelization", option(opts, "parallel", "parallelization") ?? 1, 1, 16);
      const keylen = bounded(fn, "keyLength", option(opts, "keylength") ?? 32, 16, 64);
      const saltlen = bounded(fn, "saltLength", option(opts, "saltlength") ?? 8, 8, 64);
      const o = scryptParams(fn, n, r, p);
      const salt = randomBytes(saltlen);
      const plain = str(text);
      const key = await offLoop(ctx, () => scrypt(plain, salt, keylen, o));
      const params = ((Math.log2(n) << 16) | (r << 8) | p).toString(16);
      return `$${params}$${salt.toString("base64")}$${key.toString("base64")}`;
    },
  ],
  verifySCryptHash: [
    {
      params: "plaintext, hashedString",
      awaits: true,
      doc: "true when the text is the one a generateSCryptHash hash was made from (a timing-safe check, off the event loop).",
      example: 'verifySCryptHash("secret", generateSCryptHash("secret", {cpuCost: 1024}))',
      result: "true",
    },
    async (ctx, text: unknown, hashed: unknown) => {
      const fn = "verifySCryptHash";
      const m = SCRYPT.exec(str(hashed));
      if (!m) throw argError(`${fn}: the second argument is not an scrypt hash ($e0801$salt$key)`);
      const params = parseInt(m[1]!, 16);
      const o = scryptParams(fn, 2 ** (params >>> 16), (params >> 8) & 0xff, params & 0xff);
      const salt = Buffer.from(m[2]!, "base64");
      const want = Buffer.from(m[3]!, "base64");
      if (want.length < 16 || want.length > 64) throw argError(`${fn}: the hash's key must be 16 to 64 bytes long`);
      const plain = str(text);
      const key = await offLoop(ctx, () => scrypt(plain, salt, want.length, o));
      return timingSafeEqual(key, want);
    },
  ],
});
