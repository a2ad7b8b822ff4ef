import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The WCAG levels the audits hold the screens to: 2.0, 2.1 and 2.2, A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's serious and critical violations on the page as it is now (the audits allow none; passing
 * nodes are not described: faster on grids).
 *
 * Legacy mode runs `axe.run` in the page itself. The default mode runs each frame's part and then
 * merges them in a new blank page, which costs 2–4 s per audit on CI's two cores against ~1 s here
 * (measured on the grids' screens, the same violations found); it exists for cross-origin frames,
 * and the app has no frames.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
