// queryExecute(sql, params, options) against the run's embedded Postgres, in both modes: the
// same binding as dbt:query (values never become SQL text), the options CFML code passes, and
// the errors for SQL built from values and for a call anywhere but the whole value of dbt:set.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, render, renderError, site } from "./helpers.js";
import { Engine } from "../engine/engine.js";
import { createDatabase, datasourcesFor } from "./db.js";
import { builtins } from "../engine/functions/index.js";
import type { Datasources } from "../datasources/registry.js";

let db: Datasources;
beforeAll(async () => {
  db = datasourcesFor(await createDatabase([join(import.meta.dirname, "db", "001_fixtures.sql")], "qexec"));
});
afterAll(() => db.close());

const run = (page: string, data: Record<string, unknown> = {}) => render(page, data, {}, db);

describe("queryExecute", () => {
  it("gives its documented example", async () => {
    for (const b of builtins.filter((f) => f.statement)) {
      expect(await run(`<dbt:set r = ${b.example}><dbt:output>#jsonEncode(r)#</dbt:output>`)).toBe(
        b.result.replace(/"/g, "&quot;"),
      );
    }
  });

  it("binds named and positional parameters, typed, listed and null, and reads CFML's options", async () => {
    const page = `<dbt:set q = queryExecute("SELECT name FROM fruit WHERE color = :color AND id <> :skip ORDER BY id", {color: url.color, skip: {value: "1", cfsqltype: "cf_sql_integer"}})>
<dbt:set p = queryExecute("SELECT name FROM fruit WHERE id IN (?) AND name <> ? ORDER BY id", [{value: "1,2,3", list: true, cfsqltype: "integer"}, "banana"], {maxrows: 1, result: "info"})>
<dbt:set a = queryExecute("SELECT id, name, 'it''s :not ? a param' AS t, 2::int AS two FROM fruit -- ? :x
WHERE id = :id /* :y ? */", {ID: 3}, {returntype: "array"})>
<dbt:set s = queryExecute("SELECT id, name FROM fruit WHERE price < :p", {p: 0.6}, {returnType: "struct", columnKey: "name"})>
<dbt:set n = queryExecute("SELECT :v::text IS NULL AS isnull", {v: {value: "x", null: true}})>
<dbt:output>#valueList(q, "name")#|#valueList(p, "name")# #info.recordCount# #jsonEncode(info.sqlParameters)#|#jsonEncode(a)#|#structKeyList(s)# #s.apple.id#|#n.isnull#</dbt:output>`;
    expect(await run(page, { url: { color: "red' OR '1'='1" } })).toBe(
      "|apple 1 [[1,2,3],&quot;banana&quot;]|[{&quot;id&quot;:3,&quot;name&quot;:&quot;cherry&quot;,&quot;t&quot;:&quot;it&#39;s :not ? a param&quot;,&quot;two&quot;:2}]|apple,banana,lemon 1|true",
    );
    expect(
      await run(
        '<dbt:set q = queryExecute("SELECT name FROM fruit WHERE color = :c ORDER BY " & ident(url.sort, "name,price") & " DESC", {c: "red"})><dbt:output>#valueList(q, "name")#</dbt:output>',
        { url: { color: "x", sort: "price" } },
      ),
    ).toBe("cherry,apple");
  });

  it("binds each #…# of its SQL literal as a parameter, never as text, with the injection payloads too", async () => {
    const page = `<dbt:set q = queryExecute("SELECT name, '##' AS h FROM fruit WHERE color = #url.color# AND id IN (#ids#) ORDER BY id", {}, {result: "info"})><dbt:output>#valueList(q, "name")# #valueList(q, "h")# #jsonEncode(info.sqlParameters)#</dbt:output>`;
    expect(await run(`<dbt:set ids = [1, 2, 3]>${page}`, { url: { color: "red" } })).toBe(
      "apple,cherry #,# [&quot;red&quot;,[1,2,3]]",
    );
    for (const color of ["red' OR '1'='1", "red; DROP TABLE fruit; --", "\\'; DELETE FROM fruit; --"])
      expect(await run(`<dbt:set ids = [1, 2, 3]>${page}`, { url: { color } })).toBe(
        `  [${JSON.stringify(color).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")},[1,2,3]]`,
      );
    expect(
      await run('<dbt:set q = queryExecute("SELECT count(*) AS n FROM fruit")><dbt:output>#q.n#</dbt:output>'),
    ).toBe("5");
    const err = await renderError(
      `<dbt:set q = queryExecute("SELECT * FROM fruit WHERE name LIKE '%#url.q#%'")>`,
      { url: { q: "a" } },
      {},
      undefined,
      db,
    );
    expect([err.code, at(err), err.message]).toEqual([
      "QRY_ERR_QUERYPARAM",
      "1:70",
      "#…# inside a quoted SQL string is not bound: write the whole value as one expression, e.g. LIKE #'%' & term & '%'#",
    ]);
  });

  it("refuses SQL built from values, a call that is not the whole value of dbt:set, and missing or bad parameters", async () => {
    let err = await renderError(
      '<dbt:set q = queryExecute("SELECT * FROM fruit WHERE id = " & url.id)>',
      { url: { id: "1" } },
      {},
      undefined,
      db,
    );
    expect([err.code, at(err)]).toEqual(["QRY_ERR_QUERYPARAM", "1:61"]);
    err = await renderError('<dbt:output>#queryExecute("SELECT 1 AS n").n#</dbt:output>', {}, {}, undefined, db);
    expect([err.code, at(err), err.message]).toEqual([
      "QRY_ERR_FUNCTION",
      "1:14",
      "queryExecute() runs a query, so it must be the whole value of <dbt:set>: <dbt:set q = queryExecute(…)>",
    ]);
    err = await renderError('<dbt:set q = queryExecute("SELECT :a AS a, ? AS b", {a: 1})>', {}, {}, undefined, db);
    expect([err.code, at(err), err.message]).toEqual([
      "QRY_ERR_QUERYPARAM",
      "1:14",
      "The SQL's ? number 1 has no value in queryExecute's params array",
    ]);
    err = await renderError(
      '<dbt:set q = queryExecute("SELECT :id AS a", {id: {value: "x", cfsqltype: "cf_sql_integer"}})>',
      {},
      {},
      undefined,
      db,
    );
    expect([err.code, at(err)]).toEqual(["QRY_ERR_QUERYPARAM", "1:14"]);
    err = await renderError(
      '<dbt:set q = queryExecute("SELECT 1 AS a", [], {returntype: "list"})>',
      {},
      {},
      undefined,
      db,
    );
    expect([err.code, err.message]).toEqual([
      "QRY_ERR_FUNCTION",
      'returntype must be query, array or struct, got "list"',
    ]);
    err = await renderError('<dbt:set q = queryExecute("SELECT 1 AS a")>');
    expect(err.code).toBe("QRY_ERR_NO_DATASOURCE");
  });
});

describe("dbt:query with a body of text alone", () => {
  it("sends the text as written, quotes, backslashes, a line separator and template-literal marks included, in both modes", async () => {
    // Compiled code gives such a body as a function of the module returning its text (one per
    // distinct text): the same statement twice shares it, a third text gets its own.
    const sql = "SELECT 'it''s \"q\" \\ ${x} */ </script>' || chr(10) || 'a\u2028b' AS t";
    const page = `<dbt:query name="a">${sql}</dbt:query><dbt:query name="b">${sql}</dbt:query><dbt:query name="c">SELECT count(*) AS n FROM fruit</dbt:query><dbt:output>#a.t#|#b.t#|#c.n#|#len(a.t)#</dbt:output>`;
    const t = "it&#39;s &quot;q&quot; \\ ${x} */ &lt;/script&gt;\na\u2028b";
    expect(await run(page)).toBe(`${t}|${t}|5|32`);
    const code = new Engine({ root: site({ "page.dbt": page }), mode: "compiled" }).compiledSource("page.dbt");
    expect(code.split("\n").filter((l) => /^const B\d+ = /.test(l))).toEqual([
      `const B0 = () => ${JSON.stringify(sql)};`,
      'const B1 = () => "SELECT count(*) AS n FROM fruit";',
    ]);
    expect(code.match(/T\.execQuery\(ctx, "\w+", (?:undefined, ){7}(B\d+)/g)?.map((s) => s.slice(-2))).toEqual([
      "B0",
      "B0",
      "B1",
    ]);
  });
});
