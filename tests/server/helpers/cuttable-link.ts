import net, { type AddressInfo } from 'node:net';

/**
 * A TCP link on loopback to a server a test wants to lose and find again (an S3 endpoint going down): cut, its
 * port refuses connections and every open one drops, as when the server's machine goes away; mended, it listens
 * on the same port again and the server behind it has kept all it held. Armed, it cuts itself at a chosen moment
 * of the next request: after so many bytes of it have gone through, or when its answer starts to come back.
 */
export async function cuttableLink(targetPort: number) {
  const sockets = new Set<net.Socket>();
  let listener: net.Server | undefined;
  let port = 0;
  let armed: { afterBytes: number } | 'on-answer' | undefined;
  let passed = 0;
  /** Taking connections and passing nothing either way: an endpoint that hangs rather than goes. */
  let stalled = false;

  const cut = async () => {
    armed = undefined;
    stalled = false;
    const closing = listener;
    listener = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };

  const connect = (client: net.Socket) => {
    if (stalled) {
      sockets.add(client);
      client.on('close', () => sockets.delete(client));
      client.on('error', () => client.destroy());
      return;
    }
    const server = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy()); // a cut link's sockets fail; the other end sees the drop
    }
    client.on('data', (bytes: Buffer) => {
      if (armed === undefined || armed === 'on-answer') return;
      passed += bytes.length;
      if (passed >= armed.afterBytes) void cut();
    });
    server.on('data', () => {
      if (armed === 'on-answer') void cut();
    });
    client.pipe(server);
    server.pipe(client);
  };

  /** Listens again (after a cut or a stall), passing everything through. */
  const mend = async () => {
    await cut();
    await new Promise<void>((resolve, reject) => {
      const opened = net.createServer(connect);
      opened.once('error', reject);
      opened.listen(port, '127.0.0.1', () => {
        port = (opened.address() as AddressInfo).port;
        listener = opened;
        resolve();
      });
    });
  };

  await mend();
  return {
    get port() {
      return port;
    },
    cut,
    mend,
    /** Cuts the link once `bytes` more have gone towards the server: a request dropped halfway through its body. */
    cutAfter(bytes: number) {
      passed = 0;
      armed = { afterBytes: bytes };
    },
    /** From now until cut or mended, connections are taken and nothing passes: the open ones are dropped, new ones hang. */
    async stall() {
      await mend();
      stalled = true;
    },
    /** Cuts the link as the server starts to answer: the server did the work, the caller never hears of it. */
    cutOnAnswer() {
      armed = 'on-answer';
    },
  };
}
export type CuttableLink = Awaited<ReturnType<typeof cuttableLink>>;
