import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/cleanup.ts"],
    // Test files wait on processes, servers and Postgres far more than they compute: on a
    // 2-core machine Vitest's default (cores − 1, one file at a time) left a core idle most of
    // the run. Three at once measured 330 s of wall time against 565 s for one, both at load 5–10
    // with the same 2,346 tests passing (CONTRIBUTING.md, "Suite time").
    maxWorkers: 3,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Production servers log JSON lines; the tests read responses, not logs.
    env: { LOG_LEVEL: "silent" },
  },
});
