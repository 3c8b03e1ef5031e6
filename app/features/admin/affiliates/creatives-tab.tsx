// Banners for affiliates: upload (PNG, JPEG, GIF or WebP up to 1 MB, checked by its bytes on the server), see, remove.
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import type { creativeSchema } from '../../../../contract/affiliates.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import type { FieldErrors } from '../../../../contract/http.ts';
import { firstErrors } from '../../../lib/api.ts';
import { AdminList } from '../admin-list.tsx';
import { adminApi, type Loaded, staffFetch } from '../api.ts';
import { type Outcome, ReasonDialog } from '../reason-dialog.tsx';
import { Notice } from '../ui.tsx';

type Creative = z.output<typeof creativeSchema>;

/**
 * What the upload answered, read field by field: a multipart upload goes through a plain fetch, so its answer is not
 * typed as callApi's are. A refusal's message and field errors; an accepted banner's name.
 */
async function readUpload(response: Response) {
  const body: unknown = await response.json().catch(() => null);
  const record = typeof body === 'object' && body !== null ? body : {};
  const data = 'data' in record && typeof record.data === 'object' && record.data !== null ? record.data : {};
  return {
    message: 'message' in record && typeof record.message === 'string' ? record.message : null,
    errors: 'errors' in record && isFieldErrors(record.errors) ? record.errors : undefined,
    name: 'name' in data && typeof data.name === 'string' ? data.name : null,
  };
}

/** Field errors as the API sends them: each field's messages. */
const isFieldErrors = (value: unknown): value is FieldErrors =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'));

/** The banners the screen's loader read; an upload or a removal reads them again. */
export function CreativesTab({ creatives, canManage }: { creatives: Loaded<Creative[]>; canManage: boolean }) {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [removing, setRemoving] = useState<Creative | null>(null);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    const file = body.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setErrors({ file: 'Choose an image to upload.' });
      return;
    }
    if (!String(body.get('landing_path') ?? '').trim()) body.delete('landing_path');
    setBusy(true);
    const response = await staffFetch('/api/admin/affiliate-creatives', { method: 'POST', body, headers: { Accept: 'application/json' } });
    setBusy(false);
    const answer = await readUpload(response);
    if (!response.ok) {
      setErrors({ ...firstErrors(answer.errors), form: answer.errors ? '' : (answer.message ?? 'The upload failed. Please try again.') });
      return;
    }
    setErrors({});
    setOutcome({ tone: 'success', text: `${answer.name ?? 'The banner'} is uploaded: affiliates see it now.` });
    form.reset();
    void revalidator.revalidate();
  }

  return (
    <div className="space-y-4">
      {canManage ? (
        <form
          onSubmit={upload}
          noValidate
          className="grid gap-3 rounded-card border border-night-700 bg-night-850 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-start"
          aria-label="Upload banner"
        >
          <TextField label="Name" name="name" maxLength={80} error={errors.name} />
          <TextField label="Landing page (optional)" name="landing_path" placeholder="/" maxLength={200} error={errors.landing_path} />
          <TextField
            label="Image"
            name="file"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            hint="PNG, JPEG, GIF or WebP, up to 1 MB"
            error={errors.file}
          />
          <Button type="submit" busy={busy} className="lg:mt-7">
            Upload
          </Button>
          {errors.form ? (
            <div className="sm:col-span-2 lg:col-span-4">
              <Notice tone="error">{errors.form}</Notice>
            </div>
          ) : null}
        </form>
      ) : null}
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {creatives.error !== null ? (
        <Notice tone="error">{creatives.error}</Notice>
      ) : (
        <AdminList
          caption="Banners"
          rows={creatives.data}
          rowKey={(creative) => creative.id}
          empty="No banners yet."
          cards={{
            label: 'Banners',
            layout: 'grid gap-3 md:grid-cols-2',
            card: (creative) => (
              <div className="min-w-0 rounded-card border border-night-700 bg-night-850 p-4" data-creative={creative.name}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium text-mist-100">{creative.name}</p>
                  <span className="text-xs tabular-nums text-mist-400">
                    {creative.width} × {creative.height} · {creative.landing_path}
                  </span>
                </div>
                <div className="mt-3 flex justify-center rounded-lg bg-night-900 p-3">
                  <img
                    src={creative.image_url}
                    alt={creative.name}
                    width={creative.width}
                    height={creative.height}
                    className="h-auto max-h-48 max-w-full object-contain"
                  />
                </div>
                {canManage ? (
                  <Button variant="ghost" className="mt-3 min-h-0 px-3 py-1.5 text-sm" onClick={() => setRemoving(creative)}>
                    Remove…
                  </Button>
                ) : null}
              </div>
            ),
          }}
        />
      )}
      {removing ? (
        <ReasonDialog
          title="Remove banner"
          effect={`Remove ${removing.name}? Affiliates no longer see it, and sites that embed it show a broken image.`}
          confirm="Remove banner"
          send={(reason) => adminApi('DELETE', `/api/admin/affiliate-creatives/${removing.id}`, { reason })}
          onClose={() => setRemoving(null)}
          onDone={() => {
            setOutcome({ tone: 'success', text: `${removing.name} is removed.` });
            setRemoving(null);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
