// A host app's own functions and tags (docs/extending.md): added per Engine or per plugin
// registration, in both modes, from a site folder and from a build, and refused when they clash.
import { beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../engine/engine.js";
import { newPageState } from "../engine/page.js";
import { scopesFrom } from "../engine/context.js";
import { QuarryError } from "../engine/errors.js";
import type { Loc } from "../parser/ast.js";
import type { TagDef, TagModule } from "../tags/types.js";
import * as rt from "../engine/runtime.js";
import { escapeHtml } from "../engine/values.js";
import { build } from "../server/build.js";
import { MODES, site } from "./helpers.js";
import { createDatabase } from "./db.js";
import { database, startServer } from "./http.js";

// <dbt:card title="…">body</dbt:card>: its meaning once, in `card`, which both hooks call.
function card(title: unknown, body: string, loc: Loc): string {
  return `<div class="card"><h2>${escapeHtml(rt.toStr(title, loc))}</h2>${body}</div>`;
}
const cardTag: TagDef = {
  name: "card",
  body: "required",
  attributes: { title: { type: "string", required: true } },
  async interpret(node, it) {
    it.out += card(it.arg(node, "title"), await it.capture(node.body!), node.loc);
  },
  compile(node, c) {
    const body = c.tmp("body");
    return `{ let ${body} = "";\n${c.capture(node.body!, body)}$o += T.card(${c.arg(node, "title")}, ${body}, ${c.loc(node.loc)});\n}\n`;
  },
};
const cards: TagModule = { tags: [cardTag], runtime: { card } };

const functions = {
  slugify: {
    fn: (s: string) =>
      String(s)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, ""),
    params: "text",
    doc: "A URL slug",
  },
  author: () => ({ name: "Ada", tags: ["math", "engines"] }),
  later: { fn: () => Promise.resolve(1), params: "" },
};

const PAGE =
  "<dbt:card title=\"#slugify('Hello, World!')#\"><dbt:output>#author().name# #arrayLen(author().tags)#</dbt:output></dbt:card>";
const EXPECTED = '<div class="card"><h2>hello-world</h2>Ada 2</div>';

async function render(engine: Engine, name: string): Promise<string> {
  return engine.render(name, scopesFrom({}), newPageState());
}

describe("a host app's functions and tags", () => {
  it.each(MODES)("run in %s mode", async (mode) => {
    const root = site({ "index.dbt": PAGE });
    expect(await render(new Engine({ root, mode, functions, tags: [cards] }), "index.dbt")).toBe(EXPECTED);
  });

  it.each(MODES)(
    "are checked like the built-ins in %s mode: arity, a promise, and an engine without them",
    async (mode) => {
      const root = site({
        "arity.dbt": "<dbt:output>#slugify()#</dbt:output>",
        "promise.dbt": "<dbt:output>#later()#</dbt:output>",
        "index.dbt": PAGE,
      });
      const engine = new Engine({ root, mode, functions, tags: [cards] });
      let err = (await render(engine, "arity.dbt").catch((e: unknown) => e)) as QuarryError;
      expect([err.code, err.message, `${err.loc?.line}:${err.loc?.column}`]).toEqual([
        "QRY_ERR_ARITY",
        "slugify() takes 1 argument, got 0",
        "1:14",
      ]);
      err = (await render(engine, "promise.dbt").catch((e: unknown) => e)) as QuarryError;
      expect([err.code, err.message, `${err.loc?.line}:${err.loc?.column}`]).toEqual([
        "QRY_ERR_FUNCTION",
        "later() returned a promise: functions a host app adds must return their value",
        "1:14",
      ]);
      // Another engine in the same process knows only the built-ins.
      err = (await render(new Engine({ root, mode }), "index.dbt").catch((e: unknown) => e)) as QuarryError;
      expect([err.code, err.message]).toEqual(["QRY_ERR_UNKNOWN_TAG", "Unknown tag <dbt:card>"]);
    },
  );

  it("refuses a clash with a built-in, a bad name, a tag without hooks, and keeps the built-ins unchanged", () => {
    const root = site({ "index.dbt": "x" });
    const refused = (o: ConstructorParameters<typeof Engine>[0]) => {
      try {
        new Engine(o);
      } catch (e) {
        return [(e as QuarryError).code, (e as QuarryError).message];
      }
      return null;
    };
    expect(refused({ root, functions: { Len: () => 1 } })).toEqual([
      "QRY_ERR_EXTENSION",
      "Function Len() is already defined (a built-in)",
    ]);
    expect(refused({ root, functions: { __proto__x: () => 1, "bad-name": () => 1 } })).toEqual([
      "QRY_ERR_EXTENSION",
      'Function name "bad-name" is not allowed: use letters, digits and _',
    ]);
    expect(refused({ root, functions: { constructor: () => 1 } })).toEqual([
      "QRY_ERR_EXTENSION",
      'Function name "constructor" is not allowed: use letters, digits and _',
    ]);
    expect(refused({ root, tags: [{ ...cardTag, name: "if" }] })).toEqual([
      "QRY_ERR_EXTENSION",
      "Tag <dbt:if> is already defined",
    ]);
    // A host tag may not claim what the loop optimiser relies on (tags/types.ts TagFacts).
    expect(refused({ root, tags: [{ ...cardTag, facts: { quiet: () => ({ writes: [] }) } }] })).toEqual([
      "QRY_ERR_EXTENSION",
      "Tag <dbt:card> declares facts, which only built-in tags may (see docs/extending.md)",
    ]);
    expect(refused({ root, tags: [{ name: "half", body: "none", attributes: {} } as unknown as TagDef] })).toEqual([
      "QRY_ERR_EXTENSION",
      "Tag <dbt:half> needs attributes, interpret and compile (see docs/extending.md)",
    ]);
    expect(refused({ root, tags: [{ tags: [cardTag], runtime: { tick: () => 0 } }] })).toEqual([
      "QRY_ERR_EXTENSION",
      "Tag runtime helper tick is already defined",
    ]);
  });
});

describe("a host app's functions and tags over HTTP", () => {
  let url: string;
  beforeAll(async () => {
    url = await createDatabase([], "extending");
  });

  it("serve a site folder and a build made with them through app.register's options", async () => {
    const root = site({ "index.dbt": PAGE });
    const fromSite = await startServer({ root, database: database(url), functions, tags: [cards] });
    try {
      const res = await fetch(`${fromSite.base}/`);
      expect([res.status, await res.text()]).toEqual([200, EXPECTED]);
    } finally {
      await fromSite.close();
    }
    const dist = `${root}-dist`;
    // A build checks the templates against the same functions and tags, and `start` needs them too.
    expect(build(root, dist).errors[0]).toContain("QRY_ERR_UNKNOWN_TAG");
    expect(build(root, dist, () => {}, { functions, tags: [cards] }).errors).toEqual([]);
    const fromBuild = await startServer({ dist, database: database(url), functions, tags: [cards] });
    try {
      const res = await fetch(`${fromBuild.base}/`);
      expect([res.status, await res.text()]).toEqual([200, EXPECTED]);
    } finally {
      await fromBuild.close();
    }
  });
});
