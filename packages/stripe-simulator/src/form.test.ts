import { describe, expect, it } from 'vitest';
import { parseForm } from './form.ts';

describe('parseForm', () => {
  it('reads bracket notation into objects and arrays, as the SDK and curl encode them', () => {
    const body =
      'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=2&line_items[1][price]=price_2' +
      '&metadata[account]=a%201&expand[]=customer&expand[]=subscription.latest_invoice&recurring%5Binterval%5D=month';
    expect(parseForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '2' }, { price: 'price_2' }],
      metadata: { account: 'a 1' },
      expand: ['customer', 'subscription.latest_invoice'],
      recurring: { interval: 'month' },
    });
  });

  it('keeps an empty value (Stripe unsets the field) and a malformed key whole', () => {
    expect(parseForm('metadata=&a[b=1')).toEqual({ metadata: '', 'a[b': '1' });
  });

  it('orders indexed entries by index and keeps gaps as an object', () => {
    expect(parseForm('x[1]=b&x[0]=a')).toEqual({ x: ['a', 'b'] });
    expect(parseForm('x[0]=a&x[2]=c')).toEqual({ x: { '0': 'a', '2': 'c' } });
  });
});
