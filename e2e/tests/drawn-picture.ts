import type { Page } from '@playwright/test';

/**
 * A square PNG the browser draws, as a phone's photo would arrive: `fill`, with an optional band
 * across the middle (a sixth of its height) so the picture can be told apart in a screenshot.
 */
export async function drawnPng(page: Page, size: number, fill: string, band?: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    (drawing) => {
      const { size: side, fill: colour, band: stripe } = drawing;
      const canvas = document.createElement('canvas');
      canvas.width = side;
      canvas.height = side;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = colour;
      context.fillRect(0, 0, side, side);
      if (stripe) {
        context.fillStyle = stripe;
        const height = Math.round(side / 6);
        context.fillRect(0, Math.round((side - height) / 2), side, height);
      }
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    { size, fill, band },
  );
  return Buffer.from(base64, 'base64');
}
