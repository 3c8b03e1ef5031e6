import type { FieldErrors } from '../../../contract/http.ts';
import type { ApiAnswer } from '../../lib/api.ts';

export type UploadFields = { kind: 'identity' | 'address'; document_type?: string; side: 'front' | 'back' };
/** The stored document and the verification it moved on, from the contract. */
type Uploaded = ApiAnswer<'POST', '/api/player/verification/documents'>['data'];
export type UploadResult = ({ ok: true } & Uploaded) | { ok: false; message: string; errors?: FieldErrors; status: number };

/** The answer's body: the server's JSON, typed from the contract as callApi types it, or nothing for one that is not JSON. */
function readBody(text: string): { data?: Uploaded; message?: unknown; errors?: FieldErrors } {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    // A proxy's HTML error page: the caller falls through to the generic message.
    return {};
  }
}

/**
 * Sends one document as multipart/form-data. XMLHttpRequest rather than fetch: only it reports upload progress,
 * which a player on a slow phone connection needs to see for a 5 MB photo.
 */
export function uploadDocument(fields: UploadFields, file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('kind', fields.kind);
    if (fields.document_type) form.append('document_type', fields.document_type);
    form.append('side', fields.side);
    form.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/player/verification/documents');
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => resolve({ ok: false, status: 0, message: 'We could not reach the server. Please check your connection and try again.' });
    request.onload = () => {
      const body = readBody(request.responseText);
      if (request.status === 201 && body.data) return resolve({ ok: true, document: body.data.document, verification: body.data.verification });
      resolve({
        ok: false,
        status: request.status,
        message: typeof body.message === 'string' ? body.message : 'The upload failed. Please try again.',
        errors: body.errors,
      });
    };
    request.send(form);
  });
}
