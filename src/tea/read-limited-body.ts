/**
 * Reads the body of a fetch `Request` or `Response` whole, stopping (and cancelling the rest) as
 * soon as it passes `limit` bytes, so a hostile peer cannot make us buffer without end.
 * Returns `null` when the body is, or says it is, larger than `limit`.
 */
export async function readLimitedBody(message: Request | Response, limit: number): Promise<Buffer | null> {
  const declared = Number(message.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await message.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!message.body) return Buffer.alloc(0);
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
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
