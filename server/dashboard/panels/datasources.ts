// Datasources: each one's connection (password hidden), strategy, pool bounds and pool state now,
// and a button that runs a statement through it (the connection test of a CFML administrator).
import { actionForm, esc, table } from "../html.js";
import { redactText } from "../redact.js";
import type { Panel } from "../context.js";

export const datasourcesPanel: Panel = {
  id: "datasources",
  title: "Datasources",
  summary: "connections (passwords hidden), strategies, pool state, a connection test",
  render(ctx, view) {
    const db = ctx.database.datasources;
    const rows = Object.values(ctx.config.datasources).map((c) => {
      const ds = db.get(c.name);
      const e = ctx.database.embedded;
      const where =
        c.url !== null
          ? redactText(c.url)
          : e
            ? `the embedded Postgres: ${redactText(e.url)}, data in ${e.dataDir}`
            : "the embedded Postgres";
      const s = ds.stats();
      return [
        `<b>${esc(c.name)}</b>${c.name === ctx.config.defaultDatasource ? " (default)" : ""}`,
        `<code>${esc(where)}</code>${c.replicas.length ? `<br>replicas: ${c.replicas.map((r) => `<code>${esc(redactText(r))}</code>`).join(", ")}` : ""}`,
        esc(c.strategy),
        `${c.min}–${c.max}`,
        esc(
          `${s.size} open, ${s.borrowed} in use, ${s.available} idle, ${s.pending} waiting` +
            (s.shared !== undefined ? `, ${s.shared} shared, ${s.inFlight ?? 0} in flight` : ""),
        ),
        actionForm(view.token, "datasources", "test", "Test connection", { name: c.name }),
      ];
    });
    return table(["name", "connection", "strategy", "pool", "now", ""], rows);
  },
  actions: {
    async test(ctx, fields) {
      const name = fields.name ?? "";
      if (!(name in ctx.config.datasources)) return { ok: false, text: `No datasource named ${JSON.stringify(name)}` };
      const db = ctx.database.datasources;
      const started = performance.now();
      try {
        const r = await db.query(db.get(name), null, "SELECT current_database() AS db, version() AS version", []);
        const ms = Math.round(performance.now() - started);
        const row = r.rows[0] ?? {};
        return {
          ok: true,
          text: `${name}: connected to database ${String(row.db)} in ${ms} ms (${String(row.version).split(" on ")[0]})`,
        };
      } catch (err) {
        return { ok: false, text: `${name}: ${redactText(err instanceof Error ? err.message : String(err))}` };
      }
    },
  },
};
