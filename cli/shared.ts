// What every command shares: how errors reach the terminal, and the serving options.
import { readFileSync } from "node:fs";
import { type Command, InvalidArgumentError, Option } from "commander";
import { LOG_LEVELS } from "../config/site.js";
import { QuarryError } from "../engine/errors.js";

export function readData(file: string | undefined): Record<string, unknown> {
  if (!file) return {};
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new InvalidArgumentError(`cannot read ${file}: ${(err as Error).message}`);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data))
    throw new InvalidArgumentError(`${file} must hold a JSON object`);
  return data as Record<string, unknown>;
}

export function report(err: unknown): never {
  // System errors (a port in use, a missing file) are the user's to fix: the message is enough.
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  const system = typeof code === "string" && /^E[A-Z]+$/.test(code);
  process.stderr.write(
    `${err instanceof QuarryError ? err.format() : system ? `error: ${(err as Error).message}` : err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
}

export function parsePort(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError("must be a port number from 0 to 65535");
  return n;
}

export const defaultPort = () => (process.env.PORT ? parsePort(process.env.PORT) : 3000);

export const serverOptions = (cmd: Command) =>
  cmd
    .addOption(new Option("--port <port>", "port to listen on (default: $PORT, else 3000)").argParser(parsePort))
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .addOption(
      new Option(
        "--log-level <level>",
        "log level (default: $LOG_LEVEL, else the config's logLevel, else info)",
      ).choices(LOG_LEVELS),
    )
    .option(
      "--data-dir <dir>",
      "the embedded Postgres's data folder (default: dataDir in the config, else SITE/.quarry/postgres)",
    );
