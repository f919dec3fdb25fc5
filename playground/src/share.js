// share.js — the page's state in location.hash: #v=22&p=<pipeline>&ir=<deflate-raw, base64url>,
// so a link carries the input without a server.

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

function toBase64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text) {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

/** The hash for { input, passes, llvmVersion }. */
export async function encodeState({ input, passes, llvmVersion }) {
  const packed = await pipe(new TextEncoder().encode(input), new CompressionStream('deflate-raw'));
  return '#' + new URLSearchParams({ v: String(llvmVersion), p: passes, ir: toBase64url(packed) }).toString();
}

/** The state a hash carries, or null when it carries none (or cannot be read). */
export async function decodeState(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  if (!q.has('ir')) return null;
  try {
    const bytes = await pipe(fromBase64url(q.get('ir')), new DecompressionStream('deflate-raw'));
    return { input: new TextDecoder().decode(bytes), passes: q.get('p') ?? '', llvmVersion: Number(q.get('v')) || 22 };
  } catch {
    return null;
  }
}
