// A bare Fastify app on a free loopback port, for testing one request stage with real requests:
// the cookie parser (as the plugin registers it) and whatever routes the test adds.
import Fastify, { type FastifyInstance } from "fastify";
import fastifyCookie from "@fastify/cookie";

export interface StageServer {
  app: FastifyInstance;
  base: string;
  close(): Promise<void>;
}

export async function stageServer(routes: (app: FastifyInstance) => void | Promise<void>): Promise<StageServer> {
  const app = Fastify();
  await app.register(fastifyCookie);
  await routes(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as { port: number }).port;
  return { app, base: `http://127.0.0.1:${port}`, close: () => app.close() };
}
