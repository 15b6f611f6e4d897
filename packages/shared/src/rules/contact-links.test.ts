import { describe, expect, it } from 'vitest';
import { telLink, whatsappLink } from './contact-links.ts';

describe('contact links', () => {
  it('chat on WhatsApp with the number’s digits only', () => {
    expect(whatsappLink('+91 98765 43210')).toBe('https://wa.me/919876543210');
  });
  it('dial the number as written, keeping the leading plus', () => {
    expect(telLink('+91 98765-43210')).toBe('tel:+919876543210');
  });
});
