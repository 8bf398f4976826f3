// The site's _db/*.sql migrations: the runner speaks Postgres (advisory locks, its catalog),
// so it lives with the Postgres driver; the server, the CLI and the tests reach it here.
export * from "../datasources/postgres/migrations.js";
