import type { FieldErrors } from '../../../contract/http.ts';
import type { VerificationDocument, Verification } from '../../../contract/verification.ts';

export type UploadFields = { kind: 'identity' | 'address'; document_type?: string; side: 'front' | 'back' };
export type UploadResult =
  | { ok: true; document: VerificationDocument; verification: Verification }
  | { ok: false; message: string; errors?: FieldErrors; status: number };

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
      let body: Record<string, unknown> = {};
      try {
        body = request.responseText ? (JSON.parse(request.responseText) as Record<string, unknown>) : {};
      } catch {
        // A proxy's HTML error page: fall through to the generic message.
      }
      if (request.status === 201) {
        const data = body.data as { document: VerificationDocument; verification: Verification };
        return resolve({ ok: true, document: data.document, verification: data.verification });
      }
      resolve({
        ok: false,
        status: request.status,
        message: typeof body.message === 'string' ? body.message : 'The upload failed. Please try again.',
        errors: body.errors as FieldErrors | undefined,
      });
    };
    request.send(form);
  });
}
