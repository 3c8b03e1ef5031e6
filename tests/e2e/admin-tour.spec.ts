// The operator tour (issue 32): every console screen, as each of the five roles, at a phone width and a desktop
// width. A screen the role opens shows its heading and its data (never "Loading…" forever) and never scrolls
// sideways; a screen it does not open says which permission it needs. Screenshots go to test-results/admin/tour/.
import type { Page } from '@playwright/test';
import { ADMIN_NAV } from '../../app/features/admin/session.tsx';
import { permissionsOf, STAFF_ROLES } from '../../server/modules/operators/permissions.ts';
import { expect, newStaff, staffPage } from './admin-fixtures.ts';
import { api, depositFor, operatorToken, registerActivePlayer, screenshotPage, sessionOf, test } from './fixtures.ts';

const WIDTHS = [375, 1280] as const;

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
}

async function noSidewaysScroll(page: Page, width: number) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** A player with a deposit, so their page has money, a transaction and a session to show. */
async function playerWithHistory(): Promise<string> {
  const email = await registerActivePlayer();
  const session = await sessionOf(email);
  await depositFor(session.token, 2500);
  const found = await api<{ data: { id: string | number }[] }>(`/api/admin/players?email=${encodeURIComponent(email)}`, { token: await operatorToken() });
  expect(found.status).toBe(200);
  const id = found.body.data[0]?.id;
  expect(id).toBeDefined();
  return String(id);
}

for (const role of STAFF_ROLES) {
  test(`the console tour as ${role}: every screen opens or says why not, at 375 px and 1280 px`, async ({ context }) => {
    test.setTimeout(180_000);
    const allowed = new Set<string>(permissionsOf(role));
    const player = await playerWithHistory();
    const page = await staffPage(context, await newStaff(role), '/admin/security');
    await expect(page).toHaveURL(/\/admin\/security$/);
    await settled(page);
    const screens = [
      ...ADMIN_NAV.map((item) => ({ to: item.to, label: item.label, permission: item.permission as string })),
      { to: `/admin/players/${player}`, label: 'Player', permission: 'players.read' },
    ];
    for (const screen of screens) {
      await page.goto(screen.to);
      const opens = allowed.has(screen.permission);
      if (opens) {
        await settled(page);
        await expect(page.getByText('Your role does not open this screen')).toHaveCount(0);
      } else {
        await expect(page.getByRole('alert')).toContainText(`it needs the ${screen.permission} permission`);
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await noSidewaysScroll(page, width);
        if (opens) await screenshotPage(page, `test-results/admin/tour/${role}-${screen.label.toLowerCase().replaceAll(' ', '-')}-${width}.png`);
      }
    }
  });
}
