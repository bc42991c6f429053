import net from 'node:net';

/**
 * A minimal SOCKS5 proxy (RFC 1928, with RFC 1929 user/password) standing in for a country proxy
 * given as `socks5://`: records each CONNECT target and sends every one to `address`.
 */
export interface Socks5Proxy {
  url(credentials?: string): string;
  seen: { hostname: string; port: number; username: string }[];
  close(): Promise<void>;
}

/** Reads exactly `size` bytes from the socket, however the client splits its writes. */
function reader(socket: net.Socket) {
  let buffered = Buffer.alloc(0);
  let waiting: { size: number; resolve: (bytes: Buffer) => void } | null = null;
  const settle = () => {
    if (!waiting || buffered.length < waiting.size) return;
    const { size, resolve } = waiting;
    waiting = null;
    const bytes = buffered.subarray(0, size);
    buffered = buffered.subarray(size);
    resolve(bytes);
  };
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    settle();
  };
  socket.on('data', onData);
  return {
    read: (size: number) =>
      new Promise<Buffer>((resolve) => {
        waiting = { size, resolve };
        settle();
      }),
    /** Stops reading and hands back what came after the handshake. */
    release: () => {
      socket.off('data', onData);
      return buffered;
    },
  };
}

export async function startSocks5Proxy(address = '127.0.0.2'): Promise<Socks5Proxy> {
  const seen: Socks5Proxy['seen'] = [];
  const server = net.createServer(async (client) => {
    client.on('error', () => client.destroy());
    const input = reader(client);
    const [, methodCount = 0] = await input.read(2);
    const methods = [...(await input.read(methodCount))];
    let username = '';
    if (methods.includes(2)) {
      client.write(Buffer.from([5, 2]));
      const [, userLength = 0] = await input.read(2);
      username = (await input.read(userLength)).toString();
      const [passwordLength = 0] = await input.read(1);
      await input.read(passwordLength);
      client.write(Buffer.from([1, 0]));
    } else {
      client.write(Buffer.from([5, 0]));
    }
    const [, command, , addressType] = await input.read(4);
    let hostname: string;
    if (addressType === 3) hostname = (await input.read((await input.read(1))[0]!)).toString();
    else if (addressType === 1) hostname = [...(await input.read(4))].join('.');
    else return client.destroy();
    const port = (await input.read(2)).readUInt16BE(0);
    if (command !== 1) return client.destroy();
    seen.push({ hostname, port, username });
    const upstream = net.connect({ host: address, port }, () => {
      client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
      const rest = input.release();
      if (rest.length > 0) upstream.write(rest);
      client.pipe(upstream).pipe(client);
    });
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    url: (credentials) => `socks5://${credentials ? `${credentials}@` : ''}127.0.0.1:${port}`,
    seen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
