import { describe, expect, it } from 'vitest';
import { memberSince } from '../components/profile-form.tsx';
import { profileBody } from './update-profile.ts';

const fields = { first_name: ' Ayesha ', last_name: '', email: 'ayesha@example.com', phone: '  ', date_of_birth: '1990-04-02' };

describe('profileBody', () => {
  it('sends the filled-in names and e-mail, trimmed, and always the phone and date of birth, as JSON when no picture was chosen', () => {
    expect(profileBody(fields, null)).toEqual({
      first_name: 'Ayesha',
      email: 'ayesha@example.com',
      phone: '',
      date_of_birth: '1990-04-02',
    });
  });

  it('sends a cleared phone and date of birth empty, so the server removes them', () => {
    expect(profileBody({ ...fields, date_of_birth: '' }, null)).toMatchObject({ phone: '', date_of_birth: '' });
  });

  it('sends multipart with the picture when one was chosen', () => {
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    const body = profileBody(fields, picture);
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect([...form.keys()]).toEqual(['first_name', 'email', 'phone', 'date_of_birth', 'profile_picture']);
    expect(form.get('phone')).toBe('');
    expect(form.get('first_name')).toBe('Ayesha');
    expect(form.get('profile_picture')).toBeInstanceOf(File);
  });
});

describe('memberSince', () => {
  it("names the month and year joined, or 'Recently' when unknown", () => {
    expect(memberSince('2025-03-14T15:00:00Z')).toBe('March 2025');
    expect(memberSince('')).toBe('Recently');
    expect(memberSince('not a date')).toBe('Recently');
    expect(memberSince(null)).toBe('Recently');
  });
});
