// Every family of synchronous built-ins observes the page's deadline while it works (engine/
// work.ts): given a deadline already passed, a call whose work is larger than one stride of
// steps stops with the page's coded error at the call, in both modes (nothing before the call
// reads the clock: a page without loops never does). No timing: how soon past its limit such
// a page stops is a figure of npm run bench:limits.
import { describe, expect, it } from "vitest";
import { Engine } from "../engine/engine.js";
import { scopesFrom } from "../engine/context.js";
import { QuarryError } from "../engine/errors.js";
import { QueryResult, newStruct } from "../engine/values.js";
import { newPageState, type PageState } from "../engine/page.js";
import { WORK_STRIDE } from "../engine/work.js";
import { MODES, site } from "./helpers.js";

/** More elements, items, matches or characters than one stride of steps. */
const N = WORK_STRIDE + 1000;
const numbers = Array.from({ length: N }, (_x, i) => (i * 7919) % N);
const data = {
  url: {
    a: numbers,
    zeros: numbers.map(() => 0),
    s: "a".repeat(N),
    l: numbers.join(","),
    j: JSON.stringify(numbers),
    // JSON5 (a trailing comma): read by Quarry's conversion to strict JSON, a step a token.
    j5: `[${numbers.join(",")},]`,
    rows: numbers.map((n) => ({ n })),
    big: "x".repeat(N * 8),
    xml: `<a>${"<b/>".repeat(N)}</a>`,
    // Small to parse (fewer characters than a stride), large to search over and over.
    smallXml: `<a>${"<b/>".repeat(300)}</a>`,
  },
};

/** Each family's long-running calls; each page is one call at line 1, column 14. */
const FAMILIES: Record<string, string[]> = {
  arrays: [
    "arraySort(url.a, 'numeric')",
    "arrayRemoveDuplicates(url.zeros)",
    "arrayResize([], " + N + ")",
    "arraySet([], 1, " + N + ", 0)",
    "arrayFindAll(url.a, -1)",
    "arrayMedian(url.a)",
  ],
  structs: [
    "duplicate(url.rows)",
    "structFindKey({r: url.rows}, 'zz', 'all')",
    "structFindValue({r: url.a}, -1, 'all')",
  ],
  json: [
    "jsonEncode(url.a)",
    "serializeJSON(url.rows)",
    "deserializeJSON(url.j)",
    "deserializeJSON(url.j5)",
    "isJSON(url.j5)",
    "serialize(url.a)",
    "toScript(url.a, 'v')",
  ],
  regex: [
    "reReplace(url.s, 'a', 'b', 'all')",
    "reReplaceNoCase(url.s, '', '-', 'all')",
    "reMatch('a', url.s)",
    "reFind('a', url.s, 1, false, 'all')",
    // One search that finds nothing: each character it reads is a step.
    "reFind('[0-9]+x', url.big)",
    "isValid('regex', url.big, 'x*y')",
  ],
  strings: [
    "replace(url.s, 'a', 'bc', 'all')",
    "replaceNoCase(url.s, 'A', 'b', 'all')",
    "replace(url.s, {a: 'b'})",
    // Each item of the list is a pass over the whole string.
    "replaceList(url.big, url.l, url.l)",
    "replaceListNoCase(url.big, url.l, url.l)",
  ],
  lists: [
    "listSort(url.l, 'numeric')",
    "listToArray(url.l)",
    "listLen(url.l)",
    "listFirst(repeatString(',', " + N + ") & 'a', ',', false, 2)",
  ],
  queries: [
    "queryNew('n', url.rows)",
    "querySort(url.q, 'n')",
    "queryAddRow(queryNew('n'), " + N + ")",
    // A query of queries' cross join: each pair of rows is a step (engine/qoq.ts).
    "queryExecute('SELECT a.n FROM url.q a, url.q b WHERE a.n < 0', [], {dbtype: 'query'})",
    "queryExecute('SELECT n FROM url.q ORDER BY n DESC', [], {dbtype: 'query'})",
    // A pattern that would backtrack: each character LIKE reads is a step.
    "queryExecute('SELECT 1 AS x FROM url.q WHERE ? LIKE ?', [url.big, repeatString('%x', 40) & 'y'], {dbtype: 'query'})",
  ],
  xml: [
    "xmlParse(url.xml)",
    // Each node of the inner //* for each node of the outer: 300 × 300 steps (engine/xml.ts).
    "xmlSearch(xmlParse(url.smallXml), '//*[count(//*) > 0]')",
  ],
  hashing: [
    "hash('abc', 'SHA-256', 'utf-8', " + N + ")",
    "hash40('abc', 'MD5', 'utf-8', " + N + ")",
    "hash(url.big, 'quick')",
    // Node's own derivation cannot be stopped: it is bounded, and a page past its limit never starts it.
    "generatePBKDFKey('PBKDF2WithHmacSHA1', 'p', 's', " + N + ")",
  ],
};

async function run(root: string, mode: (typeof MODES)[number], state: PageState): Promise<unknown> {
  const engine = new Engine({ root, mode });
  const scopes = scopesFrom(data);
  scopes.url!.q = new QueryResult(
    ["n"],
    numbers.map((n) => Object.assign(newStruct(), { n })),
  );
  return engine.render("page.dbt", scopes, state).then(
    () => null,
    (e: unknown) => e,
  );
}

describe("a synchronous built-in and the page's deadline", () => {
  for (const [family, calls] of Object.entries(FAMILIES)) {
    for (const call of calls) {
      const root = site({ "page.dbt": `<dbt:set r = ${call}>done` });
      for (const mode of MODES) {
        it(`${family}: ${call} stops with QRY_ERR_TIMEOUT at the call in ${mode} mode`, async () => {
          const late = newPageState(null, 600_000);
          late.deadline = 1;
          const err = await run(root, mode, late);
          expect(err).toBeInstanceOf(QuarryError);
          const e = err as QuarryError;
          expect({ code: e.code, status: e.status, at: `${e.loc?.file}:${e.loc?.line}:${e.loc?.column}` }).toEqual({
            code: "QRY_ERR_TIMEOUT",
            status: 503,
            at: "page.dbt:1:14",
          });
        });
      }
    }
  }

  for (const mode of MODES) {
    it(`a cancelled request stops jsonEncode with QRY_ERR_CANCELLED in ${mode} mode`, async () => {
      const root = site({ "page.dbt": "<dbt:set r = jsonEncode(url.a)>done" });
      const ac = new AbortController();
      ac.abort(new Error("client closed the connection"));
      const err = (await run(root, mode, newPageState(null, 0, ac.signal))) as QuarryError;
      expect([err.code, err.message, err.loc?.line, err.loc?.column]).toEqual([
        "QRY_ERR_CANCELLED",
        "Page stopped: its request was cancelled: client closed the connection",
        1,
        14,
      ]);
    });
  }
});
