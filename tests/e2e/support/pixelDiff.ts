/**
 * Compares two PNG screenshots pixel by pixel in the browser (a canvas decodes them), so no image
 * library is needed. A pixel differs when any channel differs by more than `tolerance`.
 */
import type { Page } from '@playwright/test';

export interface PixelDiff {
  width: number;
  height: number;
  sameSize: boolean;
  differentPixels: number;
}

export async function pixelDiff(page: Page, a: Buffer, b: Buffer, tolerance = 8): Promise<PixelDiff> {
  return page.evaluate(
    async ({ a, b, tolerance }) => {
      const decode = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [first, second] = await Promise.all([decode(a), decode(b)]);
      const sameSize = first.width === second.width && first.height === second.height;
      let differentPixels = 0;
      if (sameSize) {
        for (let i = 0; i < first.data.length; i += 4) {
          for (let c = 0; c < 4; c++) {
            if (Math.abs(first.data[i + c]! - second.data[i + c]!) > tolerance) {
              differentPixels++;
              break;
            }
          }
        }
      }
      return { width: first.width, height: first.height, sameSize, differentPixels };
    },
    { a: a.toString('base64'), b: b.toString('base64'), tolerance },
  );
}
