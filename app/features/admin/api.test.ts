import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { AuditRecord, OutboxItem } from '../../../contract/operators.ts';
import { adminLoad, adminLoadBody, filtersOf, type ListPage, type Loaded } from './api.ts';

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('what a console screen’s loader reads', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands over the answer’s data, or the whole answer of a paged list', async () => {
    vi.stubGlobal('fetch', answer(200, { data: [{ id: '1' }], meta: { current_page: 1, last_page: 1, per_page: 25, total: 1 } }));
    const request = new Request('http://localhost/admin/audit');
    expect(await adminLoad(request, '/api/admin/audit')).toEqual({ data: [{ id: '1' }], error: null });
    expect((await adminLoadBody(request, '/api/admin/audit')).data?.meta.total).toBe(1);
  });

  it('types what it hands over from the contract’s endpoint for the path, not from the caller', () => {
    // Checked when the tests are compiled: a path's answer is the schema the server sends it with.
    expectTypeOf(adminLoad<'/api/admin/outbox?status=failed'>).returns.resolves.toEqualTypeOf<Loaded<OutboxItem[]>>();
    expectTypeOf(adminLoadBody<'/api/admin/audit?page=2'>).returns.resolves.toEqualTypeOf<Loaded<ListPage<AuditRecord>>>();
  });

  it('hands a refusal or a network failure over as the message the screen shows, never thrown', async () => {
    vi.stubGlobal('fetch', answer(403, { message: 'This needs the audit.read permission.' }));
    expect(await adminLoad(new Request('http://localhost/admin/audit'), '/api/admin/audit')).toEqual({
      data: null,
      error: 'This needs the audit.read permission.',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    expect((await adminLoad(new Request('http://localhost/admin/audit'), '/api/admin/audit')).error).toMatch(/could not reach the server/);
  });

  it('on a 401 redirects to the sign-in screen, coming back to the address being opened', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Unauthenticated.' }));
    const thrown = await adminLoad(new Request('http://localhost/admin/players?q=eve'), '/api/admin/players/search?q=eve').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/admin/login?next=%2Fadmin%2Fplayers%3Fq%3Deve');
  });

  it('passes on only the filters the screen names, filled, in the order it names them', () => {
    const request = new Request('http://localhost/admin/audit?action=player.block&page=3&player_id=%2042%20&staff_id=&other=x');
    expect(filtersOf(request, ['player_id', 'staff_id', 'action']).toString()).toBe('player_id=42&action=player.block');
  });
});
