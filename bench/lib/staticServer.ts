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

const isFile = (file: string): boolean => existsSync(file) && statSync(file).isFile();

/**
 * Serves a built site the way a production host or CDN would: brotli (or gzip when the client does
 * not take brotli) for text, long caching for hashed assets, `index.html` for folders, `404.html` with
 * status 404 otherwise (a plain 404 for a site without one). A path that cannot be decoded gets 400, and
 * one that leads outside the site 404.
 */
export function serveStatic(root: string, port: number): Promise<Server> {
  const site = path.resolve(root);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      response.writeHead(400, {'content-type': 'text/plain'}).end('malformed path');
      return;
    }
    let file = path.join(site, pathname);
    const inside = file === site || file.startsWith(site + path.sep);
    if (inside && existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    else if (inside && !existsSync(file) && isFile(`${file}.html`)) file = `${file}.html`;
    let status = 200;
    if (!inside || !isFile(file)) {
      file = path.join(site, '404.html');
      status = 404;
      if (!isFile(file)) {
        response.writeHead(404, {'content-type': 'text/plain'}).end('not found');
        return;
      }
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
