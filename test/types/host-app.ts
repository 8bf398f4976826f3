// A TypeScript host app as a user writes one, type-checked by `npm run typecheck` against the
// declarations the package ships (build/server/plugin.d.ts through package.json "exports").
// It is never run: the HTTP suites run the plugin.
import Fastify from "fastify";
import quarry, { escapeHtml, type QuarryOptions, type TagDef, type TagModule } from "quarry";
import { Engine } from "quarry/engine";
import { build } from "quarry/build";

const app = Fastify();
app.get("/health", () => Promise.resolve({ ok: true }));

await app.register(quarry, {
  root: "./mysite",
  prefix: "/site",
  mode: "interpreted",
  limits: { maxIterations: 10_000 },
});
await app.register(quarry, { dist: "./dist", dev: false, log: (line: string) => console.log(line) });

const options: QuarryOptions = { root: "./mysite", trace: true };
await app.register(quarry, options);

// @ts-expect-error: mode is "compiled" or "interpreted"
await app.register(quarry, { root: "./mysite", mode: "fast" });

// @ts-expect-error: the option is root, not rootDir
await app.register(quarry, { rootDir: "./mysite" });

// @ts-expect-error: limits are numbers
await app.register(quarry, { root: "./mysite", limits: { maxIterations: "many" } });

// A host app's own function and tag (docs/extending.md).
const shout: TagDef = {
  name: "shout",
  body: "none",
  attributes: { text: { type: "string", required: true } },
  interpret(node, it) {
    it.out += escapeHtml(String(it.arg(node, "text")).toUpperCase());
  },
  compile(node, c) {
    return `$o += T.shout(${c.arg(node, "text")});\n`;
  },
};
const shouts: TagModule = { tags: [shout], runtime: { shout: (s: unknown) => escapeHtml(String(s).toUpperCase()) } };
const functions = { slugify: { fn: (s: string) => s.toLowerCase(), params: "text" }, now: () => new Date() };
await app.register(quarry, { root: "./mysite", functions, tags: [shouts, shout] });
new Engine({ root: "./mysite", mode: "interpreted", functions, tags: [shouts] });
build("./mysite", "./dist", () => {}, { functions, tags: [shouts] });

// @ts-expect-error: a function is a function or { fn, params?, doc? }
await app.register(quarry, { root: "./mysite", functions: { slugify: "lower" } });

// @ts-expect-error: a tag's body is "none", "required" or "optional"
await app.register(quarry, { root: "./mysite", tags: [{ ...shout, body: "maybe" }] });
