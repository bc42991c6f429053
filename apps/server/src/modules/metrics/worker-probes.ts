import http from 'node:http';
import { registry } from './scan-metrics.ts';

/**
 * What a worker process (no Fastify) serves on WORKER_METRICS_PORT: Prometheus figures (its scan
 * stages, verdicts and failures are recorded here, not in the API), liveness, and readiness while
 * it takes scans. Nothing else; it binds where HOST says, like the API.
 */
export async function startWorkerProbes(options: { host: string; port: number; ready: () => Promise<boolean> }): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const send = (status: number, type: string, body: string) => response.writeHead(status, { 'content-type': type }).end(body);
    if (request.url === '/metrics') {
      registry.metrics().then(
        (text) => send(200, registry.contentType, text),
        () => send(500, 'text/plain', 'metrics failed'),
      );
    } else if (request.url === '/livez') {
      send(200, 'application/json', '{"status":"ok"}');
    } else if (request.url === '/readyz') {
      options.ready().then(
        (ready) => send(ready ? 200 : 503, 'application/json', JSON.stringify({ status: ready ? 'ready' : 'not ready' })),
        () => send(503, 'application/json', '{"status":"not ready"}'),
      );
    } else {
      send(404, 'application/json', '{"detail":"Not found."}');
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  return server;
}
