import http from 'node:http';
import https from 'node:https';

/** Connections kept open between parts: each part is one request, and a new connection per part costs a handshake. */
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/**
 * PUTs `bytes` as they are, answering the status and the body's text. Node's fetch copies a body it is handed
 * (web streams), 8 MiB a part; a plain request writes the buffer to the socket.
 */
export function putBytes(url: string, bytes: Uint8Array, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      { method: 'PUT', agent: agents[target.protocol as keyof typeof agents], headers: { ...headers, 'content-length': String(bytes.length) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(bytes);
  });
}
