import type { Page } from 'playwright-core';

/** The rep home's article carousel (swiper) as the browser tests drive it. */
export const carousel = (page: Page) => page.getByTestId('article-carousel');
export const activeSlide = (page: Page) => carousel(page).locator('.swiper-slide-active');
export const activeId = (page: Page) => activeSlide(page).getAttribute('data-article-id');
/** Waits for the slide transition to end: a looping swiper ignores the next move while it animates. */
export const settled = (page: Page) =>
  page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="article-carousel"] .swiper') as
      | (Element & { swiper?: { animating: boolean } })
      | null;
    return el?.swiper && !el.swiper.animating;
  });

/** A finger dragging across the carousel from right to left, as touch events (the way a phone sends them). */
export async function swipeLeft(page: Page) {
  // Touch points are window coordinates: the carousel sits below the wallet on a phone.
  await carousel(page).locator('.swiper').scrollIntoViewIfNeeded();
  const box = await carousel(page).locator('.swiper').boundingBox();
  if (!box) throw new Error('the carousel is not on screen');
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const from = box.x + box.width * 0.85;
  const to = box.x + box.width * 0.15;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let i = 1; i <= 10; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from + ((to - from) * i) / 10, y }],
    });
    await page.waitForTimeout(16); // about a frame between moves, as a finger
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * The carousel sits below a phone's first screen and loads when the rep scrolls near it (decision
 * 028): scroll its reserved box into view as a rep would, and wait for its slides.
 */
export async function revealCarousel(page: Page) {
  const pending = page.getByTestId('article-carousel-pending');
  await Promise.race([pending.waitFor(), carousel(page).waitFor()]);
  if (await pending.isVisible()) await pending.scrollIntoViewIfNeeded();
  await carousel(page).locator('.swiper-slide').first().waitFor();
}
