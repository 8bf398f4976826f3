// Routing that cannot be tricked by the site folder itself: symlinks are followed, and the file
// they reach must lie inside the site and pass the router's private rules by its real path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { site } from "./helpers.js";
import { createDatabase } from "./db.js";
import { database, raw, startServer, type Server } from "./http.js";

let root: string;
let server: Server;

beforeAll(async () => {
  root = site({
    "quarry.config.json": '{ "datasources": { "main": { "url": "postgres://user:hunter2@db.internal/app" } } }',
    "_db/001.sql": "CREATE TABLE secret_stuff (id int);",
    "_private/secret.dbt": "private template",
    "index.dbt": "<dbt:output>#1 + 1#</dbt:output>",
    "real.dbt": "real page",
    "public/a.css": "body{}",
    "models/Person.cfc":
      'component { function hi() { return "hi from a component"; } variables.recipe = "secret sauce"; }',
    "people.dbt": "<dbt:set p = new models.Person()><dbt:output>#p.hi()#</dbt:output>",
    ".quarry/note.txt": "internal",
  });
  mkdirSync(join(root, "links"));
  const links: [string, string][] = [
    ["config.txt", "quarry.config.json"],
    ["sql.txt", "_db/001.sql"],
    ["source.txt", "index.dbt"],
    ["quarry-note.txt", ".quarry/note.txt"],
    ["page.dbt", "_private/secret.dbt"],
    ["docs", "_db"],
    ["alias.dbt", "real.dbt"],
    ["assets", "public"],
    ["hostname.txt", "/etc/hostname"],
    ["links/up.txt", "../quarry.config.json"],
    ["person.txt", "models/Person.cfc"],
  ];
  for (const [link, target] of links) symlinkSync(target, join(root, link));
  const url = await createDatabase([], "routing");
  server = await startServer({ root, database: database(url) });
});
afterAll(async () => {
  await server.close();
});

describe("symlinks inside a site folder", () => {
  it.each([
    ["/config.txt", "the config file (with the database URL)"],
    ["/links/up.txt", "the config file, through ../"],
    ["/sql.txt", "a _db/ migration"],
    ["/docs/001.sql", "a file inside _db/, through a linked folder"],
    ["/source.txt", "a .dbt source"],
    ["/quarry-note.txt", "a file inside .quarry/"],
    ["/page", "a private template, as a page"],
    ["/hostname.txt", "a file outside the site"],
  ])("%s (%s) is not found", async (path) => {
    const res = await raw(server.base, path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("hunter2");
    expect(res.body).not.toContain("CREATE TABLE");
    expect(res.body).not.toContain("private template");
  });

  // A component file is source: made into instances by `new`, never served (issue 24).
  it.each([
    "/models/Person.cfc",
    "/models/PERSON.CFC",
    "/models/Person",
    "/models/Person.cfc?x=1",
    "/models/Person%2Ecfc",
    "/person.txt",
  ])("the component source %s is not found", async (path) => {
    const res = await raw(server.base, path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("secret sauce");
    expect(res.body).not.toContain("component {");
  });

  it("a page makes an instance of a component", async () => {
    expect(await raw(server.base, "/people")).toMatchObject({ status: 200, body: "hi from a component" });
  });

  it("a link to a public page or folder inside the site is served", async () => {
    expect(await raw(server.base, "/alias")).toMatchObject({ status: 200, body: "real page" });
    expect(await raw(server.base, "/assets/a.css")).toMatchObject({ status: 200, body: "body{}" });
    expect(await raw(server.base, "/")).toMatchObject({ status: 200, body: "2" });
  });
});
