import { expect, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the layout screenshots go: e2e/artifacts/screens/<width>/<screen>.png (gitignored). */
const SCREENS_DIR = fileURLToPath(new URL('../artifacts/screens/', import.meta.url));

/** Page-level layout checks: horizontal page scroll, what causes it, and full-page screenshots. */
export class LayoutPage {
  constructor(private readonly page: Page) {}

  /** How many px the page is wider than the window; 0 or less means no horizontal page scroll. */
  horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  /**
   * The outermost elements that reach past the window's right edge, outside any container that
   * scrolls them itself (a table inside .table-wrap may be wider; that is the point of the wrap).
   */
  overflowingElements(): Promise<string[]> {
    return this.page.evaluate(() => {
      const limit = window.innerWidth;
      const describe = (el: Element) => {
        const cls =
          typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        return `${el.tagName.toLowerCase()}${cls} (right ${Math.round(el.getBoundingClientRect().right)})`;
      };
      const isClipped = (el: Element) => {
        for (let p = el.parentElement; p; p = p.parentElement) {
          const overflowX = getComputedStyle(p).overflowX;
          if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return true;
        }
        return false;
      };
      const found: string[] = [];
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        if (el.getBoundingClientRect().right <= limit + 0.5 || isClipped(el)) continue;
        const parent = el.parentElement;
        if (parent && parent.getBoundingClientRect().right > limit + 0.5 && !isClipped(parent)) continue;
        found.push(describe(el));
      }
      return found.slice(0, 10);
    });
  }

  /**
   * Row actions (buttons in a table's last column) that cannot be reached without scrolling sideways: outside
   * their scrolling box or the window. Each as "table label: button text".
   */
  unreachableRowActions(): Promise<string[]> {
    return this.page.evaluate(() => {
      const found: string[] = [];
      for (const wrap of Array.from(document.querySelectorAll('.table-wrap'))) {
        const box = wrap.getBoundingClientRect();
        const right = Math.min(box.right, window.innerWidth) + 0.5;
        const left = Math.max(box.left, 0) - 0.5;
        const label = wrap.querySelector('table')?.getAttribute('aria-label') ?? 'table';
        for (const button of Array.from(wrap.querySelectorAll('tbody > tr > td:last-child button'))) {
          const b = button.getBoundingClientRect();
          if (b.width > 0 && (b.right > right || b.left < left)) found.push(`${label}: ${button.textContent ?? ''}`);
        }
      }
      return found;
    });
  }

  /**
   * What `table` (its aria-label) cuts off: cells whose content is wider than the cell, and the table itself
   * when its box scrolls sideways (columns out of view, or under the pinned actions). Each as "what: text".
   */
  clippedCells(table: string): Promise<string[]> {
    return this.page.evaluate((label) => {
      const found: string[] = [];
      const tables = Array.from(document.querySelectorAll(`table[aria-label="${label}"]`));
      for (const t of tables) {
        const wrap = t.closest('.table-wrap');
        if (wrap && wrap.scrollWidth > wrap.clientWidth + 1) {
          found.push(`${label} scrolls sideways by ${wrap.scrollWidth - wrap.clientWidth}px`);
        }
        for (const cell of Array.from(t.querySelectorAll('th, td'))) {
          const box = cell.getBoundingClientRect();
          if (box.width === 0) continue; // hidden (a phone's table header)
          if (cell.scrollWidth > cell.clientWidth + 1) found.push(`${label} cell: ${cell.textContent ?? ''}`);
        }
      }
      return found;
    }, table);
  }

  /** Waits until no "Loading..." text or button is left on screen. */
  async settled() {
    await expect(this.page.getByText(/^Loading/)).toHaveCount(0);
  }

  /** A full-page screenshot of the current screen. */
  async screenshot(width: number, screen: string) {
    await this.page.screenshot({ path: path.join(SCREENS_DIR, String(width), `${screen}.png`), fullPage: true });
  }
}
