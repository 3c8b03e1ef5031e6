import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { pageOverrides } from './schema.ts';

// The back office's promotions and static pages (issue 18): content.manage only, 422 on bad input with nothing
// changed, every change in the audit log with before and after, and the player site showing an override.

const root = fileURLToPath(new URL('../../..', import.meta.url));
async function productionSite() {
  if (!existsSync(path.join(root, 'build/server/index.js'))) expect(spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status).toBe(0);
  const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild;
  return { mode: 'production' as const, loadBuild: async () => build, clientDir: path.join(root, 'build/client') };
}

const t = useTestApp({ ...OPERATOR_ENV, RATE_LIMIT_ALLOWLIST: '127.0.0.1' }, productionSite);
const kit = staffKit(t, '10.71');
const trailOf = async (subject: string) => t.services.operators.audit.actionsOn(subject);

describe('static pages', () => {
  it('a marketing staff member edits the FAQ: audited with before and after, and /faq shows it; support is refused', async () => {
    const marketing = await kit.staff('marketing');
    const support = await kit.staff('support');

    const refused = await kit.call('GET', '/api/admin/pages/faq', { token: support.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('content.manage');
    expect((await kit.call('PUT', '/api/admin/pages/faq', { token: support.token, payload: { markdown: '# Hacked' } })).statusCode).toBe(403);
    expect((await kit.call('POST', '/api/admin/pages/preview', { token: support.token, payload: { markdown: '# x' } })).statusCode).toBe(403);
    expect((await kit.call('GET', '/api/admin/pages/faq')).statusCode).toBe(401);

    const bundled = await kit.call('GET', '/api/admin/pages/faq', { token: marketing.token });
    expect(bundled.statusCode).toBe(200);
    expect(bundled.json().data).toMatchObject({ slug: 'faq', overridden: false, updated_by: null });
    expect(bundled.json().data.markdown).toContain('title: Frequently asked questions');
    const all = await kit.call('GET', '/api/admin/pages', { token: marketing.token });
    expect(all.json().data.map((page: { slug: string }) => page.slug)).toEqual([
      'faq',
      'about',
      'cookie-policy',
      'privacy-policy',
      'terms-and-conditions',
      'responsible-gaming',
    ]);

    const source = '---\ntitle: Questions and answers\n---\n\n## Brand new\n\nPayouts within **24 hours**.\n\n<script>alert(1)</script>';
    const saved = await kit.call('PUT', '/api/admin/pages/faq', { token: marketing.token, payload: { markdown: source } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ slug: 'faq', overridden: true, markdown: source, updated_by: String(marketing.id) });
    const [entry] = await trailOf('page:faq');
    expect(entry).toMatchObject({ action: 'page.update', staff_id: String(marketing.id), after: { overridden: true, markdown: source } });
    expect(entry!.before).toMatchObject({ overridden: false, markdown: bundled.json().data.markdown });

    const page = await t.app.inject({ method: 'GET', url: '/faq' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Brand new');
    expect(page.body).toContain('Payouts within <strong>24 hours</strong>');
    expect(page.body).toContain('Questions and answers');
    expect(page.body).not.toContain('alert(1)');
    // The bundled file's description stays where the override has none; other pages are untouched.
    expect(page.body).toContain('Answers about accounts, deposits');
    expect((await t.app.inject({ method: 'GET', url: '/about' })).body).not.toContain('Brand new');

    // Back to the bundled file.
    const reset = await kit.call('DELETE', '/api/admin/pages/faq', { token: marketing.token });
    expect(reset.json().data).toMatchObject({ overridden: false });
    expect((await trailOf('page:faq')).map((row) => row.action)).toEqual(['page.update', 'page.reset']);
    expect((await t.app.inject({ method: 'GET', url: '/faq' })).body).not.toContain('Brand new');
  });

  it('refuses an empty page, an unknown slug and an oversized body, changing nothing', async () => {
    const { token } = await kit.staff('marketing');
    const count = async () => (await t.services.database.db.select().from(pageOverrides)).length;
    const before = await count();
    const empty = await kit.call('PUT', '/api/admin/pages/about', { token, payload: { markdown: '' } });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['markdown']);
    expect((await kit.call('PUT', '/api/admin/pages/about', { token, payload: { markdown: 'x'.repeat(100_001) } })).statusCode).toBe(422);
    expect((await kit.call('PUT', '/api/admin/pages/about', { token, payload: {} })).statusCode).toBe(422);
    expect((await kit.call('PUT', '/api/admin/pages/contact', { token, payload: { markdown: '# x' } })).statusCode).toBe(422);
    expect(await count()).toBe(before);
    expect(await trailOf('page:about')).toEqual([]);
  });

  it('previews with the site’s renderer: scripts, handlers and javascript: links do not survive', async () => {
    const { token } = await kit.staff('marketing');
    const preview = await kit.call('POST', '/api/admin/pages/preview', {
      token,
      payload: {
        markdown:
          '---\ntitle: Help\ndescription: Short\n---\n# Hello\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[claim](javascript:alert(3)) [ok](https://example.com)',
      },
    });
    expect(preview.statusCode).toBe(200);
    const { title, description, html } = preview.json().data as { title: string; description: string; html: string };
    expect({ title, description }).toEqual({ title: 'Help', description: 'Short' });
    expect(html).toContain('<h1>Hello</h1>');
    expect(html).toContain('<a href="https://example.com">ok</a>');
    expect(html).not.toMatch(/<script|onerror|<img|javascript:/i);
  });
});

describe('promotions', () => {
  it('lists, creates and edits promotions, audited; the edit shows on the player site; support is refused', async () => {
    const marketing = await kit.staff('marketing');
    const support = await kit.staff('support');
    expect((await kit.call('GET', '/api/admin/promotions', { token: support.token })).statusCode).toBe(403);
    expect((await kit.call('PUT', '/api/admin/promotions/1', { token: support.token, payload: { title: 'x' } })).statusCode).toBe(403);

    const listed = await kit.call('GET', '/api/admin/promotions', { token: marketing.token });
    expect(listed.statusCode).toBe(200);
    const promotions = listed.json().data as { id: number; slug: string; title: string; body: string }[];
    expect(promotions.length).toBeGreaterThan(0);

    const created = await kit.call('POST', '/api/admin/promotions', {
      token: marketing.token,
      payload: { slug: 'autumn-drops', title: 'Autumn drops', summary: 'Daily prizes', body: '## Rules\n\nPlay any slot.', badge: 'New' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json().data as { id: number };
    expect(created.json().data).toMatchObject({ slug: 'autumn-drops', cta_label: 'Claim now', published: true });
    expect((await trailOf(`promotion:${made.id}`))[0]).toMatchObject({ action: 'promotion.create', staff_id: String(marketing.id) });
    const again = await kit.call('POST', '/api/admin/promotions', {
      token: marketing.token,
      payload: { slug: 'autumn-drops', title: 'Again', summary: 'x', body: 'x' },
    });
    expect(again.statusCode).toBe(409);

    const changed = await kit.call('PUT', `/api/admin/promotions/${made.id}`, { token: marketing.token, payload: { title: 'Autumn cash drops' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ title: 'Autumn cash drops', summary: 'Daily prizes' });
    const trail = await trailOf(`promotion:${made.id}`);
    expect(trail[1]).toMatchObject({ action: 'promotion.update', before: { title: 'Autumn drops' }, after: { title: 'Autumn cash drops' } });
    const page = await t.app.inject({ method: 'GET', url: '/promotion/autumn-drops' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Autumn cash drops');

    // Bad input: nothing changes and no audit row is written.
    const badDates = await kit.call('PUT', `/api/admin/promotions/${made.id}`, {
      token: marketing.token,
      payload: { starts_at: '2026-12-01T00:00:00.000Z', ends_at: '2026-11-01T00:00:00.000Z' },
    });
    expect(badDates.statusCode).toBe(422);
    expect(badDates.json().errors).toEqual({ ends_at: ['The end must be after the start.'] });
    const emptyTitle = await kit.call('PUT', `/api/admin/promotions/${made.id}`, { token: marketing.token, payload: { title: '' } });
    expect(emptyTitle.statusCode).toBe(422);
    expect(Object.keys(emptyTitle.json().errors)).toEqual(['title']);
    expect(
      (await kit.call('POST', '/api/admin/promotions', { token: marketing.token, payload: { slug: 'Bad Slug!', title: 'x', summary: 'x', body: 'x' } }))
        .statusCode,
    ).toBe(422);
    expect(await trailOf(`promotion:${made.id}`)).toHaveLength(2);
    expect((await kit.call('PUT', '/api/admin/promotions/999999', { token: marketing.token, payload: { title: 'x' } })).statusCode).toBe(404);

    // Unpublished, it leaves the player site.
    await kit.call('PUT', `/api/admin/promotions/${made.id}`, { token: marketing.token, payload: { published: false } });
    expect((await t.app.inject({ method: 'GET', url: '/promotion/autumn-drops' })).statusCode).toBe(404);
  });
});
