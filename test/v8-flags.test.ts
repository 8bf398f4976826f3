import { describe, expect, it } from "vitest";
import { SEMI_SPACE_MB, workerExecArgv } from "../server/v8-flags.js";

describe("the node flags of quarry start's workers", () => {
  it("adds the semi-space size to this process's flags", () => {
    expect(SEMI_SPACE_MB).toBe(64);
    expect(workerExecArgv(["--enable-source-maps"], "")).toEqual(["--enable-source-maps", "--max-semi-space-size=64"]);
    expect(workerExecArgv([], "--max-old-space-size=512")).toEqual(["--max-semi-space-size=64"]);
  });

  it("keeps a semi-space size given on the command line or in NODE_OPTIONS, in either spelling", () => {
    expect(workerExecArgv(["--max-semi-space-size=8"], "")).toEqual(["--max-semi-space-size=8"]);
    expect(workerExecArgv(["--max_semi_space_size=8"], "")).toEqual(["--max_semi_space_size=8"]);
    expect(workerExecArgv(["--inspect"], "--max-semi-space-size=16")).toEqual(["--inspect"]);
  });
});
