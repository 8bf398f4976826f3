// A TypeScript host app as a user writes one, type-checked by `npm run typecheck` against the
// declarations the package ships (build/server/plugin.d.ts through package.json "exports").
// It is never run: the HTTP suites run the plugin.
import Fastify from "fastify";
import quarry, { type QuarryOptions } from "quarry";

const app = Fastify();
app.get("/health", () => Promise.resolve({ ok: true }));

await app.register(quarry, { root: "./mysite", prefix: "/site", mode: "interpreted", limits: { maxIterations: 10_000 } });
await app.register(quarry, { dist: "./dist", dev: false, log: (line: string) => console.log(line) });

const options: QuarryOptions = { root: "./mysite", trace: true };
await app.register(quarry, options);

// @ts-expect-error: mode is "compiled" or "interpreted"
await app.register(quarry, { root: "./mysite", mode: "fast" });

// @ts-expect-error: the option is root, not rootDir
await app.register(quarry, { rootDir: "./mysite" });

// @ts-expect-error: limits are numbers
await app.register(quarry, { root: "./mysite", limits: { maxIterations: "many" } });
