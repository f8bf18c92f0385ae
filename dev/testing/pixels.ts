import type { Page as CorePage } from 'playwright-core';
import type { Page as TestPage } from '@playwright/test';

export interface Cell {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * For each cell of a PNG screenshot, the share of its pixels darker than mid-grey (decoded by the
 * browser itself): an icon that paints nothing scores 0. Used to check icons drawn as CSS masks.
 */
export function darkShares(page: CorePage | TestPage, png: Buffer, cells: Cell[]): Promise<number[]> {
  return (page as CorePage).evaluate(
    async ({ base64, cells }) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return cells.map(({ x, y, width, height }) => {
        const { data } = context.getImageData(x, y, width, height);
        let dark = 0;
        for (let offset = 0; offset < data.length; offset += 4) if (data[offset]! < 128) dark++;
        return dark / (width * height);
      });
    },
    { base64: png.toString('base64'), cells },
  );
}
