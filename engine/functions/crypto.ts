// CFML's encrypt and decrypt, and the keys they take. CFMX_COMPAT, CFML's default, is the old
// key-stream obfuscation every CFML engine reads (not encryption: use AES); AES and DESede run on
// OpenSSL. DES, Blowfish and RC4 are broken ciphers OpenSSL no longer offers, and are refused.
import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from "node:crypto";
import { category, str, int, argError } from "./define.js";
import { work } from "../work.js";

/** CFMX_COMPAT's three linear feedback shift registers, as CFML engines run them (32-bit ints). */
function cfmxCompat(key: string, input: Uint8Array): Uint8Array {
  let a = 0x13579bdf;
  let b = 0x2468ace0;
  let c = 0xfdb97531 | 0;
  // The seed: the key, repeated to 12 characters; characters 4-7 fill each register.
  const seed = [...key].map((_, i) => key.charCodeAt(i));
  for (let i = 0; seed.length < 12; i++) seed.push(seed[i] ?? 0);
  for (let i = 0; i < 4; i++) {
    a = (a << 8) | seed[i + 4]!;
    b = (b << 8) | seed[i + 4]!;
    c = (c << 8) | seed[i + 4]!;
  }
  if (a === 0) a = 0x13579bdf;
  if (b === 0) b = 0x2468ace0;
  if (c === 0) c = 0xfdb97531 | 0;
  const out = new Uint8Array(input.length);
  for (let n = 0; n < input.length; n++) {
    let bitB = b & 1;
    let bitC = c & 1;
    let k = 0;
    for (let i = 0; i < 8; i++) {
      if (a & 1) {
        a = (a ^ (0x80000062 >>> 1)) | 0x80000000;
        if (b & 1) {
          b = (b ^ (0x40000020 >>> 1)) | 0xc0000000;
          bitB = 1;
        } else {
          b = (b >>> 1) & 0x3fffffff;
          bitB = 0;
        }
      } else {
        a = (a >>> 1) & 0x7fffffff;
        if (c & 1) {
          c = (c ^ (0x10000002 >>> 1)) | 0xf0000000;
          bitC = 1;
        } else {
          c = (c >>> 1) & 0x0fffffff;
          bitC = 0;
        }
      }
      k = ((k << 1) | (bitB ^ bitC)) & 0xff;
    }
    out[n] = input[n]! ^ k;
  }
  return out;
}

// ---- encodings: UU (CFML's default for encrypt), Base64, Hex ----

const uuChar = (v: number): string => String.fromCharCode((v & 0x3f) + 32);

/** Lines of at most 45 bytes, each with its length first and a newline after, as CFML writes them. */
function uuEncode(bytes: Uint8Array): string {
  let out = "";
  let at = 0;
  for (;;) {
    const n = Math.min(45, bytes.length - at);
    out += uuChar(n);
    for (let i = 0; i < n; i += 3) {
      const [x = 0, y = 0, z = 0] = [0, 1, 2].map((j) => (i + j < n ? bytes[at + i + j]! : 0));
      out += uuChar(x >>> 2) + uuChar((x << 4) | (y >>> 4)) + uuChar((y << 2) | (z >>> 6)) + uuChar(z);
    }
    out += "\n";
    at += n;
    if (n < 45) return out;
  }
}

function uuDecode(text: string): Uint8Array {
  const out: number[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === "") continue;
    const v = (i: number) => (line.charCodeAt(i) - 32) & 0x3f;
    const n = v(0);
    if (line.length < 1 + Math.ceil(n / 3) * 4) throw argError("decrypt: the text is not UU-encoded");
    const bytes: number[] = [];
    for (let i = 1; bytes.length < n; i += 4) {
      const [p, q, r, s] = [v(i), v(i + 1), v(i + 2), v(i + 3)];
      bytes.push(((p << 2) | (q >>> 4)) & 0xff, ((q << 4) | (r >>> 2)) & 0xff, ((r << 6) | s) & 0xff);
    }
    out.push(...bytes.slice(0, n));
    if (n < 45) break;
  }
  return Uint8Array.from(out);
}

function encode(bytes: Uint8Array, how: string): string {
  if (how === "uu") return uuEncode(bytes);
  if (how === "base64") return Buffer.from(bytes).toString("base64");
  if (how === "hex") return Buffer.from(bytes).toString("hex").toUpperCase();
  throw argError(`encoding must be UU, Base64 or Hex, got ${JSON.stringify(how)}`);
}

function decode(text: string, how: string): Uint8Array {
  if (how === "uu") return uuDecode(text);
  if (how === "base64") return Uint8Array.from(Buffer.from(text, "base64"));
  if (how === "hex") {
    if (!/^([0-9A-Fa-f]{2})*$/.test(text)) throw argError("decrypt: the text is not hex");
    return Uint8Array.from(Buffer.from(text, "hex"));
  }
  throw argError(`encoding must be UU, Base64 or Hex, got ${JSON.stringify(how)}`);
}

// ---- block ciphers ----

interface Cipher {
  name: string;
  /** Block (and IV) size in bytes; 0 for ECB, which takes no IV. */
  iv: number;
  padding: boolean;
}

/** OpenSSL's cipher for a Java-style name (AES, AES/CBC/PKCS5Padding, DESede/ECB/NoPadding) and key. */
function cipherFor(algorithm: string, key: Uint8Array): Cipher {
  const [alg = "", mode = "ECB", padding = "PKCS5PADDING"] = algorithm.toUpperCase().split("/");
  const m = mode.toLowerCase();
  if (!["ecb", "cbc", "cfb", "ofb", "ctr"].includes(m)) throw argError(`Unsupported cipher mode ${mode}`);
  if (!/^(PKCS5PADDING|PKCS7PADDING|NOPADDING)$/.test(padding)) throw argError(`Unsupported padding ${padding}`);
  const pad = padding !== "NOPADDING";
  if (alg === "AES") {
    if (![16, 24, 32].includes(key.length))
      throw argError(`The key is not a valid AES key: ${key.length * 8} bits (128, 192 or 256)`);
    return { name: `aes-${key.length * 8}-${m}`, iv: m === "ecb" ? 0 : 16, padding: pad };
  }
  if (alg === "DESEDE" || alg === "TRIPLEDES" || alg === "3DES") {
    if (key.length !== 24) throw argError(`The key is not a valid DESede key: ${key.length * 8} bits (192)`);
    return { name: m === "ecb" ? "des-ede3" : `des-ede3-${m}`, iv: m === "ecb" ? 0 : 8, padding: pad };
  }
  if (["DES", "BLOWFISH", "RC4", "ARCFOUR"].includes(alg))
    throw argError(`${alg} is a broken cipher and is not supported: use AES`);
  throw argError(`Unsupported algorithm ${JSON.stringify(algorithm)} (CFMX_COMPAT, AES, DESede)`);
}

const keyBytes = (key: string): Uint8Array => Uint8Array.from(Buffer.from(key, "base64"));

/**
 * Encrypts or decrypts bytes. Without an IV, a mode that needs one gets a random IV written
 * before the ciphertext (and read from there to decrypt), as CFML does.
 */
function crypt(input: Uint8Array, key: string, algorithm: string, ivArg: unknown, decrypting: boolean): Uint8Array {
  if (/^cfmx_compat$/i.test(algorithm.trim()) || algorithm.trim() === "") return cfmxCompat(key, input);
  const c = cipherFor(algorithm.trim(), keyBytes(key));
  let iv: Uint8Array | null = null;
  let body = input;
  let prefix = new Uint8Array(0);
  if (c.iv) {
    if (ivArg !== undefined && ivArg !== "") {
      iv = ivArg instanceof Uint8Array ? ivArg : Uint8Array.from(Buffer.from(str(ivArg), "utf8"));
      if (iv.length !== c.iv) throw argError(`The IV must be ${c.iv} bytes, got ${iv.length}`);
    } else if (decrypting) {
      if (input.length < c.iv) throw argError("decrypt: the text is too short for its IV");
      iv = input.slice(0, c.iv);
      body = input.slice(c.iv);
    } else prefix = iv = Uint8Array.from(randomBytes(c.iv));
  }
  try {
    const f = decrypting ? createDecipheriv(c.name, keyBytes(key), iv) : createCipheriv(c.name, keyBytes(key), iv);
    f.setAutoPadding(c.padding);
    return Uint8Array.from(Buffer.concat([prefix, f.update(body), f.final()]));
  } catch {
    throw argError(`${decrypting ? "decrypt" : "encrypt"}: the key does not fit the text (or padding)`);
  }
}

const encodingArg = (e: unknown): string => (e === undefined ? "uu" : str(e).trim().toLowerCase());
const algorithmArg = (a: unknown): string => (a === undefined ? "CFMX_COMPAT" : str(a));

/** Key bytes of a size, with the parity bits DES-based keys carry (each byte's bit count odd). */
function newKey(bytes: number, parity: boolean): string {
  const k = randomBytes(bytes);
  if (parity)
    for (let i = 0; i < k.length; i++) {
      let ones = 0;
      for (let b = k[i]! >> 1; b; b >>= 1) ones += b & 1;
      k[i] = (k[i]! & 0xfe) | (ones % 2 === 0 ? 1 : 0);
    }
  return k.toString("base64");
}

const PBKDF: Record<string, string> = {
  pbkdf2withhmacsha1: "sha1",
  pbkdf2withhmacsha224: "sha224",
  pbkdf2withhmacsha256: "sha256",
  pbkdf2withhmacsha384: "sha384",
  pbkdf2withhmacsha512: "sha512",
};
/** The digest size of each PBKDF2 hash (a block of the derived key). */
const HASH_BYTES: Record<string, number> = { sha1: 20, sha224: 28, sha256: 32, sha384: 48, sha512: 64 };

export default category("encoding", {
  encrypt: [
    {
      params: "string, key, [algorithm], [encoding], [iv], [iterations]",
      doc: "Encrypts a string's UTF-8 bytes. algorithm: CFMX_COMPAT (the default: CFML's old obfuscation, not secure), AES or DESede, with a mode and padding (AES/CBC/PKCS5Padding; a random IV goes first unless one is given) and a Base64 key (generateSecretKey); encoding: UU (the default), Base64 or Hex.",
      example:
        'decrypt(encrypt("hello", "c2VjcmV0a2V5MTIzNDU2Nw==", "AES", "Base64"), "c2VjcmV0a2V5MTIzNDU2Nw==", "AES", "Base64")',
      result: "hello",
    },
    (_c, s: unknown, k: unknown, a?: unknown, e?: unknown, iv?: unknown) =>
      encode(crypt(Buffer.from(str(s), "utf8"), str(k), algorithmArg(a), iv, false), encodingArg(e)),
  ],
  decrypt: [
    {
      params: "string, key, [algorithm], [encoding], [iv], [iterations]",
      doc: "Decrypts what encrypt made, with the same key, algorithm, encoding and IV.",
      example: 'decrypt(encrypt("hallo welt", "stringkey"), "stringkey")',
      result: "hallo welt",
    },
    (_c, s: unknown, k: unknown, a?: unknown, e?: unknown, iv?: unknown) =>
      Buffer.from(crypt(decode(str(s), encodingArg(e)), str(k), algorithmArg(a), iv, true)).toString("utf8"),
  ],
  cfusion_encrypt: [
    {
      params: "string, key",
      doc: 'CFML\'s old cfusion_encrypt: encrypt(string, key, "CFMX_COMPAT", "Hex") (an obfuscation, not secure).',
      example: 'cfusion_encrypt("hi", "key")',
      result: "5182",
    },
    (_c, s: unknown, k: unknown) =>
      encode(
        crypt(Buffer.from(str(s), "utf8"), str(k), algorithmArg("CFMX_COMPAT"), undefined, false),
        encodingArg("Hex"),
      ),
  ],
  cfusion_decrypt: [
    {
      params: "string, key",
      doc: 'Decrypts what cfusion_encrypt made: decrypt(string, key, "CFMX_COMPAT", "Hex").',
      example: 'cfusion_decrypt(cfusion_encrypt("hi", "key"), "key")',
      result: "hi",
    },
    (_c, s: unknown, k: unknown) =>
      Buffer.from(
        crypt(decode(str(s), encodingArg("Hex")), str(k), algorithmArg("CFMX_COMPAT"), undefined, true),
      ).toString("utf8"),
  ],
  generateSecretKey: [
    {
      params: "[algorithm], [keySize]",
      doc: "A random key for encrypt, in Base64: AES (256 bits, or keySize 128 or 192) or DESede (192 bits).",
      example: 'len(toBinary(generateSecretKey("AES", 128)))',
      result: "16",
    },
    (_c, a?: unknown, size?: unknown) => {
      const alg = a === undefined ? "AES" : str(a).trim().toUpperCase();
      const bits = size === undefined ? 0 : int(size, "keySize");
      if (alg === "AES") {
        const b = bits || 256;
        if (![128, 192, 256].includes(b)) throw argError(`AES keys are 128, 192 or 256 bits, got ${b}`);
        return newKey(b / 8, false);
      }
      if (alg === "DESEDE" || alg === "TRIPLEDES") {
        if (bits && bits !== 168 && bits !== 192) throw argError(`DESede keys are 192 bits, got ${bits}`);
        return newKey(24, true);
      }
      throw argError(`Unsupported algorithm ${JSON.stringify(str(a))} (AES, DESede)`);
    },
  ],
  generate3DESKey: [
    {
      params: "[string]",
      doc: "A DESede key in Base64: random, or the UTF-8 bytes of the string given, as CFML makes it.",
      example: 'generate3DESKey("I love lucee")',
      result: "SSBsb3ZlIGx1Y2Vl",
    },
    (_c, s?: unknown) => (s === undefined ? newKey(24, true) : Buffer.from(str(s), "utf8").toString("base64")),
  ],
  generatePBKDFKey: [
    {
      params: "algorithm, passphrase, salt, [iterations], [keySize]",
      doc: "A key derived from a passphrase, in Base64: PBKDF2WithHmacSHA1 (or SHA224, SHA256, SHA384, SHA512), 4096 iterations and 128 bits unless given; at most 1,000,000 HMACs in all (iterations × blocks of the hash's size in the key).",
      example: 'generatePBKDFKey("PBKDF2WithHmacSHA1", "secret", "salty", 5000, 128)',
      result: "Y0MCpCe3zb0CNJvyXNUWEQ==",
    },
    (c, a: unknown, p: unknown, salt: unknown, n?: unknown, size?: unknown) => {
      const hash = PBKDF[str(a).trim().toLowerCase()];
      if (!hash) throw argError(`Unsupported algorithm ${JSON.stringify(str(a))} (PBKDF2WithHmacSHA1 … SHA512)`);
      const iterations = n === undefined ? 4096 : int(n, "iterations");
      const bits = size === undefined ? 128 : int(size, "keySize");
      if (iterations < 1 || iterations > 1_000_000) throw argError("iterations must be between 1 and 1000000");
      if (bits < 8 || bits > 4096 || bits % 8) throw argError("keySize must be a multiple of 8 from 8 to 4096");
      // Node derives the key in one call that cannot be stopped, `iterations` HMACs for each
      // block of the hash's size: at most a million in all (about a second), and a page
      // already past its time limit stops before it starts.
      const blocks = Math.ceil(bits / 8 / HASH_BYTES[hash]!);
      if (iterations * blocks > 1_000_000)
        throw argError(
          `iterations × blocks of the key (${iterations} × ${blocks}: keySize ${bits} over ${HASH_BYTES[hash]! * 8}-bit blocks) must be at most 1000000`,
        );
      work(c, iterations * blocks);
      return pbkdf2Sync(str(p), str(salt), iterations, bits / 8, hash).toString("base64");
    },
  ],
});
