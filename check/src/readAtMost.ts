/**
 * A body read up to a bound: at most `limit` + 1 bytes, so the caller can tell "too large" from "exactly the
 * limit" and answer it; the rest is not read (the stream is cancelled), so a huge or endless body costs nothing.
 * For a call's body (record/recorder.ts) and a fetched key set (cli/verify.ts).
 */
export async function readAtMost(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size <= limit) {
    const {done, value} = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  const body = new Uint8Array(Math.min(size, limit + 1));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, body.length - at);
    body.set(part, at);
    at += part.length;
    if (at >= body.length) break;
  }
  return body;
}
