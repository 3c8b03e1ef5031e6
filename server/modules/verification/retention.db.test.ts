import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR_ENV, paymentsKit } from '../payments/testing.ts';
import { pdf } from './fixtures.ts';
import { upload } from './testing.ts';

// With a retention period of 0 days every document is past it: what an operator's erasure does, and what stays.
const t = useTestApp({ ...OPERATOR_ENV, KYC_RETENTION_DAYS: '0' });
const kit = paymentsKit(t);

describe('POST /api/admin/kyc/players/{id}/erase after the retention period', () => {
  it('erases the files (410 afterwards), keeps the decided rows and the status, and records who did it', async () => {
    const player = await kit.player();
    const sent = await upload(t, player.token, { kind: 'address' }, { bytes: pdf(), name: 'bill.pdf' });
    const id = sent.json().data.document.id as string;
    const operator = await kit.operator();
    expect((await kit.call('POST', `/api/admin/kyc/documents/${id}/approve`, { token: operator })).statusCode).toBe(200);
    const erased = await kit.call('POST', `/api/admin/kyc/players/${player.id}/erase`, { token: operator });
    expect(erased.json()).toEqual({ data: { erased: 1 } });
    expect((await kit.call('GET', `/api/admin/kyc/documents/${id}/file`, { token: operator })).statusCode).toBe(410);
    expect((await kit.call('GET', `/api/player/verification/documents/${id}/file`, { token: player.token })).statusCode).toBe(410);
    const view = (await kit.call('GET', '/api/player/verification', { token: player.token })).json().data;
    expect(view.documents).toMatchObject([{ id, status: 'approved' }]);
    expect((await kit.call('POST', `/api/admin/kyc/players/${player.id}/erase`, { token: operator })).json()).toEqual({ data: { erased: 0 } });
    const actions = await t.services.operators.actionsOn(`player:${player.id}`);
    expect(actions.map((action) => [action.action, action.after])).toEqual([
      ['kyc.documents.erase', { erased: 1 }],
      ['kyc.documents.erase', { erased: 0 }],
    ]);
  });
});
