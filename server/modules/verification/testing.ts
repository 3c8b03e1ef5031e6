// Test support for the verification suites: multipart uploads through app.inject, as a browser's FormData sends them.
import type { TestApp } from '../../test-app.ts';

export type UploadFields = { kind?: string; document_type?: string; side?: string };

/** Serialises FormData exactly as fetch would (boundary and all). */
export async function multipart(fields: UploadFields, file?: { bytes: Buffer; name: string; type?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

let lastIp = 0;
export async function upload(t: TestApp, token: string | undefined, fields: UploadFields, file?: { bytes: Buffer; name: string; type?: string }) {
  const body = await multipart(fields, file);
  lastIp += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/player/verification/documents',
    remoteAddress: `10.77.${Math.floor(lastIp / 250) % 250}.${(lastIp % 250) + 1}`,
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
}
