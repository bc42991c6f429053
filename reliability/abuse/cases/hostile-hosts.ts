/**
 * The hosts an attacker points the service at, generated here and served on loopback: each
 * listens on its own 127.0.0.x address at the fixture world's http port (where the fleet's
 * `SCAN_CONNECT_PORTS` sends port 80) and is named in the world's DNS, so scans and callbacks
 * reach them through the real egress path.
 */
import http from 'node:http';
import net from 'node:net';
import type { FixtureWorld } from '@riskscan/scanner/testing';

export type HostileHosts = {
  /** Answers 500 to its first request, then trickles one byte of a 200 every 5 s. */
  trickle: string;
  /** Answers 204 at once and notes when each path arrived. */
  receiver: string;
  arrivals: Map<string, number>;
  /** 100,000 nested elements and 100,000 links. */
  domBomb: string;
  /** Accepts the connection and never says a word: a black-holed host, as the scanner sees it. */
  tarpit: string;
  close(): Promise<void>;
};

const DOM_BOMB_ELEMENTS = 100_000;

function domBombPage(): string {
  const links = Array.from({ length: DOM_BOMB_ELEMENTS }, (_, index) => `<a href="/p/${index}">${index}</a>`).join('');
  return `<!doctype html><html><head><title>Catalogue</title></head><body>${'<div>'.repeat(DOM_BOMB_ELEMENTS)}deep${'</div>'.repeat(DOM_BOMB_ELEMENTS)}${links}</body></html>`;
}

async function listen(server: net.Server, address: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, resolve);
  });
}

export async function startHostileHosts(world: FixtureWorld): Promise<HostileHosts> {
  const port = world.server.httpPort;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => sockets.delete(socket));
  };

  let trickled = 0;
  const trickle = net.createServer((socket) => {
    track(socket);
    socket.once('data', () => {
      if (trickled++ === 0) {
        socket.end('HTTP/1.1 500 Internal Server Error\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
        return;
      }
      const answer = Buffer.from('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
      let sent = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || sent >= answer.length) return clearInterval(timer);
        socket.write(answer.subarray(sent, ++sent));
      }, 5_000);
      socket.once('close', () => clearInterval(timer));
    });
  });

  const arrivals = new Map<string, number>();
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      arrivals.set(request.url ?? '/', performance.now());
      response.writeHead(204).end();
    });
  });
  receiver.on('connection', track);

  const page = domBombPage();
  const domBomb = http.createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  domBomb.on('connection', track);

  const tarpit = net.createServer(track);

  const hosts = [
    ['trickle', 'hooks.trickle-receiver.net', '127.0.0.41', trickle],
    ['receiver', 'hooks.prompt-receiver.net', '127.0.0.42', receiver],
    ['domBomb', 'catalogue.deep-pages.net', '127.0.0.43', domBomb],
    ['tarpit', 'www.silent-host.net', '127.0.0.44', tarpit],
  ] as const;
  for (const [, name, address, server] of hosts) {
    await listen(server, address, port);
    world.dns.set(name, [address]);
  }
  const name = (role: (typeof hosts)[number][0]) => hosts.find(([key]) => key === role)![1];
  return {
    trickle: name('trickle'),
    receiver: name('receiver'),
    arrivals,
    domBomb: name('domBomb'),
    tarpit: name('tarpit'),
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(hosts.map(([, , , server]) => new Promise((resolve) => server.close(resolve))));
    },
  };
}
