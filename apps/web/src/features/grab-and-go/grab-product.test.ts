import { describe, expect, it } from 'vitest';
import { shopEntranceUrl, shopFromEntranceCode } from './grab-product.ts';

describe('shop entrance QR codes', () => {
  it('name the shop through the app’s own address, which the in-app scanner reads back', () => {
    const url = shopEntranceUrl('https://petti.example', 'sri-murugan-stores');
    expect(url).toBe('https://petti.example/Grab&Go?shop=sri-murugan-stores');
    expect(shopFromEntranceCode(url)).toBe('sri-murugan-stores');
    expect(shopFromEntranceCode('https://petti.example/Grab%26Go?shop=annai-supermarket')).toBe(
      'annai-supermarket',
    );
  });

  it('refuse other codes: an exit pass, a product barcode, another page', () => {
    expect(shopFromEntranceCode('GG1.abc.def')).toBeNull();
    expect(shopFromEntranceCode('8901719104046')).toBeNull();
    expect(shopFromEntranceCode('https://petti.example/dashboard?shop=x')).toBeNull();
  });
});
