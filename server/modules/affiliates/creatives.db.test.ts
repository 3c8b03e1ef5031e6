// Banners for affiliates (docs/decisions/0107-affiliates.md): marketing uploads images recognised by their bytes;
// affiliates list them; anyone fetches the image (it is embedded on affiliates' sites).
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { auditLog } from '../operators/schema.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { affiliateKit } from './testing.ts';

async function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe('affiliate creatives', () => {
  const t = useTestApp(OPERATOR_ENV);

  it('are uploaded by marketing as checked images, listed to affiliates and served to anyone', async () => {
    const kit = affiliateKit(t, '10.65');
    const staff = staffKit(t, '10.66');
    const admin = await staff.adminToken();
    const marketing = await staff.staff('marketing');
    const finance = await staff.staff('finance');
    const png = await sharp({ create: { width: 728, height: 90, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const post = async (token: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) => {
      const body = await form(fields, file);
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/affiliate-creatives',
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    expect((await post(finance.token, { name: 'Leaderboard' }, { bytes: png, name: 'b.png', type: 'image/png' })).statusCode).toBe(403);
    const fake = await post(marketing.token, { name: 'Not an image' }, { bytes: Buffer.from('<svg onload=alert(1)>'), name: 'b.png', type: 'image/png' });
    expect([fake.statusCode, Object.keys(fake.json().errors)]).toEqual([422, ['file']]);
    const missing = await post(marketing.token, { name: 'No file' });
    expect(missing.statusCode).toBe(422);
    const made = await post(marketing.token, { name: 'Leaderboard', landing_path: '/promotion' }, { bytes: png, name: 'b.png', type: 'image/png' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ name: 'Leaderboard', width: 728, height: 90, mime: 'image/png', landing_path: '/promotion' });

    const affiliate = await kit.approvedAffiliate(admin);
    const listed = await kit.call('GET', '/api/affiliates/creatives', { token: affiliate.token });
    const creative = listed.json().data.find((row: { id: string }) => row.id === made.json().data.id);
    const image = await t.app.inject({ method: 'GET', url: creative.image_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);

    // A removal says why: without a reason it is refused and the banner stays.
    const remove = (payload?: object) =>
      staff.call('DELETE', `/api/admin/affiliate-creatives/${creative.id}`, { token: marketing.token, ...(payload ? { payload } : {}) });
    for (const payload of [undefined, {}, { reason: 'no' }]) expect((await remove(payload)).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: creative.image_url })).statusCode).toBe(200);
    expect((await remove({ reason: 'The campaign it advertised has ended' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: creative.image_url })).statusCode).toBe(404);
    const [entry] = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'affiliate.creative_delete'), eq(auditLog.subject, `affiliate_creative:${creative.id}`)));
    expect(entry?.after).toEqual({ name: 'Leaderboard', reason: 'The campaign it advertised has ended' });
  });
});
