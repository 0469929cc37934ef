/**
 * Reads the body of a fetch `Request` or `Response` whole, stopping (and cancelling the rest) as
 * soon as it passes `limit` bytes, so a hostile peer cannot make us buffer without end.
 * Returns `null` when the body is, or says it is, larger than `limit`. `inspect` sees each chunk as
 * it arrives; what it throws cancels the rest of the body and is thrown. Browser-safe: bytes are a
 * `Uint8Array`, not a Node `Buffer`.
 */
export async function readLimitedBody(message: Request | Response, limit: number, inspect?: (chunk: Uint8Array) => void): Promise<Uint8Array | null> {
  const declared = Number(message.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await message.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!message.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = message.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    if (inspect) {
      try {
        inspect(value);
      } catch (error) {
        await reader.cancel().catch(() => undefined);
        throw error;
      }
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}
