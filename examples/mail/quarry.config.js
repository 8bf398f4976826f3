// The SMTP server that dbt:mail sends through, read from the environment so that no password
// is committed (docs/server.md, "The config file": mail).
export default {
  session: { store: "postgres" },
  mail: {
    host: process.env.SMTP_HOST ?? "127.0.0.1",
    port: Number(process.env.SMTP_PORT ?? 587),
    from: "Example Shop <shop@example.com>",
    ...(process.env.SMTP_USER ? { auth: { user: process.env.SMTP_USER, pass: process.env.SMTP_PASS ?? "" } } : {}),
  },
};
