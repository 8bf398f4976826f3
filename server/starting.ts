// SIGINT/SIGTERM before the server's ordered shutdown is installed: while the embedded Postgres
// starts and the migrations run. Node's default action would kill the process on the spot and
// leave the embedded Postgres running, holding its data folder. Here the signal is said, and the
// process exits through process.exit, whose exit hook (datasources/postgres/embedded.ts) gives
// Postgres its fast-shutdown signal; a migration in flight was never committed (its BEGIN,
// file and COMMIT are separate statements), so Postgres rolls it back.
export function stopWhileStarting(say: (line: string) => void): () => void {
  const handlers = (["SIGINT", "SIGTERM"] as const).map((name) => {
    const h = () => {
      say(
        `${name} while starting: stopping before serving anything (a migration in progress is rolled back; the embedded Postgres, if any, stops)`,
      );
      process.exit(1);
    };
    process.on(name, h);
    return [name, h] as const;
  });
  // Called once the server's own shutdown handles the signals.
  return () => handlers.forEach(([name, h]) => process.off(name, h));
}
