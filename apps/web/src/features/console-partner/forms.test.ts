import { describe, expect, it } from 'vitest';
import { brandingFieldOf, contrastSummary, drawable, serverBrandingErrors, textColourOn } from './branding-form';
import { serverSettingsErrors, settingsFormSchema, settingsFormValues, settingsSave } from './settings-form';

describe('branding form', () => {
  it('names the form field of a server refusal', () => {
    expect(brandingFieldOf('report.primaryColour')).toBe('primaryColour');
    expect(brandingFieldOf('logo')).toBe('logo');
    expect(brandingFieldOf('report.other')).toBeUndefined();
    expect(
      serverBrandingErrors({
        details: [
          { field: 'report.secondaryColour', rule: 'contrast', message: 'Too faint' },
          { field: 'logo', rule: 'dimensions', message: 'Too small' },
          { field: 'report', rule: 'json', message: 'Not JSON' },
        ],
      }),
    ).toEqual({ secondaryColour: 'Too faint', logo: 'Too small' });
    expect(serverBrandingErrors('Bad Gateway')).toEqual({});
  });

  it('says the contrast of a passing colour, and nothing of a failing one', () => {
    expect(contrastSummary('primaryColour', '#767676')).toBe('4.5:1 with white (AA needs 4.5:1)');
    expect(contrastSummary('primaryColour', '#777777')).toBeUndefined();
    expect(contrastSummary('secondaryColour', '#f59e0b')).toMatch(/^\d+(\.\d)?:1 with its dark text/);
    expect(contrastSummary('secondaryColour', '#12')).toBeUndefined();
  });

  it('draws the text the theme would, and the saved colour until the typed one is whole', () => {
    expect(textColourOn('#0b4f8a')).toBe('#ffffff');
    expect(textColourOn('#f59e0b')).toBe('rgba(0, 0, 0, 0.87)');
    expect(drawable('#12', '#0b4f8a')).toBe('#0b4f8a');
    expect(drawable('#123456', '#0b4f8a')).toBe('#123456');
  });
});

describe('contacts and settings form', () => {
  const saved = {
    contacts: [{ type: 'Sales', value: '0117 496 0500' }],
    line1: '1 Road',
    line2: '',
    line3: '',
    town: 'Bristol',
    county: '',
    postCode: 'BS1 5TY',
    privacyPolicyUrl: 'https://example.co.uk/privacy',
    showContractEndDate: false,
    passwordExpiryDays: 0,
  };

  it('reads the days as typed with the contract’s rule', () => {
    const values = settingsFormValues(saved);
    expect(values.passwordExpiryDays).toBe('0');
    expect(settingsFormSchema.safeParse({ ...values, passwordExpiryDays: ' 90 ' }).success).toBe(true);
    for (const [typed, message] of [
      ['', 'Password expiry must be a number of days'],
      ['ten', 'Password expiry must be a number of days'],
      ['366', 'Password expiry must be at most 365 days'],
      ['2.5', 'Password expiry must be a whole number of days'],
    ]) {
      const parsed = settingsFormSchema.safeParse({ ...values, passwordExpiryDays: typed });
      expect(parsed.error?.issues[0]?.message).toBe(message);
    }
    expect(settingsSave({ ...values, passwordExpiryDays: '30' }).passwordExpiryDays).toBe(30);
  });

  it('names the form fields of a server refusal', () => {
    expect(
      serverSettingsErrors({
        details: [
          { field: 'contacts.1.value', message: 'Required' },
          { field: 'passwordExpiryDays', message: 'Too many' },
          { field: 'body', message: 'Nope' },
        ],
      }),
    ).toEqual([
      ['contacts.1.value', 'Required'],
      ['passwordExpiryDays', 'Too many'],
    ]);
  });
});
