// The Strategy Lab stories' shared steps: the history a backtest replays, and the layout checks of their screens.
import type { Browser, Page } from '@playwright/test';
import { AdminDataPage } from './pages/admin-data.page.js';
import { LayoutPage } from './pages/layout.page.js';
import { expect, openAdminConsole } from './user-api.js';

/** SANDBOX 24x7's Kite instrument token (docs/SANDBOX.md): it trades around the clock, so today has candles. */
export const SANDBOX_TOKEN = '99000073';
export const SANDBOX_OPTION = 'SANDBOX 24x7 (SANDBOX)';

export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** "YYYY-MM-DD" of now on the Indian clock. */
export const istToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** The history a backtest replays: today's 1-minute candles of SANDBOX 24x7, fetched by an admin on Market Data. */
export async function fetchTodaysSandboxCandles(browser: Browser) {
  const admin = await openAdminConsole(browser);
  try {
    const data = new AdminDataPage(admin.page);
    await data.open();
    await data.choose({ source: 'kite', instrumentToken: SANDBOX_TOKEN, interval: '1m' });
    await data.field('Start Date').fill(`${istToday()}T00:00`);
    await data.fetchData();
    await expect(data.success(/Successfully fetched [\d,]+ records from kite/)).toBeVisible({ timeout: 30_000 });
  } finally {
    await admin.close();
  }
}

/**
 * Full-page screenshots at a desktop and a phone width, each checked for a sideways page scroll and row actions
 * out of reach; `fitting` names tables that must show whole even on the phone (no sideways scroll inside them).
 */
export async function screenshots(page: Page, name: string, fitting: string[] = []) {
  const layout = new LayoutPage(page);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await layout.settled();
    await layout.screenshot(viewport.width, name);
    const where = `${name} at ${viewport.width} px`;
    expect.soft(await layout.horizontalOverflow(), where).toBeLessThanOrEqual(0);
    expect.soft(await layout.overflowingElements(), where).toEqual([]);
    expect.soft(await layout.unreachableRowActions(), where).toEqual([]);
    for (const table of fitting) expect.soft(await layout.clippedCells(table), where).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS[0]!);
}
