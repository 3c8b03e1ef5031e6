import { type FormEvent, useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/content';
import type { AdminPage, AdminPromotion } from '../../../contract/content.ts';
import { STATIC_PAGE_SLUGS, type StaticPageSlug } from '../../../contract/content.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox, SelectField, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { AdminList, type ListColumn } from '../../features/admin/admin-list.tsx';
import { adminApi, adminLoad, type Loaded } from '../../features/admin/api.ts';
import { useMarkdownPreview } from '../../features/admin/markdown-preview.ts';
import { AdminHeading, Badge, dateTime, Loading, Notice } from '../../features/admin/ui.tsx';
import { firstErrors } from '../../lib/api.ts';

const PAGE_NAMES: Record<StaticPageSlug, string> = {
  faq: 'FAQ',
  about: 'About',
  'cookie-policy': 'Cookie policy',
  'privacy-policy': 'Privacy policy',
  'terms-and-conditions': 'Terms and conditions',
  'responsible-gaming': 'Responsible gaming',
};
type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The tab and the page being edited are in the address (`?tab=promotions`, `?page=about`): a reload or a link opens the same editor. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (params.get('tab') === 'promotions') return { tab: 'promotions' as const, promotions: await adminLoad(request, '/api/admin/promotions') };
  const slug = STATIC_PAGE_SLUGS.find((value) => value === params.get('page')) ?? 'faq';
  return { tab: 'pages' as const, slug, page: await adminLoad(request, `/api/admin/pages/${slug}`) };
}

export function HydrateFallback() {
  return <Loading />;
}

/** The sanitised HTML the server rendered, as the player page shows it. */
function Preview({ markdown, label }: { markdown: string | null; label: string }) {
  const { preview, stale, problem } = useMarkdownPreview(markdown);
  return (
    <section aria-label={label} aria-busy={stale} className="min-w-0 rounded-card border border-night-700 bg-night-950 p-5">
      <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-mist-400">{stale ? 'Preview (updating…)' : 'Preview'}</p>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <div className="max-h-[36rem] overflow-y-auto pr-1">
        {preview?.title ? <h2 className="mb-1 font-display text-2xl font-bold text-mist-100">{preview.title}</h2> : null}
        {preview?.description ? <p className="mb-4 text-mist-300">{preview.description}</p> : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server rendered this with the site's renderer and sanitised it to its allow-list (decision 0024) */}
        <div className="prose-casino [&>*:first-child]:mt-0" dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }} />
      </div>
    </section>
  );
}

function PagesEditor({ slug, loaded }: { slug: StaticPageSlug; loaded: Loaded<AdminPage> }) {
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const page = loaded.data;
  const [markdown, setMarkdown] = useState(page?.markdown ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!markdown.trim()) return setFieldError('A page needs some Markdown; to show the bundled file again, use “Back to the bundled file”.');
    setBusy(true);
    const result = await adminApi('PUT', `/api/admin/pages/${slug}`, { markdown });
    setBusy(false);
    setFieldError(result.ok ? undefined : firstErrors(result.errors).markdown);
    setOutcome(result.ok ? { tone: 'success', text: `Saved. /${slug} shows it now.` } : { tone: 'error', text: result.message });
    if (result.ok) await revalidator.revalidate();
  }
  async function reset() {
    const result = await adminApi('DELETE', `/api/admin/pages/${slug}`);
    setOutcome(result.ok ? { tone: 'success', text: `/${slug} shows the bundled file again.` } : { tone: 'error', text: result.message });
    if (result.ok) {
      setMarkdown(result.body.data.markdown);
      await revalidator.revalidate();
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-64">
          <SelectField
            label="Page"
            value={slug}
            // The loader reads the chosen page; the editor starts afresh on it (its key is the page).
            onChange={(event) => setSearchParams({ page: event.target.value }, { preventScrollReset: true })}
            options={STATIC_PAGE_SLUGS.map((value) => ({ value, label: `${PAGE_NAMES[value]} (/${value})` }))}
          />
        </div>
        {page ? (
          <p className="pb-2.5 text-sm text-mist-400">
            {page.overridden ? (
              <>
                <Badge tone="warn">edited</Badge> by staff {page.updated_by ?? '—'} at {dateTime(page.updated_at)} UTC
              </>
            ) : (
              <>
                <Badge>bundled file</Badge> content/pages/{slug}.md
              </>
            )}
          </p>
        ) : null}
      </div>
      {loaded.error !== null ? (
        <Notice tone="error">{loaded.error}</Notice>
      ) : (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <form onSubmit={save} noValidate aria-label="Page Markdown" className="space-y-3">
            <TextAreaField
              label="Markdown"
              value={markdown}
              onChange={(event) => {
                setMarkdown(event.target.value);
                setFieldError(undefined);
                setOutcome(null);
              }}
              rows={22}
              spellCheck
              className="font-mono text-sm leading-relaxed"
              hint="The front matter between the --- lines sets the page title and description. HTML outside the allow-list is removed."
              error={fieldError}
            />
            {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" busy={busy}>
                Save page
              </Button>
              {page?.overridden ? (
                <Button variant="ghost" onClick={() => void reset()}>
                  Back to the bundled file
                </Button>
              ) : null}
            </div>
          </form>
          <Preview markdown={markdown} label="Page preview" />
        </div>
      )}
    </div>
  );
}

type PromotionForm = {
  slug: string;
  title: string;
  subtitle: string;
  summary: string;
  body: string;
  badge: string;
  cta_label: string;
  sort_order: string;
  published: boolean;
  starts_at: string;
  ends_at: string;
};
const EMPTY_PROMOTION: PromotionForm = {
  slug: '',
  title: '',
  subtitle: '',
  summary: '',
  body: '',
  badge: '',
  cta_label: 'Claim now',
  sort_order: '0',
  published: true,
  starts_at: '',
  ends_at: '',
};
const promotionFormOf = (p: AdminPromotion): PromotionForm => ({
  ...p,
  sort_order: String(p.sort_order),
  starts_at: p.starts_at?.slice(0, 16) ?? '',
  ends_at: p.ends_at?.slice(0, 16) ?? '',
});
const instant = (local: string) => {
  const at = local ? new Date(`${local}Z`) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
};
function promotionStatus(p: AdminPromotion) {
  const now = Date.now();
  if (!p.published) return <Badge>unpublished</Badge>;
  if (p.starts_at && Date.parse(p.starts_at) > now) return <Badge tone="warn">scheduled</Badge>;
  if (p.ends_at && Date.parse(p.ends_at) <= now) return <Badge tone="bad">ended</Badge>;
  return <Badge tone="good">running</Badge>;
}

function PromotionsEditor({ promotions }: { promotions: Loaded<AdminPromotion[]> }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<PromotionForm>(EMPTY_PROMOTION);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  function set<K extends keyof PromotionForm>(key: K, value: PromotionForm[K]) {
    setForm((previous) => ({ ...previous, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
    setOutcome(null);
  }
  function open(promotion: AdminPromotion | null) {
    setEditing(promotion?.id ?? null);
    setForm(promotion ? promotionFormOf(promotion) : EMPTY_PROMOTION);
    setErrors({});
    setOutcome(null);
  }
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const mistakes: Record<string, string> = {};
    if (!editing && !/^[a-z0-9][a-z0-9-]{0,63}$/.test(form.slug)) mistakes.slug = 'Lower-case letters, digits and dashes, like autumn-drops.';
    if (!form.title.trim()) mistakes.title = 'Give the promotion a title.';
    if (!form.summary.trim()) mistakes.summary = 'Write a one-line summary.';
    if (!form.body.trim()) mistakes.body = 'Write the terms in Markdown.';
    if (!/^\d{1,5}$/.test(form.sort_order)) mistakes.sort_order = 'A whole number from 0.';
    if (Object.keys(mistakes).length > 0) return setErrors(mistakes);
    const { slug, ...rest } = form;
    const payload = { ...rest, sort_order: Number(form.sort_order), starts_at: instant(form.starts_at), ends_at: instant(form.ends_at) };
    setBusy(true);
    const result = editing
      ? await adminApi('PUT', `/api/admin/promotions/${editing}`, payload)
      : await adminApi('POST', '/api/admin/promotions', { slug, ...payload });
    setBusy(false);
    if (!result.ok) {
      setErrors(firstErrors(result.errors));
      setOutcome({ tone: 'error', text: result.message });
      return;
    }
    setEditing(result.body.data.id);
    setForm(promotionFormOf(result.body.data));
    setErrors({});
    setOutcome({ tone: 'success', text: `${editing ? 'Saved' : 'Created'} “${result.body.data.title}”.` });
    await revalidator.revalidate();
  }

  const field = (key: Exclude<keyof PromotionForm, 'published' | 'body'>, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} name={key} value={form[key]} onChange={(event) => set(key, event.target.value)} error={errors[key]} {...extra} />
  );
  const columns: ListColumn<AdminPromotion>[] = [
    { key: 'slug', header: 'Slug', cell: (p) => <code className="text-xs text-mist-300">{p.slug}</code> },
    { key: 'title', header: 'Title', cell: (p) => p.title },
    { key: 'status', header: 'Status', cell: promotionStatus },
    { key: 'ends', header: 'Ends (UTC)', cell: (p) => dateTime(p.ends_at) },
    {
      key: 'edit',
      header: 'Actions',
      cell: (p) => (
        <Button variant="ghost" className="px-3 py-1.5 text-sm" aria-label={`Edit ${p.slug}`} onClick={() => open(p)}>
          Edit
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-5">
      {promotions.error !== null ? (
        <Notice tone="error">{promotions.error}</Notice>
      ) : (
        <AdminList
          caption="Promotions"
          columns={columns}
          rows={promotions.data}
          rowKey={(p) => String(p.id)}
          empty="No promotions yet."
          minWidth="min-w-[32rem]"
        />
      )}
      <Card
        title={editing ? `Edit ${form.slug}` : 'New promotion'}
        action={
          editing ? (
            <Button variant="ghost" className="px-3 py-1.5 text-sm" onClick={() => open(null)}>
              New promotion
            </Button>
          ) : undefined
        }
      >
        <form onSubmit={save} noValidate aria-label="Promotion" className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {editing
              ? field('slug', 'Slug', { readOnly: true, hint: `The address: /promotion/${form.slug}` })
              : field('slug', 'Slug', { placeholder: 'autumn-drops', hint: 'Its address: /promotion/{slug}' })}
            {field('title', 'Title', { maxLength: 120 })}
            {field('subtitle', 'Subtitle', { maxLength: 200 })}
            {field('badge', 'Badge', { maxLength: 40, placeholder: 'New' })}
            {field('cta_label', 'Button', { maxLength: 40 })}
            {field('sort_order', 'Sort order', { inputMode: 'numeric' })}
            {field('starts_at', 'Starts (UTC)', { type: 'datetime-local', hint: 'Empty: at once.' })}
            {field('ends_at', 'Ends (UTC)', { type: 'datetime-local', hint: 'Empty: no end.' })}
          </div>
          {field('summary', 'Summary', { maxLength: 500 })}
          <Checkbox
            label="Published (shown on /promotion while running)"
            checked={form.published}
            onChange={(event) => set('published', event.target.checked)}
          />
          <div className="grid items-start gap-4 lg:grid-cols-2">
            <TextAreaField
              label="Body (Markdown)"
              value={form.body}
              onChange={(event) => set('body', event.target.value)}
              rows={20}
              className="font-mono text-sm leading-relaxed"
              error={errors.body}
            />
            <Preview markdown={form.body} label="Promotion preview" />
          </div>
          {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
          <Button type="submit" busy={busy}>
            {editing ? 'Save promotion' : 'Create promotion'}
          </Button>
        </form>
      </Card>
    </div>
  );
}

/** Promotions and the static pages' Markdown (issue 18), each with the site's own sanitised rendering beside it. */
export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const [, setSearchParams] = useSearchParams();
  return (
    <div className="space-y-5">
      <AdminHeading title="Content" />
      <Tabs
        label="Content"
        selected={loaderData.tab}
        onSelect={(tab) => setSearchParams(tab === 'promotions' ? { tab } : {}, { preventScrollReset: true })}
        tabs={[
          {
            id: 'pages',
            label: 'Pages',
            content: loaderData.tab === 'pages' ? <PagesEditor key={loaderData.slug} slug={loaderData.slug} loaded={loaderData.page} /> : null,
          },
          { id: 'promotions', label: 'Promotions', content: loaderData.tab === 'promotions' ? <PromotionsEditor promotions={loaderData.promotions} /> : null },
        ]}
      />
    </div>
  );
}
