// The console's group message (issue 32): a message to a segment is marketing, so before it goes out the screen
// says how many players it reaches and how many the rule leaves out (self-excluded, on a break, blocked or without
// marketing consent), and sends only once staff confirm it with a reason (issue 32 §3). At 1280 px and at 375 px.
import { expect, signInOperator } from './admin-fixtures.ts';
import { api, PLAYER_PASSWORD, registerActivePlayer, screenshotPage, sessionOf, test } from './fixtures.ts';

/** Tuvalu: no other suite registers players there, so the segment holds exactly this test's players. */
const COUNTRY = 'TV';
const RULE = 'self-excluded, on a break, blocked or without marketing consent';

/** A player of COUNTRY who has consented to marketing; their token. */
async function consentingPlayer() {
  const { token } = await sessionOf(await registerActivePlayer());
  const profile = await api('/api/player', { method: 'PATCH', token, body: { country: COUNTRY, newsletter: true } });
  expect(profile.status).toBe(200);
  return token;
}
const subjectsOf = async (token: string) =>
  (await api<{ data: { subject: string }[] }>('/api/player/messages', { token })).body.data.map((message) => message.subject);

test.describe('the console’s group message', () => {
  test.describe.configure({ timeout: 150_000 });

  test('says how many it reaches and how many the rule leaves out, and sends only once confirmed', async ({ page }) => {
    const [first, second, selfExcluded, withoutConsent] = [
      await consentingPlayer(),
      await consentingPlayer(),
      await consentingPlayer(),
      await consentingPlayer(),
    ];
    const excluded = await api('/api/player/self-exclusion', { method: 'POST', token: selfExcluded, body: { months: 6, password: PLAYER_PASSWORD } });
    expect(excluded.status).toBe(200);
    expect((await api('/api/player', { method: 'PATCH', token: withoutConsent, body: { newsletter: false } })).status).toBe(200);

    await signInOperator(page, '/admin/messages');
    await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Send a message' });
    const confirmation = page.getByRole('dialog', { name: 'Send to a group' });
    const ask = async (subject: string) => {
      await form.getByLabel('To').selectOption('country');
      await form.getByLabel('Country code').fill(COUNTRY);
      await form.getByLabel('Subject').fill(subject);
      await form.getByLabel('Message').fill('A bonus is waiting for you.');
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(confirmation).toContainText(`Send “${subject}” to 2 players of ${COUNTRY}? 2 are excluded by rule (${RULE}).`);
    };

    // 375 px: asked, then cancelled; nothing is sent.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(form.getByLabel(/^Marketing: not sent if the player is/)).not.toBeChecked();
    await screenshotPage(page, 'test-results/admin/messages-one-player-375.png');
    await ask('Come back and play');
    await expect(form.getByLabel('Subject')).toBeDisabled();
    await screenshotPage(page, 'test-results/admin/messages-confirm-375.png');
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(form.getByLabel('Subject')).toBeEnabled();
    expect(await subjectsOf(first)).toEqual([]);

    // 1280 px: asked; not sent without a reason; then confirmed and sent to the two players the rule allows.
    await page.setViewportSize({ width: 1280, height: 900 });
    await ask('Come back and play');
    await confirmation.getByRole('button', { name: 'Send to 2 players' }).click();
    await expect(confirmation.getByRole('alert')).toHaveText('Give a reason of at least 3 characters.');
    expect(await subjectsOf(first)).toEqual([]);
    await confirmation.getByLabel('Reason').fill('Tuvalu win-back campaign');
    await screenshotPage(page, 'test-results/admin/messages-confirm-1280.png');
    await confirmation.getByRole('button', { name: 'Send to 2 players' }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(form.getByRole('status')).toHaveText(`Message sent to 2 players. 2 were excluded by rule (${RULE}).`);
    await screenshotPage(page, 'test-results/admin/messages-sent-1280.png');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshotPage(page, 'test-results/admin/messages-sent-375.png');

    expect(await subjectsOf(first)).toEqual(['Come back and play']);
    expect(await subjectsOf(second)).toEqual(['Come back and play']);
    expect(await subjectsOf(selfExcluded)).toEqual([]);
    expect(await subjectsOf(withoutConsent)).toEqual([]);
  });
});
