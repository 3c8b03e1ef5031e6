import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlayerEvent } from '../../notify/player-events.ts';
import { useTestApp } from '../../test-app.ts';
import { mailsTo } from '../accounts/testing.ts';
import { OPERATOR_ENV, paymentsKit } from '../payments/testing.ts';
import { REFUSALS } from './file-check.ts';
import { ELF, jpeg, pdf, png } from './fixtures.ts';
import { upload } from './testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = paymentsKit(t);

const photo = async (seed = 1) => ({ bytes: await jpeg({ seed }), name: 'photo.jpg', type: 'image/jpeg' });
const scan = () => ({ bytes: pdf(), name: 'bill.pdf', type: 'application/pdf' });
const view = async (token: string) => (await kit.call('GET', '/api/player/verification', { token })).json().data;
const uploaded = async (token: string, fields: Record<string, string>, file: { bytes: Buffer; name: string; type?: string }) => {
  const response = await upload(t, token, fields, file);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.document as { id: string; status: string };
};
const approve = async (id: string) => kit.call('POST', `/api/admin/kyc/documents/${id}/approve`, { token: await kit.operator() });

describe('GET /api/player/verification', () => {
  it('tells a new player they are unverified and what is needed; guests get 401', async () => {
    const player = await kit.player();
    expect(await view(player.token)).toEqual({
      status: 'unverified',
      documents: [],
      required: [
        'A photo ID: the front of your passport, identity card or driving licence.',
        'A proof of address: a utility bill, bank statement or official letter from the last 3 months with your name and address.',
      ],
    });
    expect((await kit.call('GET', '/api/player/verification')).statusCode).toBe(401);
    expect((await kit.call('GET', '/api/player/verification', { token: (await kit.player({ blocked: true })).token })).statusCode).toBe(423);
  });
});

describe('POST /api/player/verification/documents', () => {
  it('stores a document as pending with its metadata, and a re-upload of the side replaces the pending one', async () => {
    const player = await kit.player();
    const response = await upload(t, player.token, { kind: 'identity', document_type: 'passport' }, await photo());
    expect(response.statusCode).toBe(201);
    const { document, verification } = response.json().data;
    expect(document).toMatchObject({
      kind: 'identity',
      document_type: 'passport',
      side: 'front',
      status: 'pending',
      reason: null,
      file_name: 'photo.jpg',
      content_type: 'image/jpeg',
    });
    expect(document.size).toBeGreaterThan(1000);
    expect(verification.status).toBe('pending');
    expect(verification.required).toEqual([
      'A proof of address: a utility bill, bank statement or official letter from the last 3 months with your name and address.',
    ]);
    const again = await uploaded(player.token, { kind: 'identity', document_type: 'passport', side: 'front' }, await photo(2));
    const documents = (await view(player.token)).documents;
    expect(documents.map((item: { id: string }) => item.id)).toEqual([again.id]);
    expect((await kit.call('GET', `/api/player/verification/documents/${document.id}/file`, { token: player.token })).statusCode).toBe(404);
  });

  it('refuses what is not a document (422, naming the field), a file over 10 MB (413), and changes nothing', async () => {
    const player = await kit.player();
    const cases: [Record<string, string>, { bytes: Buffer; name: string; type?: string } | undefined, number, string, string][] = [
      [{ kind: 'identity', document_type: 'passport' }, { bytes: ELF, name: 'passport.jpg', type: 'image/jpeg' }, 422, 'file', REFUSALS.type],
      [
        { kind: 'address' },
        { bytes: pdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' }), name: 'bill.pdf' },
        422,
        'file',
        REFUSALS.pdfActive,
      ],
      [{ kind: 'address' }, { bytes: pdf({ trailer: '/Encrypt 5 0 R' }), name: 'bill.pdf' }, 422, 'file', REFUSALS.pdfEncrypted],
      [{ kind: 'address' }, { bytes: await png({ width: 20, height: 20 }), name: 'tiny.png' }, 422, 'file', REFUSALS.tooSmallImage],
      [{ kind: 'identity' }, await photo(), 422, 'document_type', 'Please choose which document you are uploading.'],
      [{ kind: 'address', document_type: 'passport' }, scan(), 422, 'document_type', 'The document type is only for a photo ID.'],
      [{ kind: 'identity', document_type: 'passport', side: 'back' }, await photo(), 422, 'side', 'This document has only one side: please upload its front.'],
      [{ kind: 'address', side: 'middle' }, scan(), 422, 'side', ''],
      [{ kind: 'licence' }, scan(), 422, 'kind', ''],
      [{}, scan(), 422, 'kind', ''],
      [{ kind: 'address' }, undefined, 422, 'file', 'Please choose a file to upload.'],
    ];
    for (const [fields, file, status, field, message] of cases) {
      const response = await upload(t, player.token, fields, file);
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
      expect(Object.keys(response.json().errors)).toEqual([field]);
      if (message) expect(response.json().errors[field]).toEqual([message]);
    }
    const big = await upload(t, player.token, { kind: 'address' }, { bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 7), name: 'big.pdf' });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(REFUSALS.tooLarge);
    const json = await kit.call('POST', '/api/player/verification/documents', { token: player.token, payload: { kind: 'address' } });
    expect(json.statusCode).toBe(415);
    expect(await view(player.token)).toMatchObject({ status: 'unverified', documents: [] });
  });

  it('is for active, unblocked, signed-in players only', async () => {
    expect((await upload(t, undefined, { kind: 'address' }, scan())).statusCode).toBe(401);
    expect((await upload(t, (await kit.player({ active: false })).token, { kind: 'address' }, scan())).statusCode).toBe(403);
    expect((await upload(t, (await kit.player({ blocked: true })).token, { kind: 'address' }, scan())).statusCode).toBe(423);
  });

  it('is rate-limited per player (429 after 30 uploads an hour)', async () => {
    const player = await kit.player();
    for (let i = 0; i < 30; i += 1) expect((await upload(t, player.token, { kind: 'selfie' }, { bytes: Buffer.from('x'), name: 'x' })).statusCode).toBe(422);
    const refused = await upload(t, player.token, { kind: 'address' }, scan());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ type: 'throttled' });
  });
});

describe('documents at rest', () => {
  it('keeps no uploaded byte sequence readable anywhere under DATA_DIR', async () => {
    const player = await kit.player();
    const sent = pdf({ catalog: `/Lang (PASSPORT-${randomUUID()}) /Title (Jane Doe 1990-01-01 P<UTOERIKSSON<<ANNA<MARIA<<<<<<)` });
    const image = await photo(7);
    const first = await uploaded(player.token, { kind: 'address' }, { bytes: sent, name: 'statement.pdf' });
    const second = await uploaded(player.token, { kind: 'identity', document_type: 'passport' }, image);
    const stored = (await kit.call('GET', `/api/player/verification/documents/${second.id}/file`, { token: player.token })).rawPayload;
    expect((await kit.call('GET', `/api/player/verification/documents/${first.id}/file`, { token: player.token })).rawPayload.equals(sent)).toBe(true);
    const files: string[] = [];
    const walk = async (folder: string): Promise<void> => {
      for (const entry of await readdir(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) await walk(full);
        else files.push(full);
      }
    };
    await walk(t.config.dataDir);
    const sealed = files.filter((file) => file.includes(`${path.sep}kyc${path.sep}`)).map((file) => path.basename(file));
    expect(sealed).toEqual(expect.arrayContaining([`${first.id}.sealed`, `${second.id}.sealed`]));
    const needles = [sent, image.bytes, stored].flatMap((bytes) =>
      Array.from({ length: Math.floor(bytes.length / 97) }, (_, i) => bytes.subarray(i * 97, i * 97 + 24)),
    );
    for (const file of files) {
      const content = await readFile(file);
      for (const needle of needles) expect(content.includes(needle), file).toBe(false);
    }
  });
});

describe('operator review', () => {
  it('lists pending documents oldest first with the player details to compare, serves the file decrypted, inline and uncached', async () => {
    const player = await kit.player();
    const first = await uploaded(player.token, { kind: 'identity', document_type: 'id_card' }, await photo(3));
    await uploaded(player.token, { kind: 'identity', document_type: 'id_card', side: 'back' }, await photo(4));
    const operator = await kit.operator();
    const queue = (await kit.call('GET', '/api/admin/kyc/documents?status=pending', { token: operator })).json().data as {
      id: string;
      uploaded_at: string;
      player: Record<string, string>;
    }[];
    const mine = queue.filter((item) => item.player.id === player.id);
    expect(mine.map((item) => item.id)[0]).toBe(first.id);
    expect(mine[0]!.player).toMatchObject({ email: player.email, name: expect.any(String), birthdate: expect.any(String), address1: expect.any(String) });
    expect([...queue].sort((a, b) => a.uploaded_at.localeCompare(b.uploaded_at))).toEqual(queue);
    const file = await kit.call('GET', `/api/admin/kyc/documents/${first.id}/file`, { token: operator });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="photo.jpg"/);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    const own = await kit.call('GET', `/api/player/verification/documents/${first.id}/file`, { token: player.token });
    expect(own.rawPayload.equals(file.rawPayload)).toBe(true);
    expect((await t.services.operators.actionsOn(`kyc-document:${first.id}`)).map((action) => action.action)).toEqual(['kyc.document.view']);
  });

  it('never lets a player reach another player’s documents (404), nor players the operator routes (401)', async () => {
    const owner = await kit.player();
    const other = await kit.player();
    const document = await uploaded(owner.token, { kind: 'address' }, scan());
    expect((await kit.call('GET', `/api/player/verification/documents/${document.id}/file`, { token: other.token })).statusCode).toBe(404);
    expect((await kit.call('GET', `/api/player/verification/documents/${randomUUID()}/file`, { token: owner.token })).statusCode).toBe(404);
    expect((await kit.call('GET', '/api/player/verification/documents/not-a-uuid/file', { token: owner.token })).statusCode).toBe(422);
    expect((await kit.call('GET', `/api/player/verification/documents/${document.id}/file`)).statusCode).toBe(401);
    expect((await view(other.token)).documents).toEqual([]);
    for (const [method, url] of [
      ['GET', '/api/admin/kyc/documents'],
      ['GET', `/api/admin/kyc/documents/${document.id}/file`],
      ['POST', `/api/admin/kyc/documents/${document.id}/approve`],
      ['POST', `/api/admin/kyc/documents/${document.id}/reject`],
      ['POST', `/api/admin/kyc/players/${owner.id}/erase`],
    ] as const) {
      expect(
        (await kit.call(method, url, { token: owner.token, ...(url.endsWith('reject') ? { payload: { reason: 'blurry photo' } } : {}) })).statusCode,
        url,
      ).toBe(401);
    }
    expect((await view(owner.token)).documents[0].status).toBe('pending');
  });

  it('rejects with a reason the player sees, by inbox, e-mail and live event; the player uploads again', async () => {
    const player = await kit.player();
    const events: PlayerEvent[] = [];
    const stop = t.services.events.subscribe((event) => {
      if (event.playerId === Number(player.id)) events.push(event);
    });
    const document = await uploaded(player.token, { kind: 'address' }, scan());
    const operator = await kit.operator();
    const reject = (payload: unknown) => kit.call('POST', `/api/admin/kyc/documents/${document.id}/reject`, { token: operator, payload });
    expect((await reject({})).statusCode).toBe(422);
    expect((await reject({ reason: '' })).statusCode).toBe(422);
    const rejected = await reject({ reason: 'The bill is older than 3 months.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.document).toMatchObject({ status: 'rejected', reason: 'The bill is older than 3 months.' });
    expect((await reject({ reason: 'again' })).statusCode).toBe(409);
    expect((await approve(document.id)).statusCode).toBe(409);
    expect((await kit.call('POST', `/api/admin/kyc/documents/${randomUUID()}/approve`, { token: operator })).statusCode).toBe(404);
    const now = await view(player.token);
    expect(now.status).toBe('rejected');
    expect(now.documents[0]).toMatchObject({ status: 'rejected', reason: 'The bill is older than 3 months.' });
    const inbox = (await kit.call('GET', '/api/player/messages', { token: player.token })).json().data as { subject: string; body: string }[];
    expect(inbox[0]).toMatchObject({ subject: 'We could not accept your proof of address' });
    expect(inbox[0]!.body).toContain('The bill is older than 3 months.');
    await t.services.outbox.drain();
    const mails = await mailsTo(t.config.dataDir, player.email);
    expect(mails.map((mail) => mail.subject)).toContain('We could not accept your proof of address');
    expect(mails.at(-1)!.text).toContain('/account/verification');
    const live = events.filter((event) => event.name === 'VerificationUpdated').at(-1)!.data as { verification: { status: string } };
    expect(live.verification.status).toBe('rejected');
    stop();
    await uploaded(player.token, { kind: 'address' }, scan());
    expect((await view(player.token)).status).toBe('pending');
  });

  it('verifies the player once both sides of the ID and a proof of address are approved; the withdrawal then goes through', async () => {
    const player = await kit.player();
    await kit.deposit(player.token, 50_00);
    const ids = [
      await uploaded(player.token, { kind: 'identity', document_type: 'driving_licence', side: 'front' }, await photo(5)),
      await uploaded(player.token, { kind: 'identity', document_type: 'driving_licence', side: 'back' }, await photo(6)),
      await uploaded(player.token, { kind: 'address' }, scan()),
    ].map((document) => document.id);
    const withdraw = () =>
      kit.call('POST', '/api/payments/withdrawals', { token: player.token, key: randomUUID(), payload: { method: 'sandbox-card', amount: 20_00 } });
    expect((await withdraw()).statusCode).toBe(400);
    for (const id of ids.slice(0, 2)) expect((await approve(id)).statusCode).toBe(200);
    expect((await view(player.token)).status).toBe('pending');
    const last = await approve(ids[2]!);
    expect(last.json().data.verification).toMatchObject({ status: 'verified', required: [] });
    expect((await kit.call('GET', '/api/player', { token: player.token })).json().kyc_status).toBe('verified');
    const listed = (await kit.call('GET', `/api/admin/players?email=${encodeURIComponent(player.email)}`, { token: await kit.operator() })).json().data;
    expect(listed[0].kyc_status).toBe('verified');
    expect((await withdraw()).statusCode).toBe(201);
    const inbox = (await kit.call('GET', '/api/player/messages', { token: player.token })).json().data as { body: string }[];
    expect(inbox[0]!.body).toContain('Your account is now verified and withdrawals are unlocked.');
  });
});

describe('POST /api/admin/players/{id}/kyc (override) and retention', () => {
  it('overrides the status, recorded with the operator and the reason', async () => {
    const player = await kit.player();
    const operator = await kit.operator();
    const answer = await kit.call('POST', `/api/admin/players/${player.id}/kyc`, {
      token: operator,
      payload: { status: 'verified', reason: 'Verified in person at the Valletta office' },
    });
    expect(answer.statusCode).toBe(200);
    expect((await view(player.token)).status).toBe('verified');
    const [action] = await t.services.operators.actionsOn(`player:${player.id}`);
    expect(action).toMatchObject({ action: 'player.kyc', after: { kyc_status: 'verified', reason: 'Verified in person at the Valletta office' } });
    expect(action!.staff_id).toEqual(expect.any(String));
  });

  it('erases nothing inside the retention period (5 years by default)', async () => {
    const player = await kit.player();
    const document = await uploaded(player.token, { kind: 'address' }, scan());
    const operator = await kit.operator();
    const erased = await kit.call('POST', `/api/admin/kyc/players/${player.id}/erase`, { token: operator });
    expect(erased.json()).toEqual({ data: { erased: 0 } });
    expect((await kit.call('GET', `/api/admin/kyc/documents/${document.id}/file`, { token: operator })).statusCode).toBe(200);
    expect((await kit.call('POST', '/api/admin/kyc/players/999999999/erase', { token: operator })).statusCode).toBe(404);
  });
});

describe('the API reference', () => {
  it('documents the upload as multipart/form-data with its fields, and the review routes as operator routes', async () => {
    const document = (await kit.call('GET', '/api/openapi.json')).json();
    const post = document.paths['/api/player/verification/documents'].post;
    const body = post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(body.properties)).toEqual(['kind', 'document_type', 'side', 'file']);
    expect(body.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(body.required).toEqual(expect.arrayContaining(['kind']));
    expect(document.paths['/api/admin/kyc/documents/{id}/approve'].post.security).toEqual([{ bearer: [] }, { staffCookie: [] }]);
    expect(document.paths['/api/player/verification'].get.security).toEqual([{ bearer: [] }, { tokenCookie: [] }]);
  });
});
