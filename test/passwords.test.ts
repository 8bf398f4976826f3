// Password hashing (engine/functions/passwords.ts): ACF's functions and formats, off the event
// loop, stopped by the page's time limit, costs bounded. Both modes agree on every case.
import { describe, expect, it } from "vitest";
import { render, renderError } from "./helpers.js";

describe("bcrypt", () => {
  it("makes ACF's $2a hashes by default, salted, that verifyBCryptHash checks", async () => {
    const out = await render(
      '<dbt:set h = generateBCryptHash("Sample string", {rounds: 4})><dbt:set h2 = generateBCryptHash("Sample string", 5)>' +
        '<dbt:output>#left(h, 7)# #len(h)# #left(h2, 7)# #h NEQ h2# #verifyBCryptHash("Sample string", h)# #verifyBCryptHash("sample string", h)# #verifyBCryptHash("Sample string", h2)#</dbt:output>',
    );
    expect(out).toBe("$2a$04$ 60 $2a$05$ true true false true");
  });

  it("labels the version asked for, and reads hashes of another implementation", async () => {
    // jBCrypt's test vector for "abc" (the bcrypt ACF runs).
    const out = await render(
      '<dbt:output>#left(generateBCryptHash("x", {rounds: 4, version: "$2y"}), 4)# #verifyBCryptHash("abc", "$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i")# #verifyBCryptHash("abd", "$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i")#</dbt:output>',
    );
    expect(out).toBe("$2y$ true false");
  });

  it("takes named arguments", async () => {
    const out = await render(
      '<dbt:set h = generateBCryptHash(plaintext = "pw", options = {rounds: 4})><dbt:output>#verifyBCryptHash(hashedString = h, plaintext = "pw")#</dbt:output>',
    );
    expect(out).toBe("true");
  });

  it("refuses an absurd cost and a hash that is not bcrypt's, with a coded error", async () => {
    const big = await renderError('<dbt:set h = generateBCryptHash("pw", {rounds: 31})>');
    expect([big.code, big.message]).toEqual([
      "QRY_ERR_FUNCTION",
      "generateBCryptHash: rounds must be an integer from 4 to 15, got 31",
    ]);
    const bad = await renderError('<dbt:set ok = verifyBCryptHash("pw", "$2a$31$" & repeatString("a", 53))>');
    expect([bad.code, bad.message]).toEqual([
      "QRY_ERR_FUNCTION",
      "verifyBCryptHash: the hash's rounds must be an integer from 4 to 15, got 31",
    ]);
    const notHash = await renderError('<dbt:set ok = verifyBCryptHash("pw", "5F4DCC3B5AA765D61D8327DEB882CF99")>');
    expect(notHash.message).toBe(
      "verifyBCryptHash: the second argument is not a bcrypt hash ($2a$10$…, 60 characters)",
    );
  });

  it("does not hold the event loop while it hashes", async () => {
    // A hash run on the event loop would let no other callback in until it ends.
    let turns = 0;
    let done = false;
    const rendering = render('<dbt:output>#len(generateBCryptHash("pw", {rounds: 10}))#</dbt:output>').finally(
      () => (done = true),
    );
    while (!done) {
      await new Promise((r) => setImmediate(r));
      turns++;
    }
    expect(await rendering).toBe("60");
    expect(turns).toBeGreaterThan(10);
  });

  it("stops at the page's time limit, located, while the hash still runs", async () => {
    const err = await renderError(
      // 0.5 s: beyond loading the page under a full test run (0.25 s was not, once, on a machine
      // that took 439 s for npm test), well inside a hash of 14 rounds (about 1 s alone). Each mode's hash runs on after the page stops, holding one of the two hashing
      // slots: 15 rounds held them long enough under load for the Argon2 test after this to time out.
      '<dbt:setting requesttimeout="0.5">\n<dbt:set h = generateBCryptHash("pw", {rounds: 14})>',
    );
    expect([err.code, `${err.loc?.line}:${err.loc?.column}`]).toEqual(["QRY_ERR_TIMEOUT", "2:14"]);
  });
});

describe("Argon2", () => {
  it("makes PHC-format hashes with OWASP's defaults that argon2CheckHash checks", async () => {
    const out = await render(
      '<dbt:set h = generateArgon2Hash("pw")><dbt:set i = generateArgon2Hash("pw", "argon2i", 2, 64, 3)>' +
        '<dbt:output>#listGetAt(h, 1, "$")# #listGetAt(h, 3, "$")# #listGetAt(i, 1, "$")# #listGetAt(i, 3, "$")# #argon2CheckHash("pw", h)# #argon2CheckHash("pW", h)# #argon2CheckHash("pw", i)#</dbt:output>',
    );
    expect(out).toBe("argon2id m=19456,t=2,p=1 argon2i m=64,t=3,p=2 true false true");
  });

  it("refuses out-of-range costs, an unknown variant and a malformed hash", async () => {
    const cases: [string, string][] = [
      [
        'generateArgon2Hash("pw", "argon2id", 1, 1000000)',
        "generateArgon2Hash: memoryCost must be an integer from 8 to 100000, got 1000000",
      ],
      [
        'generateArgon2Hash("pw", "argon2x")',
        'generateArgon2Hash: variant must be argon2id, argon2i or argon2d, got "argon2x"',
      ],
      [
        'generateArgon2Hash("pw", "argon2id", 1, 64, 50)',
        "generateArgon2Hash: iterations must be an integer from 1 to 20, got 50",
      ],
      [
        'argon2CheckHash("pw", "$argon2id$v=19$m=4000000,t=2,p=1$c2FsdHNhbHQ$aGFzaA")',
        "argon2CheckHash: the hash's memory must be an integer from 8 to 100000, got 4000000",
      ],
      [
        'argon2CheckHash("pw", "nope")',
        "argon2CheckHash: the second argument is not an Argon2 hash ($argon2id$v=19$m=…)",
      ],
    ];
    for (const [e, message] of cases) {
      const err = await renderError(`<dbt:set x = ${e}>`);
      expect([err.code, err.message]).toEqual(["QRY_ERR_FUNCTION", message]);
    }
  });
});

describe("scrypt", () => {
  it("makes ACF's $params$salt$key hashes that verifySCryptHash checks", async () => {
    const out = await render(
      '<dbt:set h = generateSCryptHash("pw", {cpuCost: 1024, memoryCost: 64, keyLength: 16, saltLength: 8})>' +
        '<dbt:output>#listGetAt(h, 1, "$")# #len(listGetAt(h, 2, "$"))# #len(listGetAt(h, 3, "$"))# #verifySCryptHash("pw", h)# #verifySCryptHash("pw2", h)#</dbt:output>',
    );
    // ACF's own example: cpucost 1024, memorycost 64 → $a4001$ (log2 N, r, p in hex), 8-byte salt, 16-byte key.
    expect(out).toBe("a4001 12 24 true false");
  });

  it("refuses a cost that is not a power of 2 or takes too much memory", async () => {
    const a = await renderError('<dbt:set h = generateSCryptHash("pw", {cpuCost: 1000})>');
    expect(a.message).toBe("generateSCryptHash: cpuCost must be a power of 2 from 2 to 1048576, got 1000");
    const b = await renderError('<dbt:set h = generateSCryptHash("pw", {cpuCost: 1048576, memoryCost: 8})>');
    expect(b.message).toBe("generateSCryptHash: cpuCost × memoryCost × 128 must be at most 128 MiB");
  });
});
