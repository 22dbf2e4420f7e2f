import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

const companyId = '0b6f2a3c-1d4e-4f50-8a61-7b8c9d0e1f2a';
const otherCompanyId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const file = '3f2e1d0c-9b8a-4765-8432-10fedcba9876';
const image = `/api/companies/${companyId}/files/task-images/WA-12/${file}.png`;
const images = (html: string) => sanitizeRichText(html, companyId).html.match(/<img [^>]*>/g) ?? [];

describe('rich text images', () => {
  it("keeps an image uploaded to this company's tasks", () => {
    expect(images(`<p>Plan</p><img src="${image}" alt="plan">`)).toEqual([`<img src="${image}" alt="plan" />`]);
    for (const ext of ['jpg', 'webp', 'gif']) expect(images(`<img src="${image.replace('.png', `.${ext}`)}">`)).toHaveLength(1);
  });

  it('drops any other address, however close to an upload it looks', () => {
    const others = [
      `/api/companies/${companyId}/files/task-images/../../../auth/logout`,
      `/api/companies/${companyId}/files/task-images/WA-12/../../../../me`,
      `/api/companies/${companyId}/files/task-images/WA-12/${file}.png/../../x`,
      `/api/companies/${companyId}/files/task-images/WA-12/&#46;&#46;/${file}.png`,
      `/api/companies/${companyId}/files/task-images/WA-12/%2e%2e/${file}.png`,
      `/api/companies/${companyId}/files/task-images/WA-12/${file}.png?download=1`,
      `/api/companies/${companyId}/files/task-images/WA-12/${file}.svg`,
      `/api/companies/${companyId}/files/task-images/wa-12/${file}.png`,
      `/api/companies/${otherCompanyId}/files/task-images/WA-12/${file}.png`,
      `https://evil.example/api/companies/${companyId}/files/task-images/WA-12/${file}.png`,
      `//evil.example/api/companies/${companyId}/files/task-images/WA-12/${file}.png`,
    ];
    for (const src of others) expect(images(`<p>x</p><img src="${src}">`), src).toEqual([]);
  });
});
