import { describe, expect, it } from 'vitest';
import { followable, inflowPageRequest } from './visit-input.ts';

const read = (query: string, referrer = '') => inflowPageRequest(new URLSearchParams(query), referrer);

describe('the /inflow page’s address', () => {
  it('sends the code with the ad’s UTM parameters, click ids and the referrer', () => {
    expect(
      read(
        'c=Ab3dE5gH9k&utm_source=instagram&utm_campaign=spring&gclid=g-1&fbclid=f-2&yclid=y-3&ldtag_cl=l-4&other=x',
        'https://www.instagram.com/',
      ),
    ).toEqual({
      kind: 'visit',
      input: {
        code: 'Ab3dE5gH9k',
        referrer: 'https://www.instagram.com/',
        utm_source: 'instagram',
        utm_campaign: 'spring',
        gclid: 'g-1',
        fbclid: 'f-2',
        yclid: 'y-3',
        ldtag_cl: 'l-4',
      },
    });
  });

  it('sends no empty values and cuts over-long ones to what the API keeps', () => {
    const request = read(`c=Ab3dE5gH9k&utm_source=&gclid=${'g'.repeat(600)}`);
    expect(request.kind).toBe('visit');
    if (request.kind !== 'visit') return;
    expect(request.input.utm_source).toBeUndefined();
    expect(request.input.referrer).toBeUndefined();
    expect(request.input.gclid).toHaveLength(500);
  });

  it('shows the done page with its state, an unknown state as a failure', () => {
    expect(read('done=added')).toEqual({ kind: 'done', state: 'added' });
    expect(read('done=cancelled')).toEqual({ kind: 'done', state: 'cancelled' });
    expect(read('done=<script>')).toEqual({ kind: 'done', state: 'failed' });
  });

  it('says when there is no code', () => {
    expect(read('')).toEqual({ kind: 'missing' });
    expect(read('c=%20')).toEqual({ kind: 'missing' });
  });
});

describe('where the page goes', () => {
  it('follows web addresses only', () => {
    expect(followable('https://access.line.me/oauth2/v2.1/authorize?x=1')).toBe(true);
    expect(followable('javascript:alert(1)')).toBe(false);
    expect(followable(undefined)).toBe(false);
  });
});
