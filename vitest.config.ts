import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/cleanup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Production servers log JSON lines; the tests read responses, not logs.
    env: { LOG_LEVEL: "silent" },
  },
});
