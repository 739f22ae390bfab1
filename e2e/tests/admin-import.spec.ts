import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from './shop-test.ts';
import { openBackOffice } from './staff-accounts.ts';

const stamp = Date.now();
const slug = `harbour-tee-${stamp}`;
const name = `Harbour Tee ${stamp}`;
const header =
  'slug,name,description,category,price,sale_price,wholesale_price,status,is_new_arrival,is_featured,features,specifications,size,color,sku,stock';
const goodRow = `${slug},${name},"Soft cotton, cut in Kingston",tshirts,2500,,,active,yes,no,Cotton|Breathable,Material: Cotton,M,Navy,HT-${stamp}-M,8`;
const badRow = `bad-price-${stamp},Bad Price Tee,,tshirts,abc,,,active,no,no,,,,,BP-${stamp},1`;

async function chooseFile(page: Page, text: string) {
  await page.getByLabel('CSV file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
}

async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

test('staff export the catalogue, see the bad row of a file with its reason and nothing imported, then import a good file onto the storefront', async ({
  page,
}) => {
  // Sign-in, a download, three uploads and a product page: longer than one page's journey.
  test.setTimeout(90_000);
  await openBackOffice(page, 'staff', '/admin/import');
  await expect(page.getByRole('heading', { name: 'Import & export', level: 1 })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download catalogue (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^threadline-catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = readFileSync(await download.path(), 'utf8');
  expect(exported.startsWith(`\uFEFF${header}\r\n`)).toBe(true);
  expect(exported.split('\r\n').length).toBeGreaterThan(10);

  await chooseFile(page, `${header}\n${goodRow}\n${badRow}\n`);
  await page.getByRole('button', { name: 'Check file' }).click();
  const problems = page.getByRole('table', { name: 'Problems in the file' });
  await expect(problems).toBeVisible();
  const problem = problems.getByRole('row').nth(1);
  await expect(problem.getByRole('cell').nth(0)).toHaveText('3');
  await expect(problem.getByRole('cell').nth(1)).toHaveText('price');
  await expect(problem.getByRole('cell').nth(2)).toHaveText("'abc' is not an amount in JMD like 1500 or 1500.50.");
  await expect(page.getByText('Nothing was imported.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('1 problem in 2 rows. Nothing was imported.')).toBeVisible();
  const search = await page.request.get(`/api/shop/?search=${encodeURIComponent(name)}`);
  expect((await search.json()).count).toBe(0);

  await chooseFile(page, `${header}\n${goodRow}\n`);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported.')).toBeVisible();
  await expect(page.getByText('1 product created, 0 updated, 0 unchanged.')).toBeVisible();

  const found = await (await page.request.get(`/api/shop/?search=${encodeURIComponent(name)}`)).json();
  expect(found.count).toBe(1);
  await page.goto(`/product/${found.results.products[0].id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
});

test('a check lists every bad cell of every row: its own cells, the other rows and the catalogue', async ({ page }) => {
  await openBackOffice(page, 'staff', '/admin/import');
  const rows = [
    `cells-a-${stamp},Cells A,,capes-${stamp},abc,,,active,maybe,no,,,,,CA-${stamp},lots`,
    `cells-b-${stamp},,,tshirts,2500,cheap,,gone,no,no,,Material,,,CA-${stamp},1`,
  ];
  await chooseFile(page, `${header}\n${rows.join('\n')}\n`);
  await page.getByRole('button', { name: 'Check file' }).click();
  const problems = page.getByRole('table', { name: 'Problems in the file' });
  await expect(problems).toBeVisible();
  const listed = problems.getByRole('row');
  const expected = [
    ['2', 'category', `No category has the slug 'capes-${stamp}'.`],
    ['2', 'price', "'abc' is not an amount in JMD like 1500 or 1500.50."],
    ['2', 'is_new_arrival', "'maybe' is not yes or no."],
    ['2', 'stock', "'lots' is not a whole number from 0 to 1,000,000."],
    ['3', 'name', 'Required.'],
    ['3', 'sale_price', "'cheap' is not an amount in JMD like 1500 or 1500.50."],
    ['3', 'status', "'gone' is not one of draft, active, archived."],
    ['3', 'specifications', "'Material' is not 'Key: value' (separate specifications with |)."],
    ['3', 'sku', `SKU CA-${stamp} is also on row 2.`],
  ];
  await expect(listed).toHaveCount(expected.length + 1);
  for (const [index, cells] of expected.entries()) await expect(listed.nth(index + 1).getByRole('cell')).toHaveText(cells);
  await expect(page.getByText('9 problems in 2 rows. Nothing was imported.')).toBeVisible();
  await listed.last().scrollIntoViewIfNeeded();
  await expect(listed.last()).toBeInViewport();
  await page.screenshot({ path: '/tmp/bo-import-cells-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(problems).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/bo-import-cells-phone.png', fullPage: true });
});

test('the import page fits a phone and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openBackOffice(page, 'staff', '/admin/import');
  await expect(page.getByRole('button', { name: 'Check file' })).toBeInViewport();
  await chooseFile(page, `${header}\n${badRow}\n${badRow.replace('abc', '12')}\n`);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('table', { name: 'Problems in the file' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/bo-import-import-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/bo-import-import-desktop.png', fullPage: true });
});
