// The peer's datasource: the benchmark's Postgres, with the JDBC driver from Maven Central on the
// classpath (Lucee's own Postgres extension comes from its update server, out of reach here).
component {
  this.name = "quarryBenchPeer";
  this.sessionManagement = false;
  this.clientManagement = false;
  env = server.system.environment;
  this.datasources["bench"] = {
    class: "org.postgresql.Driver",
    connectionString: env.QUARRY_PEER_JDBC_URL,
    username: env.QUARRY_PEER_DB_USER,
    password: env.QUARRY_PEER_DB_PASSWORD,
    // As many connections as the Quarry servers' pools (the bench's poolMax, 10 by default).
    connectionLimit: env.QUARRY_PEER_POOL_MAX
  };
  this.datasource = "bench";
}
