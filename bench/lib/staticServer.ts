import {createReadStream, existsSync, statSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import path from 'node:path';
import {brotliCompressSync, constants, gzipSync} from 'node:zlib';
import {readFileSync} from 'node:fs';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml']);

/** Compressed bodies by file and encoding: compressed once, as a CDN keeps them. */
const compressed = new Map<string, Buffer>();

function compress(file: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${file}`;
  let body = compressed.get(key);
  if (!body) {
    const raw = readFileSync(file);
    body =
      encoding === 'br'
        ? brotliCompressSync(raw, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}})
        : gzipSync(raw, {level: 9});
    compressed.set(key, body);
  }
  return body;
}

/**
 * Serves a built site the way a production host or CDN would: brotli (or gzip when the client does
 * not take brotli) for text, long caching for hashed assets, `index.html` for folders, `404.html` with
 * status 404 otherwise.
 */
export function serveStatic(root: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    else if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    let status = 200;
    if (!existsSync(file)) {
      file = path.join(root, '404.html');
      status = 404;
    }
    const ext = path.extname(file);
    const headers: Record<string, string> = {'content-type': types[ext] ?? 'application/octet-stream'};
    if (url.pathname.startsWith('/assets/')) headers['cache-control'] = 'public, max-age=31536000, immutable';
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = !compressible.has(ext)
      ? undefined
      : /\bbr\b/.test(accepted)
        ? 'br'
        : /\bgzip\b/.test(accepted)
          ? 'gzip'
          : undefined;
    if (encoding) {
      headers['content-encoding'] = encoding;
      headers.vary = 'accept-encoding';
      response.writeHead(status, headers);
      response.end(compress(file, encoding));
      return;
    }
    response.writeHead(status, headers);
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
