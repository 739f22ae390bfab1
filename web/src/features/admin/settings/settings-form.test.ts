import { describe, expect, it } from 'vitest';
import { defaultStoreSettings, moneyTextMessage, parishes } from '@threadline/contracts';
import { formOf, settingsOf } from './settings-form.ts';

const settings = defaultStoreSettings;

describe('settingsOf', () => {
  it('reads delivery fees and free delivery as the catalogue import reads money', () => {
    const form = formOf(settings);
    const parish = parishes[0];
    const read = settingsOf({ ...form, fees: { ...form.fees, [parish]: 'J$1,200' }, freeDeliveryOver: '15,000' });
    if (!('settings' in read)) throw new Error(JSON.stringify(read.errors));
    expect(read.settings.delivery_fees[parish]).toBe(1200);
    expect(read.settings.free_delivery_over).toBe(15000);
  });

  it('names a fee that is no amount beside its field', () => {
    const form = formOf(settings);
    const parish = parishes[1];
    const read = settingsOf({ ...form, fees: { ...form.fees, [parish]: 'ten' }, freeDeliveryOver: 'lots' });
    expect('errors' in read && read.errors).toMatchObject({ [`fees.${parish}`]: moneyTextMessage, freeDeliveryOver: moneyTextMessage });
  });

  it('keeps the days before a review request, and names days that are no whole number beside their field', () => {
    const form = formOf({ ...settings, review_request_days: 10 });
    expect(form.reviewRequestDays).toBe('10');
    const read = settingsOf(form);
    if (!('settings' in read)) throw new Error(JSON.stringify(read.errors));
    expect(read.settings.review_request_days).toBe(10);
    const wrong = settingsOf({ ...form, reviewRequestDays: '2.5' });
    expect('errors' in wrong && wrong.errors).toMatchObject({ reviewRequestDays: 'Review request days must be a whole number' });
  });
});
