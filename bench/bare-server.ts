// The ceiling the shop's answers are compared with: a bare node:http server that answers exactly
// what the shop answered, URL by URL, so the difference is the shop's own work.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startBareServer(
  answers: Map<string, Buffer>,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<{ url: string; port: number; close(): void }> {
  const server = createServer((request, response) => {
    const body = answers.get(request.url ?? '') ?? Buffer.alloc(0);
    response.writeHead(200, { ...headers, 'content-type': contentType, 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, close: () => server.close() };
}
